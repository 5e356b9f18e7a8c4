"""Replies to a cancel or reschedule left waiting: a yes with the code runs it, a no keeps the booking, a yes
without a code asks for it again; "não, deixa" to "which one?" drops the question; another subject is not a reply."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import AwaitingChoice, AwaitingConfirmation
from agent_system.domain.pending import PendingAction, PendingChange
from agent_system.domain.plan import StepResult
from agent_system.dialogue.handlers import Answered
from agent_system.dialogue.handlers.pending_reply import AwaitedConfirmation, DroppedChange
from clinic_servers.contract.error_codes import ToolErrorCode
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import (BOOKED, BOOKED_CANCEL, CODE, conversation, intents_of,
                                                      reschedule, steps_of)


def awaiting(action: str = "cancel", code: str | None = None, **new: str):
    change = PendingChange(action=action, appointment=BOOKED.model_copy(update={"code": code}), **new)
    return conversation(appointments=[BOOKED], state=AwaitingConfirmation(change=change))


def test_a_yes_with_the_code_runs_the_cancel(planner):
    plan = planned(AwaitedConfirmation(), planner, f"sim, o código é {CODE}", awaiting())
    assert (steps_of(plan), intents_of(plan)) == (BOOKED_CANCEL, ["cancel"])


def test_a_yes_runs_a_move_whose_code_is_known(planner):
    state = awaiting("reschedule", CODE, new_date="2026-11-27", new_time="10:00")
    plan = planned(AwaitedConfirmation(), planner, "sim", state)
    moved = reschedule("clinic_c", "Dr. Fernando Mendes", ("2026-11-24", "09:00"), ("2026-11-27", "10:00"))
    assert (steps_of(plan), intents_of(plan)) == (moved, ["reschedule"])


def test_a_bare_yes_without_a_known_code_asks_for_it_again(planner):
    plan = planned(AwaitedConfirmation(), planner, "sim", awaiting())
    assert (plan.steps, intents_of(plan)) == ([], ["confirm"])
    assert plan.awaiting is not None and plan.awaiting.action == "cancel"


def test_a_no_keeps_the_booking(planner):
    plan = planned(AwaitedConfirmation(), planner, "não", awaiting())
    assert (plan.steps, intents_of(plan), plan.kept) == ([], ["keep"], BOOKED)


@pytest.mark.parametrize("message", ["quero marcar dermatologia", "qual o endereço da clínica?"])
def test_another_subject_is_not_a_reply(planner, message):
    assert not applies(AwaitedConfirmation(), planner, message, awaiting())


def test_nothing_awaited_nothing_replied(planner):
    assert not applies(AwaitedConfirmation(), planner, "sim", conversation())


def choosing_which(action: str):
    return conversation(appointments=[BOOKED], state=AwaitingChoice(asked=PendingAction(action=action)))


@pytest.mark.parametrize("action", ["cancel", "reschedule"])
def test_no_to_which_booking_drops_the_change(planner, action):
    plan = planned(DroppedChange(), planner, "não, deixa", choosing_which(action))
    assert (plan.steps, intents_of(plan)) == ([], ["keep"])


@pytest.mark.parametrize("message", ["não, a de terça", "não, a do Dr. Fernando", "sim"])
def test_a_no_that_names_a_booking_or_a_yes_drops_nothing(planner, message):
    assert not applies(DroppedChange(), planner, message, choosing_which("cancel"))


def test_a_change_the_clinic_refused_for_a_wrong_code_keeps_waiting(planner):
    change = PendingChange(action="cancel", appointment=BOOKED)
    plan = planned(AwaitedConfirmation(), planner, f"sim, o código é {CODE}", awaiting())
    refused = StepResult(step_id=1, clinic="clinic_c", action="cancel_appointment", status="error",
                         error={"code": ToolErrorCode.APPOINTMENT_NOT_FOUND, "message": "not found"})
    after = AwaitedConfirmation().after_results(plan, Answered([refused], confirmed=change, typed_code=CODE))
    assert after.awaiting == change and intents_of(after) == ["cancel", "confirm"]
    done = StepResult(step_id=1, clinic="clinic_c", action="cancel_appointment", status="ok", data={})
    assert AwaitedConfirmation().after_results(plan, Answered([done], confirmed=change, typed_code=CODE)) == plan
