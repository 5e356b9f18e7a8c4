"""Cancelling a booking: the one the patient means is confirmed first; unknown, it is looked up or asked about."""
from __future__ import annotations

from agent_system.dialogue.handlers.handler import Handler, PlanningTurn


class CancelRequest(Handler):
    """A message asking to cancel (and not to move) a booking."""

    def applies(self, turn: PlanningTurn) -> bool:
        return bool(turn.reading.wants_cancel and not turn.reading.wants_reschedule)

    def plan(self, turn: PlanningTurn) -> None:
        turn.appointments.cancel()


class CancelContinued(Handler):
    """A message that answers the question a cancel asked ("which one?"): the doctor, day, time, ordinal or code."""

    def applies(self, turn: PlanningTurn) -> bool:
        return turn.appointments.continues("cancel")

    def plan(self, turn: PlanningTurn) -> None:
        turn.appointments.cancel()
