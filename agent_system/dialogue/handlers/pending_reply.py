"""Replies to what an earlier answer left waiting about a cancel or reschedule: "shall I cancel it?", "which one?"."""
from __future__ import annotations

from agent_system.dialogue.awaited_change import after_wrong_code
from agent_system.domain.plan import Plan
from agent_system.dialogue.handlers.handler import Answered, Handler, PlanningTurn


class AwaitedConfirmation(Handler):
    """A yes (with the booking code, or without: asked again), a no, or a mistyped code to "shall I cancel/move it?"."""

    def applies(self, turn: PlanningTurn) -> bool:
        return turn.appointments.answers_confirmation()

    def plan(self, turn: PlanningTurn) -> None:
        turn.appointments.reply_to_confirmation()

    def after_results(self, plan: Plan, answered: Answered) -> Plan:
        """A change confirmed with a code the clinic did not recognise keeps waiting for the right one."""
        return after_wrong_code(plan, answered.results, answered.confirmed, answered.typed_code)


class DroppedChange(Handler):
    """"não, deixa" to "which booking?" or "which new time?": the bookings stay, nothing waits any more."""

    def applies(self, turn: PlanningTurn) -> bool:
        return turn.appointments.drops_pending()

    def plan(self, turn: PlanningTurn) -> None:
        turn.appointments.keep_bookings()
