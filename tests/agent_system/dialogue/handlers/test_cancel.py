"""Cancel: the booking meant is confirmed before it is cancelled; unknown, every clinic is asked for the patient's
bookings; several, the patient is asked which. A reply naming one continues a cancel that asked."""
from __future__ import annotations

import pytest

from agent_system.domain.appointments import AppointmentItem
from agent_system.domain.dialogue import AwaitingChoice
from agent_system.domain.pending import PendingAction
from agent_system.dialogue.handlers.cancel import CancelContinued, CancelRequest
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import BOOKED, MINE, conversation, intents_of, steps_of

OTHER = AppointmentItem(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-27", time="10:00",
                        status="confirmed")


def test_an_unknown_booking_is_looked_up_with_the_cancel_kept(planner):
    plan = planned(CancelRequest(), planner, "quero cancelar minha consulta", conversation())
    assert (steps_of(plan), intents_of(plan)) == (MINE, ["my_appointments"])
    assert plan.pending == PendingAction(action="cancel")


def test_the_one_known_booking_is_confirmed_first(planner):
    plan = planned(CancelRequest(), planner, "quero cancelar minha consulta", conversation(appointments=[BOOKED]))
    assert (plan.steps, intents_of(plan)) == ([], ["confirm"])
    assert plan.awaiting is not None and (plan.awaiting.action, plan.awaiting.appointment.doctor) == (
        "cancel", BOOKED.doctor)


def test_several_known_bookings_ask_which(planner):
    plan = planned(CancelRequest(), planner, "quero cancelar minha consulta",
                   conversation(appointments=[BOOKED, OTHER]))
    assert (plan.steps, intents_of(plan)) == ([], ["clarify"])
    assert plan.clarification is not None and len(plan.clarification.appointments) == 2


@pytest.mark.parametrize("message", ["quero remarcar minha consulta", "cancelar e remarcar pra sexta",
                                     "quero marcar cardiologia"])
def test_a_move_or_a_booking_is_not_a_cancel(planner, message):
    assert not applies(CancelRequest(), planner, message, conversation(appointments=[BOOKED]))


def test_naming_the_booking_continues_the_cancel_that_asked(planner):
    state = conversation(appointments=[BOOKED, OTHER], state=AwaitingChoice(asked=PendingAction(action="cancel")))
    plan = planned(CancelContinued(), planner, "a da Dra. Camila", state)
    assert intents_of(plan) == ["confirm"] and plan.awaiting is not None
    assert plan.awaiting.appointment.doctor == "Dra. Camila Rocha"


def test_without_a_cancel_waiting_nothing_continues(planner):
    assert not applies(CancelContinued(), planner, "a da Dra. Camila", conversation(appointments=[BOOKED, OTHER]))
