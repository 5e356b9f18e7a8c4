"""The last resort: a message no other family took asks nothing a clinic can answer (a bare yes, a greeting, a topic
no clinic deals with, a booking without a specialty, an unclear question about appointments)."""
from __future__ import annotations

from agent_system.dialogue.handlers.handler import Handler, PlanningTurn
from agent_system.dialogue.without_steps import plan_without_steps


class WithoutSteps(Handler):
    """Always applies: it closes the list."""

    def applies(self, turn: PlanningTurn) -> bool:
        return True

    def plan(self, turn: PlanningTurn) -> None:
        plan_without_steps(turn.out, turn.reading, turn.conversation)
