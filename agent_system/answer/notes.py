"""The answer notes a plan carries (`domain.notes`), worded in the patient's language the same way for every family."""
from __future__ import annotations

from agent_system.domain.notes import AnswerNote, BookingValue, ClinicValue, DayValue, NoteValue
from agent_system.language.phrasebook import Wording


def worded(note: AnswerNote, words: Wording) -> str:
    """The note's phrase filled in with its values, then its lines, one a line."""
    lead = words.say(note.phrase, note.count, **{name: _value(value, words) for name, value in note.values.items()})
    return "\n".join([lead, *(worded(line, words) for line in note.lines)])


def _value(value: NoteValue, words: Wording) -> str | int:
    if isinstance(value, DayValue):
        return words.full_day(value.date) if value.full else words.day(value.date)
    if isinstance(value, ClinicValue):
        return words.clinic(value.clinic)
    if isinstance(value, BookingValue):
        a = value.appointment
        described = words.phrase("appointment", clinic=words.clinic(a.clinic), doctor=a.doctor,
                                 when=words.phrase("when", day=words.full_day(a.date), time=a.time))
        return described + (words.phrase("for_patient", name=a.patient) if a.patient else "")
    return value
