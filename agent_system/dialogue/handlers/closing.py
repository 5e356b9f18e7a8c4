"""Thanks or goodbye and nothing else ("valeu, obrigada!", "thanks, bye"): a short reply, not the introduction."""
from __future__ import annotations

from agent_system.domain.plan import Intent
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn
from agent_system.dialogue.reading.vocabulary import CLOSING_FILLER, THANKS_OR_BYE


class Closing(Handler):
    """The patient ends the exchange: nothing is planned, and the answer says "de nada" instead of the greeting."""

    def applies(self, turn: PlanningTurn) -> bool:
        text = turn.reading.text
        if not THANKS_OR_BYE.search(text):
            return False
        return not CLOSING_FILLER.sub(" ", THANKS_OR_BYE.sub(" ", text)).strip(" ,.!?;:)(-")

    def plan(self, turn: PlanningTurn) -> None:
        turn.out.note("Thanks or goodbye and nothing else: say you're welcome, plan nothing.")
        turn.out.intend(Intent.CLOSING)
