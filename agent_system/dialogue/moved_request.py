"""A change said relative to a request that booked nothing: "empurra uma hora", "a week later, same time" right after
the slot asked for was taken. No booking exists, so nothing is moved: it is a new request for the moved slot, asked
of that doctor's clinic and offered for a yes only when the listing shows it free (a computed slot is never booked
unseen)."""
from __future__ import annotations

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.dialogue.move_target import MoveTarget
from agent_system.dialogue.reading.reading import Reading
from agent_system.dialogue.reading.vocabulary import DoctorRef


def moved_request(reading: Reading, previous: Reading, doctor: DoctorRef) -> SlotOffer | None:
    """The slot the previous request asked for, moved as this message says; None when it says no relative change."""
    if not (reading.relative.moves or reading.relative.following_week):
        return None
    if not (len(previous.dates) == 1 and len(previous.times) == 1):
        return None
    asked = AppointmentItem(clinic=doctor.clinic_id, doctor=doctor.name, date=previous.days[0],
                            time=previous.times[0], status="requested")
    new = MoveTarget(reading, [], None).slot(asked)
    if new is None or new == (asked.date, asked.time):
        return None
    return SlotOffer(clinic=doctor.clinic_id, doctor=doctor.name, date=new[0], time=new[1])
