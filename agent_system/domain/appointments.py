"""What is offered and what is booked: a free slot at a clinic, and a patient's appointment."""
from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel


class Dated(Protocol):
    """A slot offer or a booking: something at a clinic, with a doctor, on a date, at a time."""
    clinic: str
    doctor: str
    date: str
    time: str


class SlotOffer(BaseModel):
    clinic: str
    doctor: str
    date: str
    time: str


class AppointmentItem(BaseModel):
    clinic: str
    doctor: str
    date: str
    time: str
    status: str
    # Only on a booking made this turn: the patient needs it to cancel or reschedule later.
    code: str | None = None
    # Whom the appointment is for, when not the patient (a child, a parent): their name.
    patient: str | None = None


def chronological(item: Dated) -> tuple[str, str, str, str]:
    """Sort key: date, time, then clinic and doctor for ties."""
    return item.date, item.time, item.clinic, item.doctor
