"""The rules planner against its policy table: one message, the exact steps it plans.

Every row (tests/agent_system/dialogue/rules_planner_cases.py) asserts the exact set of (clinic, action, parameters) and
the intents. Parameters are compared whole, so a plan that carries a patient's name or CPF (the router injects
those) fails. Today is Monday 2026-11-23: "amanhã" is 11-24, "sexta" 11-27, "semana que vem" 11-30..12-06.
"""
from __future__ import annotations

import pytest

from agent_system.domain.pending import PendingAction
from tests.agent_system.dialogue.rules_planner_cases import SINGLE_TURN
from tests.agent_system.dialogue.rules_planner_support import TODAY, confirmed, conversation, intents_of, steps_of


def test_the_table_is_big_enough():
    assert len(SINGLE_TURN) >= 120
    assert len({message for message, _, _ in SINGLE_TURN}) == len(SINGLE_TURN)


@pytest.mark.parametrize(("message", "steps", "intents"), SINGLE_TURN, ids=[m for m, _, _ in SINGLE_TURN])
def test_single_turn(planner, message, steps, intents):
    plan = confirmed(planner, message, conversation())
    assert (steps_of(plan), intents_of(plan)) == (steps, intents)
    assert [s.step_id for s in plan.steps] == list(range(1, len(steps) + 1))
    assert plan.source == "rules"


@pytest.mark.parametrize(
    ("message", "specialty"),
    [("neurologia", "neurologia"), ("quero marcar neurologista", "neurologista"), ("pediatra", "pediatra"),
     ("ginecologista amanhã", "ginecologista"), ("I need a dentist", "dentist")],
)
def test_invalid_specialty_is_named(planner, message, specialty):
    assert planner.decompose(message, conversation(), TODAY).unknown_specialty == specialty


@pytest.mark.parametrize(
    ("message", "pending"),
    [("quero cancelar minha consulta", {"action": "cancel"}), ("quero remarcar", {"action": "reschedule"}),
     ("remarcar para sexta às 10h", {"action": "reschedule", "new_date": "2026-11-27", "new_time": "10:00"}),
     ("cancelar minha consulta de amanhã", {"action": "cancel", "date": "2026-11-24"}),
     ("cancel my appointment with Dra. Camila", {"action": "cancel", "doctor": "Dra. Camila Rocha"})],
)
def test_unknown_booking_is_looked_up_and_the_action_kept_pending(planner, message, pending):
    assert planner.decompose(message, conversation(), TODAY).pending == PendingAction(**pending)


@pytest.mark.parametrize("message", ["quero marcar cardiologista", "liste os pacientes", "minhas consultas", "oi",
                                     "Quero agendar com Dr. Ricardo Lopes no dia 25/11/2026 às 09:00"])
def test_cot_gives_reasoning_and_decompose_none(planner, message):
    cot = planner.decompose_cot(message, conversation(), TODAY)
    plain = planner.decompose(message, conversation(), TODAY)
    assert cot.reasoning and all(isinstance(line, str) and line for line in cot.reasoning)
    assert plain.reasoning == []
    assert plain == cot.model_copy(update={"reasoning": []})
