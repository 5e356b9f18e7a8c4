"""Without steps: what no other family took asks nothing a clinic can answer: a greeting is greeted, a topic no
clinic deals with gets the scope, a booking with no specialty asks which, a bare yes to a listing asks which slot."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import Choosing
from agent_system.dialogue.handlers.without_steps import WithoutSteps
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import FERNANDO_LISTING, conversation, intents_of


@pytest.mark.parametrize(("message", "intent"), [("oi", "greeting"), ("qual a capital da França?", "out_of_scope"),
                                                 ("quero marcar uma consulta", "missing_specialty")])
def test_answers_without_a_clinic(planner, message, intent):
    plan = planned(WithoutSteps(), planner, message, conversation())
    assert (plan.steps, intents_of(plan)) == ([], [intent])


def test_a_bare_yes_to_a_listing_asks_which_slot(planner):
    plan = planned(WithoutSteps(), planner, "sim", conversation(state=Choosing(listed=FERNANDO_LISTING)))
    assert (plan.steps, intents_of(plan)) == ([], ["choose_slot"])


def test_it_closes_the_list(planner):
    assert applies(WithoutSteps(), planner, "", conversation())
