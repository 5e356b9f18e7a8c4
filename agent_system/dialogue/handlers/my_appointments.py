"""The patient's own bookings: asked for ("minhas consultas", "quando é a próxima?") or opened by a code typed alone."""
from __future__ import annotations

from agent_system.domain.plan import Plan
from agent_system.dialogue.reading import asks
from agent_system.dialogue.awaited_change import after_lookup
from agent_system.dialogue.handlers.handler import Answered, Handler, PlanningTurn


class MyAppointments(Handler):
    """Every clinic is asked for the patient's bookings; a question about some of them shows only those."""

    def applies(self, turn: PlanningTurn) -> bool:
        return (bool(turn.reading.wants_mine) or (_shows_a_code(turn) and not turn.appointments.continues("cancel"))
                or _carries_on(turn))

    def plan(self, turn: PlanningTurn) -> None:
        turn.appointments.my_appointments(shown=turn.appointments.bookings_asked_about())

    def after_results(self, plan: Plan, answered: Answered) -> Plan:
        """A lookup made for a pending cancel or reschedule that finds one booking: that change waits for a yes."""
        return after_lookup(plan, answered.results, answered.typed_code)


def _shows_a_code(turn: PlanningTurn) -> bool:
    """A booking code with nothing else to do ("K7M4QP", "meu código é K7M4QP"): show the booking it opens."""
    r = turn.reading
    return bool(r.booking_code) and not (r.doctors or r.dates or r.times or r.specialties or r.wants_book)


def _carries_on(turn: PlanningTurn) -> bool:
    """Right after the bookings were shown, another day alone ("e no dia 4?", "and on Friday?") or a question about
    their details ("que horas mesmo?", "which clinic?"); right after a booking was made, such a question about it
    ("em nome de quem ficou?"), a day being a move there. Nothing is asked to book, list, cancel or move."""
    r, state = turn.reading, turn.conversation.state
    if r.wants_book or r.wants_list or r.wants_cancel or r.wants_reschedule or r.specialties or r.doctors or r.times:
        return False
    detail = bool(asks.BOOKING_DETAIL.search(r.text))
    if state.bookings_shown():
        return bool(r.days) or detail
    return state.just_booked() is not None and detail and not r.days

