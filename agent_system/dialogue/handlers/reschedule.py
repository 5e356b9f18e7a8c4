"""Moving a booking: asked for in words, said as a new day or time for a booking the patient has, a correction
right after booking, or the answer to a question a reschedule asked."""
from __future__ import annotations

from agent_system.domain.plan import Plan
from agent_system.dialogue.awaited_change import after_checked_move, after_next_free
from agent_system.dialogue.handlers.handler import Answered, Handler, PlanningTurn


class Reschedule(Handler):
    """The booking meant moves to the new slot once confirmed; without a new slot, its doctor's slots are listed."""

    def applies(self, turn: PlanningTurn) -> bool:
        r = turn.reading
        return bool(r.wants_reschedule or _moves_a_booking(turn) or _changes_the_new_booking(turn)
                    or turn.appointments.continues("reschedule"))

    def plan(self, turn: PlanningTurn) -> None:
        turn.appointments.reschedule(turn.conversation.state.just_booked() if _changes_the_new_booking(turn) else None)

    def after_results(self, plan: Plan, answered: Answered) -> Plan:
        """A move to the next free slot (or another part of the booking's day) offers the listed slot that fits; a
        move to a computed slot waits for a yes only when the listing checked shows it free."""
        return after_checked_move(after_next_free(plan, answered.results), answered.results)


def _moves_a_booking(turn: PlanningTurn) -> bool:
    """"passa pra sexta", "could we do Thursday instead?": a move, when the patient has a booking to move."""
    r = turn.reading
    return bool(turn.conversation.appointments) and bool(r.moves_to or r.instead or r.relative.moves
                                                         or r.offers_another or _puts_forward(turn))


def _puts_forward(turn: PlanningTurn) -> bool:
    """"e se fosse na sexta?", "the afternoon would suit me better": another day, time or part of the day put forward
    without a verb of moving, asking for nothing else (one more booking, a cancel, a lookup)."""
    r = turn.reading
    when = r.dates or r.times or r.day_part or r.relative.moves or r.relative.following_week or r.same_time
    elsewhere = r.wants_mine or r.wants_cancel or r.adds_booking
    return bool(r.proposes and when and not elsewhere)


def _changes_the_new_booking(turn: PlanningTurn) -> bool:
    """"ops, era às 9, dá pra trocar?" right after a booking: a move of that booking, never a second one."""
    r, made = turn.reading, turn.conversation.state.just_booked()
    correction = r.corrects and (r.times or r.dates)
    changes = (r.changes_it or r.moves_to or r.instead or r.wants_reschedule or correction or r.relative.moves
               or r.offers_another or r.only_a_time or bool(r.same_time and r.dates) or _puts_forward(turn))
    # With other bookings known, "muda pra sexta?" may mean any of them: only a correction is about this one.
    several = len(turn.conversation.appointments) > 1
    if made is None or not (correction if several else changes) or r.adds_booking or r.wants_cancel:
        return False
    same_specialty = not r.specialties or turn.specialty_of(made.clinic) in r.specialties
    # "the Wednesday one, an hour earlier?" right after a Monday booking: a shift said of a day it is not on.
    elsewhere = r.relative.shifts and bool(r.days) and made.date not in r.days
    return same_specialty and all(d.name == made.doctor for d in r.doctors) and not elsewhere
