"""Patient records, someone else's data, or an attempt to change the rules: refused, no clinic asked."""
from __future__ import annotations

from agent_system.domain.plan import Intent
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn


class Privacy(Handler):
    """Staff tools are never used from the chat, and no one reads another person's data through it."""

    def applies(self, turn: PlanningTurn) -> bool:
        r = turn.reading
        return bool(r.wants_privacy or r.foreign_cpf or r.injection)

    def plan(self, turn: PlanningTurn) -> None:
        turn.out.note("Patient records, someone else's data or an attempt to change the rules: refuse, no steps.")
        turn.out.intend(Intent.PRIVACY)
