"""What an answer says about a plan, as the handler that planned it wrote it: a phrase of the language packs and the
typed values it is filled in with, worded by the answer in the patient's language.

A handler writes its notes when it plans (or in `after_results`); the answer words every note the same way, so a
new intent family needs no table in the answer: its handler module, its phrases in each language pack, its test.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from agent_system.domain.appointments import AppointmentItem


class DayValue(BaseModel):
    """A date: as listings show it ('qua 25/11', 'Wed Nov 25'), or in full as confirmations do."""
    kind: Literal["day"] = "day"
    date: str  # ISO
    full: bool = False


class ClinicValue(BaseModel):
    """A clinic of the registry, by id: worded as its name."""
    kind: Literal["clinic"] = "clinic"
    clinic: str


class BookingValue(BaseModel):
    """A booking as confirmations describe it: clinic, doctor, full day and time, and whom it is for."""
    kind: Literal["booking"] = "booking"
    appointment: AppointmentItem


# Text and numbers are shown as they are (a booking code, a count); the rest is worded in the patient's language.
NoteValue = str | int | Annotated[DayValue | ClinicValue | BookingValue, Field(discriminator="kind")]


class AnswerNote(BaseModel):
    """One paragraph of an answer: the phrase `phrase` of the language packs filled in with `values` (its plural
    form, `<phrase>_many`, when `count` > 1), then one line per note of `lines`."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    phrase: str
    values: dict[str, NoteValue] = Field(default_factory=dict)
    count: int = 1
    lines: tuple[AnswerNote, ...] = ()

    @field_validator("values")
    @classmethod
    def _not_the_count(cls, values: dict[str, NoteValue]) -> dict[str, NoteValue]:
        if "count" in values:  # the phrase's own `count` chooses its plural; a value of that name would shadow it
            raise ValueError("a note's count is its `count`, not one of its values")
        return values
