"""What one turn may write, decided from the message and the conversation before any plan exists.

The router holds every write step to this grant, whoever planned it (rules or LLM): a booking only
when the patient asked for one, a cancel or reschedule only when it is exactly the change the patient
just confirmed, with the booking code that proves the booking is theirs.
"""
from __future__ import annotations

from dataclasses import dataclass

from agent_system.domain.plan import Step
from agent_system.domain.tools import CHANGE_TOOLS, Tool
from agent_system.sessions.conversation import Conversation
from agent_system.domain.pending import PendingChange
from agent_system.understanding.human_contact import asks_callback
from agent_system.understanding.reading import Reading
from clinic_servers.contract.tools import CODE_ARGUMENT


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


def confirmed_change(awaiting: PendingChange | None, reply: str | None, typed_code: str | None) -> PendingChange | None:
    """The awaited change, when the reply is a clear yes (or its code) and the booking code is known."""
    if awaiting is None or reply != "yes":
        return None
    code = typed_code or awaiting.appointment.code
    return awaiting.with_code(code) if code else None


def grant_for(reading: Reading, conversation: Conversation) -> WriteGrant:
    """The writes this turn may make, from the turn's reading of the message (as the planners read it).

    A request to cancel or move a booking ("pode remarcar pra sexta às 10h?") is a request to write,
    but never to book: whoever plans it, it runs as the confirmed change or not at all.
    """
    change = confirmed_change(conversation.awaiting, reading.confirmation, reading.booking_code)
    # With several requests in the message, each is judged on its own: "cancela a de sexta e marca a Dra. X dia 3
    # às 10h" may book; "pode remarcar pra sexta às 10h?" may not.
    asks_to_book = any(part.asks_to_write and not (part.wants_cancel or part.wants_reschedule)
                       for part in reading.parts or (reading,))
    return WriteGrant(book=asks_to_book, change=change, callback=asks_callback(reading.message))
