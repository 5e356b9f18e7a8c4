"""What one turn may write (its `WriteGrant`), decided from the message and the conversation before any plan exists."""
from __future__ import annotations

from agent_system.sessions.conversation import Conversation
from agent_system.domain.pending import PendingChange
from agent_system.domain.write_grant import WriteGrant
from agent_system.dialogue.reading.human_contact import asks_callback
from agent_system.dialogue.reading.reading import Reading


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
    change = confirmed_change(conversation.state.pending_change(), reading.confirmation, reading.booking_code)
    # With several requests in the message, each is judged on its own: "cancela a de sexta e marca a Dra. X dia 3
    # às 10h" may book; "pode remarcar pra sexta às 10h?" may not.
    asks_to_book = any(part.asks_to_write and not (part.wants_cancel or part.wants_reschedule)
                       for part in reading.parts or (reading,))
    return WriteGrant(book=asks_to_book, change=change, callback=asks_callback(reading.message))
