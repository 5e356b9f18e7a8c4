"""The rules planner on the patient's known bookings: which one to cancel or reschedule, and what stays pending."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import AwaitingChoice
from agent_system.domain.appointments import AppointmentItem
from agent_system.domain.plan import Clarification
from agent_system.domain.pending import PendingAction
from tests.agent_system.dialogue.rules_planner_support import (BOOKED, BOOKED_CANCEL, DERMA, FERNANDO, FERNANDO_LISTING,
                                                      JULIANA, MINE, TODAY, book, cancel, confirmed, conversation,
                                                      intents_of, listing, reschedule, steps_of)

OTHER = AppointmentItem(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-26", time="14:00",
                        status="confirmed")
OTHER_CANCEL = cancel("clinic_b", "Dra. Camila Rocha", "2026-11-26", "14:00")


@pytest.mark.parametrize(
    ("message", "steps", "intents"),
    [
        ("quero cancelar", BOOKED_CANCEL, ["cancel"]),
        ("cancel my appointment", BOOKED_CANCEL, ["cancel"]),
        ("desmarcar a consulta com o Dr. Fernando", BOOKED_CANCEL, ["cancel"]),
        ("remarcar para 27/11 às 10h",
         reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-27", "10:00")), ["reschedule"]),
        ("reschedule to Friday at 10 AM",
         reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-27", "10:00")), ["reschedule"]),
        ("pode mudar o horário para as 14h?",
         reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-24", "14:00")), ["reschedule"]),
        ("quero remarcar", listing("clinic_c", doctor=FERNANDO), ["reschedule"]),
        ("remarcar para sexta", listing("clinic_c", doctor=FERNANDO, date="2026-11-27"), ["reschedule"]),
        ("minhas consultas", MINE, ["my_appointments"]),
    ],
)
def test_one_known_booking(planner, message, steps, intents):
    plan = confirmed(planner, message, conversation(appointments=[BOOKED]))
    assert (steps_of(plan), intents_of(plan)) == (steps, intents)


def test_reschedule_without_a_new_slot_lists_and_keeps_it_pending(planner):
    plan = planner.decompose("quero remarcar", conversation(appointments=[BOOKED]), TODAY)
    assert plan.pending == PendingAction(action="reschedule", appointment=BOOKED)


PENDING_RESCHEDULE = {"action": "reschedule", "appointment": BOOKED.model_dump()}


@pytest.mark.parametrize(
    ("message", "steps", "intents"),
    [
        ("o primeiro", reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-24", "10:00")),
         ["reschedule"]),
        ("the last one", reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-27", "10:00")),
         ["reschedule"]),
        ("o das 14h", reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-24", "14:00")),
         ["reschedule"]),
        # The web UI's slot click, for the same doctor: a reschedule, not a second booking.
        ("Quero agendar com Dr. Fernando Mendes no dia 27/11/2026 às 08:00",
         reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-27", "08:00")), ["reschedule"]),
        ("sexta", listing("clinic_c", doctor=FERNANDO, date="2026-11-27"), ["reschedule"]),
        # Another doctor's slot is a new booking; the pending reschedule is dropped.
        ("Quero agendar com Dra. Juliana Castro no dia 26/11/2026 às 08:00",
         book("clinic_c", JULIANA, "2026-11-26", "08:00"), ["book"]),
        ("quero ver dermatologia", listing(*DERMA), ["list"]),
    ],
)
def test_pending_reschedule_after_a_listing(planner, message, steps, intents):
    state = conversation(appointments=[BOOKED],
                         state=AwaitingChoice(asked=PendingAction(**PENDING_RESCHEDULE), listed=FERNANDO_LISTING))
    plan = confirmed(planner, message, state)
    assert (steps_of(plan), intents_of(plan)) == (steps, intents)
    assert plan.pending == (PendingAction(**PENDING_RESCHEDULE, new_date="2026-11-27") if message == "sexta" else None)


def test_two_known_bookings_and_no_hint_asks_which(planner):
    plan = planner.decompose("cancelar", conversation(appointments=[OTHER, BOOKED]), TODAY)
    assert (plan.steps, intents_of(plan)) == ([], ["clarify"])
    assert (plan.pending, plan.clarification) == (
        PendingAction(action="cancel"), Clarification(action="cancel", appointments=[BOOKED, OTHER]))


@pytest.mark.parametrize(
    ("message", "pending", "steps"),
    [
        ("cancelar a do dia 24", None, BOOKED_CANCEL),
        ("cancelar a de dermatologia", None, OTHER_CANCEL),
        ("cancel the one with Dr. Fernando", None, BOOKED_CANCEL),
        ("quero cancelar a consulta da clínica B", None, OTHER_CANCEL),
        ("a do dia 26", {"action": "cancel"}, OTHER_CANCEL),
        ("o segundo", {"action": "cancel"}, OTHER_CANCEL),
        ("a primeira", {"action": "cancel"}, BOOKED_CANCEL),
        ("a do Dr. Fernando", {"action": "cancel"}, BOOKED_CANCEL),
        ("cancelar a segunda", None, OTHER_CANCEL),
        ("remarcar a do dia 24 para sexta às 10h", None,
         reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-27", "10:00"))),
    ],
)
def test_two_known_bookings_and_a_hint(planner, message, pending, steps):
    plan = confirmed(planner, message, conversation(appointments=[BOOKED, OTHER], pending=pending))
    assert steps_of(plan) == steps


def test_a_date_matching_no_booking_asks_instead_of_cancelling(planner):
    plan = planner.decompose("cancelar a do dia 30", conversation(appointments=[BOOKED]), TODAY)
    assert (plan.steps, intents_of(plan)) == ([], ["clarify"])


@pytest.mark.parametrize("message", ["sim", "yes", "pode cancelar", "confirmo"])
def test_pending_cancel_confirmed(planner, message):
    plan = confirmed(planner, message, conversation(appointments=[BOOKED], pending={"action": "cancel"}))
    assert (steps_of(plan), intents_of(plan)) == (BOOKED_CANCEL, ["cancel"])


@pytest.mark.parametrize(
    ("message", "steps"),
    [("quero marcar dermatologia amanhã", listing(*DERMA, date="2026-11-24")),
     ("Quero agendar com Dr. Fernando Mendes no dia 27/11/2026 às 08:00",
      book("clinic_c", FERNANDO, "2026-11-27", "08:00"))],
)
def test_pending_cancel_dropped_for_a_new_request(planner, message, steps):
    state = conversation(appointments=[BOOKED], pending={"action": "cancel"})
    assert steps_of(planner.decompose(message, state, TODAY)) == steps


def test_reschedule_asked_before_the_lookup_uses_the_slot_it_named(planner):
    """'remarcar para sexta às 10h' looked the bookings up; the next 'sim' moves the one found."""
    pending = {"action": "reschedule", "new_date": "2026-11-27", "new_time": "10:00"}
    plan = confirmed(planner, "sim", conversation(appointments=[BOOKED], pending=pending))
    assert steps_of(plan) == reschedule("clinic_c", FERNANDO, ("2026-11-24", "09:00"), ("2026-11-27", "10:00"))


@pytest.mark.parametrize(
    ("pending", "steps"),
    [({"action": "cancel", "date": "2026-11-24"}, BOOKED_CANCEL),
     ({"action": "cancel", "doctor": "Dra. Camila Rocha"}, OTHER_CANCEL)],
)
def test_cancel_asked_before_the_lookup_uses_what_it_named(planner, pending, steps):
    """'cancelar minha consulta de amanhã' looked the bookings up; 'sim' cancels the one it named."""
    plan = confirmed(planner, "sim", conversation(appointments=[BOOKED, OTHER], pending=pending))
    assert steps_of(plan) == steps
