"""A plan under construction: the steps, intents, answer facts and notes, and reasoning one planning pass collects."""
from __future__ import annotations

from typing import Any

from agent_system.domain.notes import AnswerNote
from agent_system.domain.plan import IntentName, Plan, Step


class PlanDraft:
    """Collects what a planning pass decides, then freezes it into a `Plan`."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.intents: list[IntentName] = []
        self.facts: dict[str, Any] = {}  # `Plan` fields beyond steps, intents and notes; the Plan validates them
        self.notes: list[AnswerNote] = []
        self.reasoning: list[str] = []

    def note(self, line: str) -> None:
        """Add one line to the reasoning trace."""
        self.reasoning.append(line)

    def intend(self, intent: IntentName, **facts: Any) -> None:
        """Record what the turn is about, with the facts (`Plan` fields) the answer will need."""
        if intent not in self.intents:
            self.intents.append(intent)
        self.facts.update(facts)

    def tell(self, note: AnswerNote) -> None:
        """Add a paragraph the answer says, worded from the language packs (`domain.notes`)."""
        self.notes.append(note)

    def step(self, clinic: str, action: str, **parameters: Any) -> None:
        """Add one tool call on one clinic (parameters that are None are left out)."""
        self.steps.append(Step(step_id=len(self.steps) + 1, clinic=clinic, action=action,
                               parameters={k: v for k, v in parameters.items() if v is not None}))

    def plan(self) -> Plan:
        """The finished plan of the rules planner."""
        return Plan(steps=self.steps, intents=self.intents, source="rules", reasoning=self.reasoning, notes=self.notes,
                    **self.facts)
