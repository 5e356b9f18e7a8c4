"""Booking from the message or the last listing: a doctor, day and time asked for, or a pick among listed slots
("o primeiro", "às 14h", "sexta de manhã")."""
from __future__ import annotations

from agent_system.domain.appointments import SlotOffer
from agent_system.domain.plan import Intent, part_of_day
from agent_system.domain.tools import Tool
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn


class Booking(Handler):
    """One resolved slot is booked; several listed slots that fit are listed again to choose from."""

    def applies(self, turn: PlanningTurn) -> bool:
        return _to_book(turn) is not None or (_picks_from_listing(turn) and bool(_candidates(turn)))

    def plan(self, turn: PlanningTurn) -> None:
        r, out = turn.reading, turn.out
        slot = _to_book(turn)
        if slot is not None:
            out.note("Doctor, date and time are all in the message.")
            return turn.book(slot)
        asked = turn.slot_in_message()
        if asked is not None:
            # "Dr. X amanhã às 10h?" without asking to book, or a day kept from the conversation ("e com a dra X
            # às 15h?"): listed again, and the slot offered for a yes if free.
            out.facts["asked_slot"] = asked
        candidates = _candidates(turn)
        if r.ordinal is not None:
            out.note("An ordinal pick from the last listing, in chronological order.")
        if len(candidates) == 1 and r.asks_to_write:
            out.note("The message picks one slot of the last listing.")
            return turn.book(candidates[0])
        if not r.asks_to_write:
            out.note("A question about listed slots, not a request: show them again, book nothing.")
            if len(candidates) == 1:  # "e às 14:30?": that slot is offered for a yes if still free
                out.facts["asked_slot"] = candidates[0]
        _relist(turn, candidates)


def _to_book(turn: PlanningTurn) -> SlotOffer | None:
    """The slot the message names and asks to book, its day said in this very message."""
    slot = turn.slot_in_message()
    return slot if slot is not None and turn.reading.asks_to_write and turn.reading.dates else None


def _picks_from_listing(turn: PlanningTurn) -> bool:
    """Whether the message chooses among the slots of the last listing."""
    r, listed = turn.reading, turn.conversation.state.listed
    if not listed or not set(r.specialties) <= {turn.specialty_of(s.clinic) for s in listed}:
        return False
    return (r.ordinal is not None or bool(r.times) or bool(r.dates and (r.wants_book or r.agrees))
            or bool(r.day_part and r.asks_to_write))


def _candidates(turn: PlanningTurn) -> list[SlotOffer]:
    """The last listing's slots the message points at (an ordinal picks one of them, in time order)."""
    r = turn.reading
    offers = [s for s in turn.conversation.state.listed
              if not r.specialties or turn.specialty_of(s.clinic) in r.specialties]
    if r.day_part and not r.times:
        offers = [s for s in offers if part_of_day(s.time) == r.day_part]
    if r.ordinal is None:
        return r.matching(offers, match_time=True)
    ranked = r.matching(offers)
    return [ranked[r.ordinal]] if -len(ranked) <= r.ordinal < len(ranked) else []


def _relist(turn: PlanningTurn, offers: list[SlotOffer]) -> None:
    """Several listed slots fit: list those doctors again (on that day) so the patient can choose."""
    r, out = turn.reading, turn.out
    out.note(f"{len(offers)} listed slots fit the message: show those doctors' slots again to choose from.")
    days = {o.date for o in offers}
    filters = {"date": days.pop()} if len(days) == 1 else r.date_filter()
    for clinic, doctor in dict.fromkeys((o.clinic, o.doctor) for o in offers):
        out.step(clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor, **filters)
    out.intend(Intent.BOOK if r.asks_to_write else Intent.LIST)
