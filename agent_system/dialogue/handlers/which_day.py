"""Two ways of saying the day that disagree ("sexta, dia 25" when the 25th is a Wednesday): ask which day."""
from __future__ import annotations

from agent_system.domain.plan import Intent
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn


class WhichDay(Handler):
    """Nothing is planned on either day until the patient says which one was meant."""

    def applies(self, turn: PlanningTurn) -> bool:
        return bool(turn.reading.day_conflict)

    def plan(self, turn: PlanningTurn) -> None:
        said = turn.reading.day_conflict or ()
        turn.out.note("Two ways of saying the day disagree: ask which day, plan nothing on either.")
        turn.out.intend(Intent.WHICH_DAY, days_to_choose=[d.isoformat() for d in said])
