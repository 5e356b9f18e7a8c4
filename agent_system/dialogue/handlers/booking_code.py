"""The booking code asked again ("qual era o código mesmo?", "what was the confirmation number?"): the codes of the
bookings this chat made or moved, each with its booking, told from the conversation without asking a clinic."""
from __future__ import annotations

from agent_system.dialogue.handlers.handler import Handler, PlanningTurn
from agent_system.domain.appointments import AppointmentItem, chronological
from agent_system.domain.notes import AnswerNote, BookingValue
from agent_system.domain.plan import Intent
from agent_system.language.lexicon import concept_pattern
from agent_system.sessions.conversation import Conversation

BOOKING_CODE = "booking_code"  # the intent, as the reasoning of the `plan` event names it
ASKED = concept_pattern("booking_code_asked")


class BookingCode(Handler):
    """Only the codes this conversation holds are told. A clinic shows a booking only to its code and never gives the
    code back, and a code is what cancels or moves a booking: a booking this chat did not make or move keeps its code
    unseen, since a name and a CPF alone open nothing."""

    def applies(self, turn: PlanningTurn) -> bool:
        # A code typed in the message is given, not asked for.
        return bool(ASKED.search(turn.reading.text)) and not turn.reading.booking_code

    def plan(self, turn: PlanningTurn) -> None:
        known, state = held_codes(turn.conversation), turn.conversation.state
        # Asked while a cancel or move waits ("shall I cancel it?"): it still waits, asked again in words, and a yes
        # next still answers it.
        turn.out.intend(BOOKING_CODE, awaiting=state.pending_change(), pending=state.pending_action())
        if state.pending_change() is not None:
            turn.out.intend(Intent.CONFIRM)
        if not known:
            turn.out.note("The booking code asked again: this chat made or moved no booking, so it holds no code.")
            turn.out.tell(AnswerNote(phrase="booking_code_unknown"))
            return
        turn.out.note(f"The booking code asked again: told for the {len(known)} booking(s) this chat made or moved.")
        lines = tuple(_line(a, code) for a, code in known)
        turn.out.tell(AnswerNote(phrase="booking_codes", count=len(known), lines=lines))


def _line(booking: AppointmentItem, code: str) -> AnswerNote:
    return AnswerNote(phrase="booking_code_line", values={"code": code, "booking": BookingValue(appointment=booking)})


def held_codes(conversation: Conversation) -> list[tuple[AppointmentItem, str]]:
    """The bookings this chat still knows as booked and holds the code of (made or moved here), by date and time."""
    held = [(a, conversation.code_of(a)) for a in conversation.appointments]
    return sorted(((a, code) for a, code in held if code), key=lambda pair: chronological(pair[0]))
