"""The Planner stage: the rules read first; the LLM plans only what they cannot read, and is checked.

The plan's `source` says who decided: `rules` (the reading was confident), `llm` (the LLM plan
passed the meaning check), `llm_repaired` (it passed after a certain repair) or `rules_fallback`
(the LLM failed, was out of budget or planned something ungrounded; the rules plan stands).
"""
from __future__ import annotations

import logging
from datetime import date

from agent_system.errors import InvalidPlan, LLMError, UngroundedPlan
from agent_system.llm.budget import CLEAR_TURN, UNCLEAR_TURN
from agent_system.dialogue.check import PlanCheck
from agent_system.dialogue.day_part import in_day_part
from agent_system.dialogue.llm_planner import LLMPlanner
from agent_system.domain.plan import Intent, Plan
from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.reading import Reading

log = logging.getLogger(__name__)
# What the rules read with certainty even without steps; an LLM plan never overrides these.
_SETTLED = {Intent.PRIVACY, Intent.INVALID_SPECIALTY, Intent.MISSING_SPECIALTY, Intent.MEDICAL_ADVICE,
            Intent.GREETING, Intent.CLARIFY, Intent.CONFIRM, Intent.KEEP, Intent.CHOOSE_SLOT,
            Intent.ALREADY_BOOKED, Intent.WHICH_DAY, Intent.CLOSING}


class Planner:
    """Chooses the planner for a message and records which one produced the plan."""

    def __init__(self, rules: RulesPlanner, llm_planner: LLMPlanner | None = None, cot: bool = False,
                 check: PlanCheck | None = None):
        if llm_planner is not None and check is None:
            raise ValueError("an LLM planner needs the plan check that guards its plans")
        self.rules, self.llm_planner, self.cot, self.check = rules, llm_planner, cot, check

    def plan(self, reading: Reading, conversation: Conversation, today: date) -> Plan:
        """The plan for the turn's message; settles the turn's LLM budget (one call in all when the rules are confident)."""
        rules_plan = self.rules.plan(reading, conversation, today)
        llm_planner, check = self.llm_planner, self.check
        if llm_planner is None or check is None:  # the constructor gives an LLM planner its check
            return in_day_part(rules_plan, reading)
        clear = confident(rules_plan, reading)
        llm_planner.llm.settle_turn(CLEAR_TURN if clear else UNCLEAR_TURN)
        if clear:
            return in_day_part(rules_plan, reading)
        return in_day_part(self._ask_llm(llm_planner, check, rules_plan, reading, conversation, today), reading)

    def _ask_llm(self, llm_planner: LLMPlanner, check: PlanCheck, rules_plan: Plan, reading: Reading,
                 conversation: Conversation, today: date) -> Plan:
        try:
            llm_plan = llm_planner.decompose(reading.message, conversation, today, cot=self.cot)
            checked = check.check(llm_plan, check.grounds(reading, conversation, today))
        except (LLMError, InvalidPlan, UngroundedPlan) as e:
            log.warning("LLM plan not used (%s); the rules plan stands", type(e).__name__)
            note = f"The LLM plan was not usable ({e}); the rules planner decided."
            return rules_plan.model_copy(update={"source": "rules_fallback",
                                                 "reasoning": [note, *rules_plan.reasoning]})
        if checked.steps:
            return checked
        # No steps: the rules' reading says what kind of answer the patient needs.
        return rules_plan.model_copy(update={"source": checked.source, "reasoning": checked.reasoning})


def confident(rules_plan: Plan, reading: Reading) -> bool:
    """Whether the rules read the message: steps, a settled no-step answer, or a known other topic. A plan carrying a
    handler's own answer notes is settled too: that family read the message and wrote what to say."""
    return bool(rules_plan.steps or _SETTLED & set(rules_plan.intents) or rules_plan.notes) or reading.off_topic
