"""What the rules planner's tests share: the clinics, the expected steps, a conversation, the yes that confirms.

Parameters are compared whole, so a plan that carries a patient's name or CPF (the router injects those) fails.
Today is Monday 2026-11-23: "amanhã" is 11-24, "sexta" 11-27, "semana que vem" 11-30..12-06.
"""
from __future__ import annotations

from datetime import date

from agent_system.domain.dialogue import AwaitingConfirmation
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.plan import Plan
from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient

TODAY = date(2026, 11, 23)
ALL = ("clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e", "clinic_f")
CARDIO = ("clinic_a", "clinic_c")
DERMA = ("clinic_b", "clinic_f")
ORTHO = ("clinic_d", "clinic_e")
NEXT_WEEK = {"date_from": "2026-11-30", "date_to": "2026-12-06"}


def listing(*clinics: str, **parameters: str) -> set[tuple]:
    """`list_available_slots` on each clinic with the same filters."""
    return {(clinic, "list_available_slots", tuple(sorted(parameters.items()))) for clinic in clinics}


def book(clinic: str, doctor: str, day: str, time: str) -> set[tuple]:
    return {(clinic, "book_appointment", (("date", day), ("doctor", doctor), ("time", time)))}


def cancel(clinic: str, doctor: str, day: str, time: str) -> set[tuple]:
    return {(clinic, "cancel_appointment", (("date", day), ("doctor", doctor), ("time", time)))}


def reschedule(clinic: str, doctor: str, old: tuple[str, str], new: tuple[str, str]) -> set[tuple]:
    parameters = {"doctor": doctor, "original_date": old[0], "original_time": old[1], "new_date": new[0],
                  "new_time": new[1]}
    return {(clinic, "reschedule_appointment", tuple(sorted(parameters.items())))}


MINE = {(clinic, "list_my_appointments", ()) for clinic in ALL}


def steps_of(plan: Plan) -> set[tuple]:
    return {(s.clinic, s.action, tuple(sorted(s.parameters.items()))) for s in plan.steps}


def intents_of(plan: Plan) -> list[str]:
    return list(plan.intents)  # an `Intent` member is equal to its value


def conversation(**state) -> Conversation:
    return Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"), **state)


CODE = "K7M4QP"


def confirmed(planner: RulesPlanner, message: str, state: Conversation) -> Plan:
    """The plan that finally runs: a cancel or reschedule first asks for the patient's yes (with the code)."""
    asked = planner.decompose(message, state, TODAY)
    if asked.awaiting is None:
        return asked
    assert (asked.steps, intents_of(asked)) == ([], ["confirm"])
    state = state.model_copy(update={"state": AwaitingConfirmation(change=asked.awaiting, asked=asked.pending)})
    return planner.decompose(f"sim, o código é {CODE}", state, TODAY)


def slot(clinic: str, doctor: str, day: str, time: str) -> SlotOffer:
    return SlotOffer(clinic=clinic, doctor=doctor, date=day, time=time)


RICARDO, ANA_BEATRIZ = "Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza"
FERNANDO, JULIANA = "Dr. Fernando Mendes", "Dra. Juliana Castro"
BOOKED = AppointmentItem(clinic="clinic_c", doctor=FERNANDO, date="2026-11-24", time="09:00", status="confirmed")
BOOKED_CANCEL = cancel("clinic_c", FERNANDO, "2026-11-24", "09:00")
FERNANDO_LISTING = [slot("clinic_c", FERNANDO, "2026-11-24", t) for t in ("10:00", "14:00")] + [
    slot("clinic_c", FERNANDO, "2026-11-27", t) for t in ("08:00", "10:00")]
