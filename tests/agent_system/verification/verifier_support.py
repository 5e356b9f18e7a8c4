"""What the Verifier's tests share: the patient, others' PII, clinic results in the clinics' schemas, two answers."""
from __future__ import annotations

from agent_system.domain.plan import StepResult
from agent_system.domain.patient import Patient
from clinic_servers.contract.schemas import (Appointment, BookedSlot, Booking, Cancellation, MyAppointments,
                                             Rescheduling, Slot, SlotListing)

ANA = Patient(name="Ana Paula Teixeira", cpf="39053344705")
ANA_FULL, ANA_BARE, ANA_MASK = "390.533.447-05", "39053344705", "***.533.447-**"
# Seed patients of clinic_a (clinic_servers/data/clinic_a.json): the PII that must never leak.
MARIA, MARIA_CPF, MARIA_MASK = "Maria Aparecida Santos", "526.018.159-06", "***.018.159-**"
JOAO = "João Batista Ferreira"
NOTE = "Para agendar, informe o médico, a data e o horário desejados."

CLINICS = {  # clinic -> (specialty, doctors), as in clinic_servers/registry.json
    "clinic_a": ("Cardiologia", ("Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza")),
    "clinic_b": ("Dermatologia", ("Dra. Camila Rocha", "Dr. Paulo Henrique Lima")),
    "clinic_c": ("Cardiologia", ("Dr. Fernando Mendes", "Dra. Juliana Castro")),
    "clinic_d": ("Ortopedia", ("Dr. Marcelo Tavares", "Dra. Patrícia Gomes")),
    "clinic_e": ("Ortopedia", ("Dr. Rafael Moreira", "Dra. Luciana Freitas")),
    "clinic_f": ("Dermatologia", ("Dra. Mariana Alves", "Dr. Eduardo Nunes")),
}


def step(action: str, data: dict | None = None, error: dict | None = None, clinic: str = "clinic_a",
         step_id: int = 1) -> StepResult:
    status = "error" if error is not None else "ok"
    return StepResult(step_id=step_id, clinic=clinic, action=action, status=status, data=data, error=error)


def listing(clinic: str, step_id: int = 1) -> StepResult:
    specialty, doctors = CLINICS[clinic]
    slots = [Slot(doctor=d, specialty=specialty, date=day, time=time, available=True)
             for d in doctors for day, time in (("2026-11-24", "09:00"), ("2026-11-26", "14:30"))]
    data = SlotListing(clinic=clinic, specialty=specialty, available_slots=slots, note=NOTE).model_dump()
    return step("list_available_slots", data, clinic=clinic, step_id=step_id)


def appointment(name: str = ANA.name, mask: str = ANA_MASK, date: str = "2026-11-24", time: str = "09:00",
                **extra) -> dict:
    fields = dict(clinic="clinic_a", doctor="Dr. Ricardo Lopes", specialty="Cardiologia", date=date, time=time,
                  patient_name=name, cpf_masked=mask)
    return Appointment(**fields).model_dump() | extra


def booking(**kwargs) -> StepResult:
    data = Booking(status="confirmed", appointment=appointment(**kwargs), message="Consulta agendada com sucesso.")
    return step("book_appointment", data.model_dump())


def booking_with(**extra) -> StepResult:
    """A booking whose appointment carries fields the clinics' schema does not have."""
    result = booking()
    return result.model_copy(update={"data": {**result.data, "appointment": appointment(**extra)}})


def rescheduling() -> StepResult:
    data = Rescheduling(status="rescheduled", original_appointment=appointment(),
                        new_appointment=appointment(date="2026-11-25", time="10:30"),
                        message="Consulta remarcada com sucesso.")
    return step("reschedule_appointment", data.model_dump())


def cancellation() -> StepResult:
    data = Cancellation(status="cancelled", cancelled_appointment=appointment(),
                        message="Consulta cancelada com sucesso.")
    return step("cancel_appointment", data.model_dump())


def my_appointments(clinic: str, step_id: int = 1) -> StepResult:
    specialty, doctors = CLINICS[clinic]
    booked = [BookedSlot(clinic=clinic, doctor=doctors[0], specialty=specialty, date="2026-12-01", time="10:00")]
    return step("list_my_appointments", MyAppointments(appointments=booked).model_dump(), clinic=clinic,
                step_id=step_id)


def tool_error(code: str, message: str, action: str = "book_appointment") -> StepResult:
    return step(action, error={"code": code, "message": message})


def with_note(note: str) -> StepResult:
    """A slot listing whose free-text note says something a clinic should never say."""
    result = listing("clinic_a")
    return result.model_copy(update={"data": {**result.data, "note": note}})


def with_slot_fields(**fields) -> StepResult:
    """A slot listing whose first slot carries extra fields."""
    result = listing("clinic_a")
    slots = [{**result.data["available_slots"][0], **fields}, *result.data["available_slots"][1:]]
    return result.model_copy(update={"data": {**result.data, "available_slots": slots}})


ALL_LISTINGS = [listing(clinic, step_id=n) for n, clinic in enumerate(CLINICS, start=1)]
PATIENT_RECORD = {"patient": {"patient_id": "CARD-001", "name": MARIA, "cpf_masked": MARIA_MASK, "age": 67,
                              "condition": "Hipertensão arterial", "medications": ["Losartana 50 mg 1x/dia"],
                              "address": "Rua das Acácias, 120, São Paulo"}}

# Listings as the response generator words them: safe answers in both languages.
LISTING_PT = """Aqui estão os horários livres em Cardiologia:

Clínica A
• Dr. Ricardo Lopes: seg 24/11 — 09:00, 10:30, 14:00
• Dra. Ana Beatriz Souza: ter 25/11 — 08:30, 10:00, 11:30

Clínica C
• Dr. Fernando Mendes: ter 25/11 — 09:00, 10:00, 14:00
• Dra. Juliana Castro: qui 27/11 — 08:00, 09:30, 11:00

**Horário mais cedo: seg 24/11 às 09:00 com Dr. Ricardo Lopes (Clínica A)**
Para agendar, diga o médico, o dia e o horário, ou escolha um horário acima."""
LISTING_EN = """Here are the open slots in Orthopedics:

Clínica D
• Dr. Marcelo Tavares: Mon Nov 24 — 08:00, 09:30, 11:00
Clínica E
• Dra. Luciana Freitas: Wed Nov 26 — 09:00, 10:30, 13:30

**Earliest slot: Mon Nov 24 at 08:00 with Dr. Marcelo Tavares (Clínica D)**
To book, tell me the doctor, the day and the time, or pick a slot above."""
