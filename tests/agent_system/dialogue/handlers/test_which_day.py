"""Which day: a weekday and a date that disagree are asked about, with nothing planned on either."""
from __future__ import annotations

from agent_system.dialogue.handlers.which_day import WhichDay
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import conversation, intents_of


def test_a_weekday_and_a_date_that_disagree_ask_which(planner):
    # 2026-11-25 is a Wednesday; "sexta" is the 27th.
    plan = planned(WhichDay(), planner, "cardio sexta, dia 25/11, tem vaga?", conversation())
    assert (plan.steps, intents_of(plan)) == ([], ["which_day"])
    assert sorted(plan.days_to_choose) == ["2026-11-25", "2026-11-27"]


def test_a_weekday_and_its_own_date_agree(planner):
    assert not applies(WhichDay(), planner, "cardio sexta, dia 27/11, tem vaga?", conversation())
