"""Short follow-ups read against the conversation: the slot just asked about, the other doctor, "o doutor", the day
a doctor-and-time question keeps.

"pode marcar" right after "a Dra. Luciana tem 9h na quarta?" means that very slot; "e o outro médico?"
means the doctor of the same specialty the last listing did not show; "marca com a doutora" after a
listing of four doctors needs a question: which of the two women?
"""
from __future__ import annotations

from collections.abc import Callable

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.dialogue.move_target import MoveTarget
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.reading import Reading
from agent_system.dialogue.reading.vocabulary import DoctorIndex, DoctorRef


_UNREAD = object()  # the previous message has not been read again yet


class FollowUps:
    """What a follow-up points at, given the last listing and the patient's previous message."""

    def __init__(self, reading: Reading, conversation: Conversation, registry: ClinicRegistry,
                 doctors: DoctorIndex, reread: Callable[[str], Reading]):
        self.r, self.conv, self.registry, self.doctors, self.reread = reading, conversation, registry, doctors, reread
        self._previous: Reading | None | object = _UNREAD

    def asked_slot(self) -> SlotOffer | None:
        """The one listed slot the previous message asked about, when this message names nothing itself."""
        r = self.r
        if r.doctors or r.dates or r.times or r.specialties or r.ordinal is not None or r.day_part:
            return None
        previous = self.previous()
        if previous is None or not (previous.doctor and len(previous.days) == 1 and len(previous.times) == 1):
            return None
        asked = (previous.doctor.name, previous.days[0], previous.times[0])
        return next((s for s in self.conv.state.listed if (s.doctor, s.date, s.time) == asked), None)

    def repeated_request(self) -> Reading | None:
        """The previous message, when it asked for one doctor on a day and booked nothing, and this one says only
        another day ("msm horário mas na sexta então", "same time but Thursday") or a bare yes to trying another
        one, or a change relative to the slot it asked for: the doctor named last is meant, not the doctor of an older
        listing."""
        r = self.r
        if self.conv.state.just_booked() is not None or r.doctors or r.specialties or r.clinics or r.ordinal is not None:
            return None
        if self.conv.state.pending_action() is not None or self.conv.state.pending_change() is not None:
            return None  # a slot or change held for a yes: the yes is that one's
        previous = self.previous()
        if previous is None or previous.doctor is None or not previous.dates:
            return None
        bare_yes = r.agrees and not (r.dates or r.times) and previous.asks_to_write and len(previous.times) == 1
        moved = r.relative.moves or r.relative.following_week  # "empurra uma hora", "a week later": from that slot
        return previous if len(r.dates) == 1 or bare_yes or moved else None

    def moved_offer(self) -> SlotOffer | None:
        """"joga uma hora pra frente", "a week later" while one slot waits for a yes: that slot, moved as said. It is
        only asked about: offered again for a yes when the clinic shows it free, never booked unseen."""
        r, held = self.r, self.conv.state.pending_action()
        if held is None or held.slot is None or r.doctors or r.specialties or r.clinics:
            return None
        if not (r.relative.moves or r.relative.following_week):
            return None
        slot = held.slot
        asked = AppointmentItem(clinic=slot.clinic, doctor=slot.doctor, date=slot.date, time=slot.time,
                                status="requested")
        new = MoveTarget(r, [], None).slot(asked)
        if new is None or new == (slot.date, slot.time):
            return None
        return SlotOffer(clinic=slot.clinic, doctor=slot.doctor, date=new[0], time=new[1])

    def other_doctors(self) -> list[DoctorRef]:
        """"o outro médico", "the other doctor": the specialty's doctors the last listing did not show."""
        if self.r.other_doctor is None or self.r.doctors or not self.conv.state.listed:
            return []
        listed = {s.doctor for s in self.conv.state.listed}
        specialties = set(self.r.specialties) or {self._specialty_of(s.clinic) for s in self.conv.state.listed}
        pool = [d for d in self.doctors.doctors if d.specialty in specialties and d.name not in listed]
        return _of_gender(pool, self.r.other_doctor)

    def pointed_doctors(self) -> list[DoctorRef]:
        """"marca com a doutora" after a listing: the listed doctors it may mean (empty when it names one)."""
        if self.r.some_doctor is None or self.r.doctors or not self.conv.state.listed:
            return []
        listed = dict.fromkeys(s.doctor for s in self.conv.state.listed)
        pool = [d for name in listed if (d := self.doctors.by_name(name)) is not None]
        return _of_gender(pool, self.r.some_doctor)

    def date_filter(self) -> dict[str, str]:
        """The message's dates, else those of the previous message ("e o outro médico?" keeps the day)."""
        if self.r.date_filter():
            return self.r.date_filter()
        previous = self.previous()
        return previous.date_filter() if previous else {}

    def carried_day(self) -> str | None:
        """"e com a dra camila às 15h?": the one day the previous message (else the last listing) fixed, for a
        message naming a doctor and a time but no day."""
        r = self.r
        if not (r.doctor and len(r.times) == 1) or r.dates or r.date_range:
            return None
        previous = self.previous()
        if previous is not None and (previous.dates or previous.date_range):
            return previous.days[0] if len(previous.days) == 1 else None
        days = {s.date for s in self.conv.state.listed}
        return days.pop() if len(days) == 1 else None

    def kept_window(self) -> tuple[dict[str, str], str | None]:
        """"com a dra ana" right after "amanhã de manhã" listed her: that day's filter and part of the day, kept.
        Only for one doctor the last listing showed, named without a day, specialty or clinic of its own."""
        r = self.r
        if len(r.doctors) != 1 or r.date_filter() or r.day_part or r.specialties or r.clinics or r.times:
            return {}, None
        if r.doctors[0].name not in {s.doctor for s in self.conv.state.listed}:
            return {}, None
        previous = self.previous()
        if previous is None or previous.doctors:
            return {}, None
        return previous.date_filter(), previous.day_part

    def previous(self) -> Reading | None:
        """The patient's previous message, read again (once per turn: several follow-ups look at it)."""
        if self._previous is _UNREAD:
            earlier = [m.text for m in self.conv.recent if m.role == "user"]
            self._previous = self.reread(earlier[-1]) if earlier else None
        return self._previous if isinstance(self._previous, Reading) else None

    def _specialty_of(self, clinic_id: str) -> str:
        clinic = self.registry.get(clinic_id)
        return clinic.specialty.key if clinic else ""


def _of_gender(doctors: list[DoctorRef], gender: str) -> list[DoctorRef]:
    """Doctors whose title agrees with the words used ("a médica" -> Dra., "o médico" -> Dr.)."""
    if gender == "any":
        return doctors
    title = "Dra." if gender == "fem" else "Dr."
    return [d for d in doctors if d.name.split()[0] == title]
