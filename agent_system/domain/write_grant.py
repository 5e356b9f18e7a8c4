"""What one turn may write: the grant the router holds every write step to.

Whoever planned a step (rules or LLM), a booking runs only when the patient asked for one, a cancel or
reschedule only when it is exactly the change the patient just confirmed, with the booking code that
proves the booking is theirs.
"""
from __future__ import annotations

from dataclasses import dataclass

from clinic_servers.contract.tools import CODE_ARGUMENT

from agent_system.domain.pending import PendingChange
from agent_system.domain.plan import Step
from agent_system.domain.tools import CHANGE_TOOLS, Tool


@dataclass(frozen=True)
class WriteGrant:
    book: bool = False
    change: PendingChange | None = None
    callback: bool = False  # the patient asked to be called back, giving a phone

    def refusal(self, step: Step) -> str | None:
        """Why this step may not write now (an error code), or None when it may."""
        if step.action == Tool.BOOK_APPOINTMENT:
            return None if self.book else "write_not_requested"
        if step.action in (Tool.CANCEL_APPOINTMENT, Tool.RESCHEDULE_APPOINTMENT):
            return None if self._confirmed(step) else "not_confirmed"
        if step.action == Tool.REQUEST_CALLBACK:
            return None if self.callback else "write_not_requested"
        return None

    def arguments(self, step: Step) -> dict[str, str]:
        """What the grant adds to a write call: the confirmed booking's code."""
        if self.change is not None and step.action in (Tool.CANCEL_APPOINTMENT, Tool.RESCHEDULE_APPOINTMENT):
            return {CODE_ARGUMENT: self.change.appointment.code or ""}
        return {}

    def _confirmed(self, step: Step) -> bool:
        change, p = self.change, step.parameters
        if change is None or step.action != CHANGE_TOOLS[change.action] or step.clinic != change.appointment.clinic:
            return False
        a = change.appointment
        if change.action == "cancel":
            return (p.get("doctor"), p.get("date"), p.get("time")) == (a.doctor, a.date, a.time)
        return ((p.get("doctor"), p.get("original_date"), p.get("original_time"), p.get("new_date"),
                 p.get("new_time")) == (a.doctor, a.date, a.time, change.new_date, change.new_time))
