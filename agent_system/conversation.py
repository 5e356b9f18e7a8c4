"""A patient's conversation: who they are, what was said lately, what was last listed and booked."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr

from clinic_servers.cpf import mask_cpf

from .events import AppointmentItem, SlotOffer

MAX_TURNS = 40  # turns a session keeps for the patient to see again (GET /api/session)
RECENT_MESSAGES = 12  # messages a planner reads as context


class Patient(BaseModel):
    name: str
    cpf: str  # 11 digits, never sent to the browser or logged

    @property
    def cpf_masked(self) -> str:
        """The CPF as people may see it: ***.456.789-**."""
        return mask_cpf(self.cpf)

    def public(self) -> dict[str, str]:
        """The patient as the web API shows them."""
        return {"name": self.name, "cpf_masked": self.cpf_masked}


class Message(BaseModel):
    role: Literal["user", "assistant"]
    text: str


class Turn(Message):
    """A message as the patient saw it, with the slots and bookings it showed."""
    slots: list[SlotOffer] = Field(default_factory=list)
    appointments: list[AppointmentItem] = Field(default_factory=list)


class Conversation(BaseModel):
    """What the next turn needs from earlier ones; stored server-side per session.

    The whole history (every turn with its slots) is not part of it: a session store keeps that
    apart, so a turn neither reads nor rewrites it. Turns recorded here wait until the store takes
    them (`take_unsaved`) and appends them.
    """
    patient: Patient
    recent: list[Message] = Field(default_factory=list)
    last_slots: list[SlotOffer] = Field(default_factory=list)
    # The patient's bookings as this conversation knows them (booked, rescheduled or listed here).
    appointments: list[AppointmentItem] = Field(default_factory=list)
    # An action waiting for the patient's choice: {"action": "cancel"|"reschedule", "appointment": {...}?}
    pending: dict | None = None
    _unsaved: list[Turn] = PrivateAttr(default_factory=list)

    def record(self, user_text: str, answer: Turn) -> None:
        """Add one exchange, keeping the listing and the known bookings up to date."""
        exchange = [Turn(role="user", text=user_text), answer]
        self._unsaved = [*self._unsaved, *exchange][-MAX_TURNS:]
        self.recent = [*self.recent, *(Message(role=t.role, text=t.text) for t in exchange)][-RECENT_MESSAGES:]
        if answer.slots:
            self.last_slots = list(answer.slots)
        for item in answer.appointments:
            self._track(item)

    def take_unsaved(self) -> list[Turn]:
        """The turns recorded since the last call, oldest first; the store appends them to the history."""
        turns, self._unsaved = self._unsaved, []
        return turns

    def _track(self, item: AppointmentItem) -> None:
        key = (item.clinic, item.doctor, item.date, item.time)
        self.appointments = [a for a in self.appointments if (a.clinic, a.doctor, a.date, a.time) != key]
        if item.status in ("confirmed", "rescheduled", "booked"):
            self.appointments.append(item)
