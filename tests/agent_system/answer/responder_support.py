"""What the response generator's tests share: clinic results shaped as the contract's schemas, two listings."""
from __future__ import annotations

import re
from datetime import date

from agent_system.domain.plan import Intent, Plan, StepResult

TODAY = date(2026, 11, 23)  # a Monday, as CLINIC_TODAY in the test clinics
PATIENT = "Ana Souza"
CPF_MASKED = "***.533.447-**"
LIST = Plan(intents=[Intent.LIST])


def slot(doctor: str, day: str, time: str, specialty: str = "Cardiologia") -> dict:
    return {"doctor": doctor, "specialty": specialty, "date": day, "time": time, "available": True}


def listing(clinic: str, slots: list[dict], specialty: str = "Cardiologia", step_id: int = 1, **filters) -> StepResult:
    data = {"clinic": clinic, "specialty": specialty, "available_slots": slots,
            "note": "Para agendar, informe o médico, a data e o horário desejados."}
    return StepResult(step_id=step_id, clinic=clinic, action="list_available_slots", parameters=filters,
                      status="ok", data=data, ms=12.0)


def failed(clinic: str, action: str = "list_available_slots", status: str = "timeout", step_id: int = 2,
           code: object = -32000, **parameters) -> StepResult:
    message = "clinic did not answer in time" if status == "timeout" else "connection refused"
    return StepResult(step_id=step_id, clinic=clinic, action=action, parameters=parameters, status=status,
                      error={"code": code, "message": message})


def refused(action: str, code: str, clinic: str = "clinic_a", **parameters) -> StepResult:
    return StepResult(step_id=1, clinic=clinic, action=action, parameters=parameters, status="error",
                      error={"code": code, "message": "mensagem da clínica"})


def appointment(doctor: str, day: str, time: str, clinic: str = "clinic_a", specialty: str = "Cardiologia") -> dict:
    return {"clinic": clinic, "doctor": doctor, "specialty": specialty, "date": day, "time": time,
            "patient_name": PATIENT, "cpf_masked": CPF_MASKED}


def ok(action: str, data: dict, clinic: str = "clinic_a", step_id: int = 1, **parameters) -> StepResult:
    return StepResult(step_id=step_id, clinic=clinic, action=action, parameters=parameters, status="ok", data=data)


def booking(doctor: str, day: str, time: str, clinic: str = "clinic_a", already: bool = False) -> StepResult:
    data = {"status": "confirmed", "appointment": {**appointment(doctor, day, time, clinic), "booking_code": "K7M4QP"},
            "already_booked": already, "message": "Consulta agendada com sucesso."}
    return ok("book_appointment", data, clinic, doctor=doctor, date=day, time=time)


def rescheduling(doctor: str, old: tuple[str, str], new: tuple[str, str], clinic: str = "clinic_a") -> StepResult:
    data = {"status": "rescheduled", "original_appointment": appointment(doctor, *old, clinic),
            "new_appointment": appointment(doctor, *new, clinic), "message": "Consulta remarcada com sucesso."}
    return ok("reschedule_appointment", data, clinic, doctor=doctor, original_date=old[0], original_time=old[1],
              new_date=new[0], new_time=new[1])


def cancellation(doctor: str, day: str, time: str, clinic: str = "clinic_a") -> StepResult:
    data = {"status": "cancelled", "cancelled_appointment": appointment(doctor, day, time, clinic),
            "message": "Consulta cancelada com sucesso."}
    return ok("cancel_appointment", data, clinic, doctor=doctor, date=day, time=time)


def mine(clinic: str, *booked: tuple[str, str, str], specialty: str = "Cardiologia", step_id: int = 1) -> StepResult:
    items = [{"clinic": clinic, "doctor": d, "specialty": specialty, "date": day, "time": t} for d, day, t in booked]
    return ok("list_my_appointments", {"appointments": items}, clinic, step_id)


# Two cardiology clinics' real schedules (registry.json), a few slots already taken.
CLINIC_A = listing("clinic_a", [
    slot("Dr. Ricardo Lopes", "2026-11-25", "09:00"), slot("Dr. Ricardo Lopes", "2026-11-25", "10:30"),
    slot("Dr. Ricardo Lopes", "2026-11-25", "15:00"), slot("Dra. Ana Beatriz Souza", "2026-11-26", "13:00"),
    slot("Dra. Ana Beatriz Souza", "2026-11-26", "14:30"), slot("Dr. Ricardo Lopes", "2026-11-30", "08:00"),
    slot("Dr. Ricardo Lopes", "2026-11-30", "09:00"), slot("Dra. Ana Beatriz Souza", "2026-12-01", "08:30"),
])
CLINIC_C = listing("clinic_c", [
    slot("Dra. Juliana Castro", "2026-11-26", "08:00"), slot("Dra. Juliana Castro", "2026-11-26", "09:30"),
    slot("Dr. Fernando Mendes", "2026-11-27", "08:00"), slot("Dr. Fernando Mendes", "2026-11-27", "10:00"),
], step_id=2)


def listed_slots(text: str) -> list[tuple[str, str, str, str]]:
    """(clinic, doctor, day, time) for every time on a day line, read back from a listing's text."""
    found, clinic, doctor = [], None, None
    for line in text.splitlines():
        if " — " in line and not line.startswith(("  •", "**")):
            clinic = line.split(" — ")[0]
        elif line.startswith(("Dr. ", "Dra. ")):
            doctor = line
        elif match := re.match(r"  • (.+): (\d\d:\d\d(?:, \d\d:\d\d)*)$", line):
            found += [(clinic, doctor, match[1], t) for t in match[2].split(", ")]
    return found
