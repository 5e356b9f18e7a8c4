"""What waits for the patient's next message: a change to confirm, or an action missing a choice."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from agent_system.domain.appointments import AppointmentItem, SlotOffer


ChangeAction = Literal["cancel", "reschedule"]


class PendingChange(BaseModel):
    """A cancel or reschedule the assistant asked the patient to confirm; it runs only after a yes."""
    action: ChangeAction
    appointment: AppointmentItem  # carries the booking code when the conversation knows it
    new_date: str | None = None
    new_time: str | None = None

    def with_code(self, code: str) -> "PendingChange":
        """The same change, with the booking code the patient typed."""
        return self.model_copy(update={"appointment": self.appointment.model_copy(update={"code": code})})


class PendingAction(BaseModel):
    """An action waiting for the patient's next message: which booking to cancel or move, or a held booking's yes."""
    action: Literal["cancel", "reschedule", "book_overlap", "book_pick"]
    appointment: AppointmentItem | None = None  # the booking to cancel or move, once known
    doctor: str | None = None  # what the patient said of the booking before it was looked up
    date: str | None = None
    time: str | None = None
    new_date: str | None = None  # the new slot of a reschedule, as far as it is known
    new_time: str | None = None
    slot: SlotOffer | None = None  # a booking held back as overlapping (book_overlap) or as an unsure pick (book_pick)
