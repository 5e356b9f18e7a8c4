"""A cancel waits for the patient's yes and booking code: a no keeps it, an unrelated message lets it lapse."""
from __future__ import annotations

import pytest

from agent_system.sessions.conversation import Conversation
from agent_system.domain.pending import PendingChange
from tests.agent_system.dialogue.rules_planner_support import (BOOKED, BOOKED_CANCEL, CODE, DERMA, FERNANDO, TODAY,
                                                      conversation, intents_of, listing, steps_of)


def awaiting_cancel(code: str | None = None) -> Conversation:
    change = PendingChange(action="cancel", appointment=BOOKED.model_copy(update={"code": code}))
    return conversation(appointments=[BOOKED], awaiting=change)


def test_a_cancel_is_never_planned_before_the_patient_confirms(planner):
    plan = planner.decompose("cancela minha consulta com o Dr. Fernando", conversation(appointments=[BOOKED]), TODAY)
    assert (plan.steps, intents_of(plan)) == ([], ["confirm"])
    assert plan.awaiting.appointment.doctor == FERNANDO


@pytest.mark.parametrize("message", ["não", "nao, deixa", "no", "keep it"])
def test_a_no_keeps_the_booking(planner, message):
    plan = planner.decompose(message, awaiting_cancel(CODE), TODAY)
    assert (plan.steps, intents_of(plan)) == ([], ["keep"])
    assert plan.awaiting is None


def test_a_yes_without_a_known_code_asks_for_the_code(planner):
    plan = planner.decompose("sim", awaiting_cancel(), TODAY)
    assert (plan.steps, intents_of(plan)) == ([], ["confirm"])


@pytest.mark.parametrize("message", [CODE, CODE.lower(), f"o código é {CODE}", "sim"])
def test_the_code_or_a_yes_with_a_known_code_runs_the_cancel(planner, message):
    state = awaiting_cancel(None if message != "sim" else CODE)
    assert steps_of(planner.decompose(message, state, TODAY)) == BOOKED_CANCEL


def test_an_unrelated_message_lets_the_question_lapse(planner):
    plan = planner.decompose("quero ver dermatologia", awaiting_cancel(CODE), TODAY)
    assert steps_of(plan) == listing(*DERMA) and plan.awaiting is None
