"""Short follow-ups read against the conversation: "pode marcar" after asking about one listed slot, the previous
request again on another day, "e o outro médico?", "marca com a doutora"."""
from __future__ import annotations

from agent_system.domain.appointments import SlotOffer
from agent_system.domain.plan import Clarification, DoctorChoice, Intent
from agent_system.domain.tools import Tool
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn
from agent_system.dialogue.moved_request import moved_request
from agent_system.dialogue.reading.reading import Reading
from agent_system.dialogue.reading.vocabulary import DoctorRef


class FollowUp(Handler):
    """What the message points at in the last listing or the previous message, booked, listed or asked about."""

    def applies(self, turn: PlanningTurn) -> bool:
        follow_ups = turn.follow_ups
        if follow_ups.asked_slot() is not None and turn.reading.asks_to_write or follow_ups.moved_offer() is not None:
            return True
        again = follow_ups.repeated_request()
        return (again is not None and again.doctor is not None) or bool(_pointed(turn))

    def plan(self, turn: PlanningTurn) -> None:
        follow_ups, r, out = turn.follow_ups, turn.reading, turn.out
        asked = follow_ups.asked_slot()
        if asked is not None and r.asks_to_write:
            out.note("A bare go-ahead right after asking about one listed slot: that slot.")
            return turn.book(asked)
        moved = follow_ups.moved_offer()
        if moved is not None:
            out.note("The slot offered for a yes, moved as the message says: list that doctor's day, offer it if free.")
            out.facts["asked_slot"] = moved
            out.step(moved.clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=moved.doctor, date=moved.date)
            return out.intend(Intent.BOOK)
        again = follow_ups.repeated_request()
        if again is not None and again.doctor is not None:
            return _ask_again(turn, again, again.doctor)
        others = _pointed(turn)
        if len(others) == 1 or r.other_doctor:
            out.note(f"The doctor(s) pointed at without a name: {', '.join(d.name for d in others)}.")
            for doctor in others:
                out.step(doctor.clinic_id, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor.name, **follow_ups.date_filter())
            return out.intend(turn.listing_intent())
        out.note("Several listed doctors fit the words used: ask which one.")
        out.intend(Intent.CLARIFY, clarification=Clarification(
            doctors=[DoctorChoice(doctor=d.name, clinic=d.clinic_id) for d in others]))


def _pointed(turn: PlanningTurn) -> list[DoctorRef]:
    """The doctors "o outro médico" or "a doutora" points at."""
    return turn.follow_ups.other_doctors() or turn.follow_ups.pointed_doctors()


def _ask_again(turn: PlanningTurn, previous: Reading, doctor: DoctorRef) -> None:
    """The previous request for one doctor again, on the day this message says, at its time or the one kept."""
    r, out = turn.reading, turn.out
    moved = moved_request(r, previous, doctor)  # "empurra uma hora": offered, never booked unseen
    day = r.days[0] if r.dates else previous.days[0] if len(previous.days) == 1 and r.times else None
    time = r.times[0] if len(r.times) == 1 else previous.times[0] if len(previous.times) == 1 and r.dates else None
    day, time = (moved.date, moved.time) if moved else (day, time)
    if day and time:
        slot = SlotOffer(clinic=doctor.clinic_id, doctor=doctor.name, date=day, time=time)
        if r.asks_to_write and moved is None:
            out.note("The previous request again, with the day or time this message corrects.")
            return turn.book(slot)
        out.facts["asked_slot"] = slot  # "same time but Thursday" asks no write: offered for a yes
    out.note(f"The doctor named last, {doctor.name}: list that doctor's slots.")
    out.step(doctor.clinic_id, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor.name, **({"date": day} if day else {}))
    out.intend(Intent.BOOK if previous.asks_to_write else Intent.LIST)


