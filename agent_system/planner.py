"""The Planner stage: the LLM planner when configured, the rules planner always as the fallback."""
from __future__ import annotations

import logging
from datetime import date

from .conversation import Conversation
from .llm import LLMError
from .llm_planner import InvalidPlan, LLMPlanner
from .plan import Intent, Plan
from .rules_planner import RulesPlanner

log = logging.getLogger(__name__)
# Refusals the rules recognise on their own; an LLM plan never overrides them.
_RULES_FIRST = {Intent.PRIVACY}


class Planner:
    """Chooses the planner for a message and records which one produced the plan."""

    def __init__(self, rules: RulesPlanner, llm_planner: LLMPlanner | None = None, cot: bool = False):
        self.rules, self.llm_planner, self.cot = rules, llm_planner, cot

    def plan(self, message: str, conversation: Conversation, today: date) -> Plan:
        """The plan for one message; any LLM failure or invalid LLM plan falls back to the rules."""
        rules_plan = self.rules.decompose_cot(message, conversation, today)
        if self.llm_planner is None or _RULES_FIRST & set(rules_plan.intents):
            return rules_plan
        try:
            llm_plan = self.llm_planner.decompose(message, conversation, today, cot=self.cot)
        except (LLMError, InvalidPlan) as e:
            log.warning("LLM plan not used (%s); falling back to the rules planner", type(e).__name__)
            note = f"The LLM plan was not usable ({e}); the rules planner decided."
            return rules_plan.model_copy(update={"reasoning": [note, *rules_plan.reasoning]})
        if llm_plan.steps:
            return llm_plan
        # No steps: the rules' reading says what kind of answer the patient needs.
        intents = rules_plan.intents if not rules_plan.steps else [Intent.OUT_OF_SCOPE]
        details = rules_plan.details if not rules_plan.steps else {}
        return llm_plan.model_copy(update={"intents": intents, "details": details})
