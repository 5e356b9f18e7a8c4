"""A patient's conversation: who they are, what was said, what was last listed and booked."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from clinic_servers.cpf import mask_cpf

from .events import AppointmentItem, SlotOffer

MAX_TURNS = 40


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


class Turn(BaseModel):
    role: Literal["user", "assistant"]
    text: str
    slots: list[SlotOffer] = Field(default_factory=list)
    appointments: list[AppointmentItem] = Field(default_factory=list)


class Conversation(BaseModel):
    """Everything the planner may use from earlier turns; stored server-side per session."""
    patient: Patient
    history: list[Turn] = Field(default_factory=list)
    last_slots: list[SlotOffer] = Field(default_factory=list)
    # The patient's bookings as this conversation knows them (booked, rescheduled or listed here).
    appointments: list[AppointmentItem] = Field(default_factory=list)
    # An action waiting for the patient's choice: {"action": "cancel"|"reschedule", "appointment": {...}?}
    pending: dict | None = None

    def record(self, user_text: str, answer: Turn) -> None:
        """Add one exchange, keeping the listing and the known bookings up to date."""
        self.history.extend([Turn(role="user", text=user_text), answer])
        del self.history[:-MAX_TURNS]
        if answer.slots:
            self.last_slots = list(answer.slots)
        for item in answer.appointments:
            self._track(item)

    def _track(self, item: AppointmentItem) -> None:
        key = (item.clinic, item.doctor, item.date, item.time)
        self.appointments = [a for a in self.appointments if (a.clinic, a.doctor, a.date, a.time) != key]
        if item.status in ("confirmed", "rescheduled", "booked"):
            self.appointments.append(item)
