"""A patient's conversation: who they are, what was said lately, what they booked, and what waits for their reply."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr, model_validator

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.dialogue import DialogueState, Idle
from agent_system.domain.patient import ANY_CLINIC, Dependant, Patient
from agent_system.sessions.earlier_shapes import upgraded

MAX_TURNS = 40  # turns a session keeps for the patient to see again (GET /api/session)
RECENT_MESSAGES = 12  # messages a planner reads as context
MAX_TYPED_CODES = 10


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
    language: str | None = None  # the language the patient has been writing in (a bare "no" shows none)
    recent: list[Message] = Field(default_factory=list)
    # The patient's bookings as this conversation knows them (booked, rescheduled or listed here).
    appointments: list[AppointmentItem] = Field(default_factory=list)
    # Booking codes of the bookings made or moved in this chat ("clinic|doctor|date|time" -> code):
    # they let this chat cancel or move its own bookings without asking the patient for the code.
    codes: dict[str, str] = Field(default_factory=dict)
    # The CPF of the dependant the bookings are for now ("pro meu filho"); None: for the patient.
    booking_for: str | None = None
    # What the last answer left waiting for the next message, and the listing it may point at.
    state: DialogueState = Field(default_factory=Idle)
    _unsaved: list[Turn] = PrivateAttr(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _from_earlier_shapes(cls, data: Any) -> Any:
        return upgraded(data)

    def record(self, user_text: str, answer: Turn) -> None:
        """Add one exchange, keeping the known bookings up to date."""
        exchange = [Turn(role="user", text=user_text), answer]
        self._unsaved = [*self._unsaved, *exchange][-MAX_TURNS:]
        self.recent = [*self.recent, *(Message(role=t.role, text=t.text) for t in exchange)][-RECENT_MESSAGES:]
        for item in answer.appointments:
            self._track(item)

    def book_for(self, dependant: Dependant | None) -> None:
        """From now on bookings are for this person (named again: their latest name and CPF), or for the patient."""
        if dependant is None:
            self.booking_for = None
            return
        others = [d for d in self.patient.dependants if d.cpf != dependant.cpf and d.relation != dependant.relation]
        self.patient.dependants = [*others, dependant]
        self.booking_for = dependant.cpf

    def relative(self, relation: str) -> Dependant | None:
        """The person named in this conversation for this relation ("filho"), if any."""
        return next((d for d in self.patient.dependants if d.relation == relation), None)

    def caller(self) -> Patient:
        """The patient as the clinics are asked for them: with the codes of the bookings made in this chat too."""
        codes = {clinic: list(held) for clinic, held in self.patient.codes.items()}
        for key, code in self.codes.items():
            clinic = key.split("|", 1)[0]
            codes[clinic] = [code, *codes.get(clinic, [])]
        return self.patient.model_copy(update={"codes": codes})

    def hold_typed_code(self, code: str) -> None:
        """A booking code the patient typed: from now on every clinic is shown it (it opens only its own booking)."""
        typed = self.patient.codes.get(ANY_CLINIC, [])
        if code not in typed:
            self.patient.codes[ANY_CLINIC] = [*typed, code][-MAX_TYPED_CODES:]

    def take_unsaved(self) -> list[Turn]:
        """The turns recorded since the last call, oldest first; the store appends them to the history."""
        turns, self._unsaved = self._unsaved, []
        return turns

    def code_of(self, item: AppointmentItem) -> str | None:
        """The booking code this conversation knows for a booking (it made or moved it here)."""
        return self.codes.get(_key(item))

    def _track(self, item: AppointmentItem) -> None:
        key = _key(item)
        if item.code:
            self.codes[key] = item.code
        elif item.status in ("cancelled", "moved"):
            self.codes.pop(key, None)
        self.appointments = [a for a in self.appointments if _key(a) != key]
        if item.status in ("confirmed", "rescheduled", "booked"):
            # A lookup lists bookings without codes: give back the code of one this chat made.
            self.appointments.append(item.model_copy(update={"code": self.code_of(item)}))


def _key(item: AppointmentItem) -> str:
    return "|".join((item.clinic, item.doctor, item.date, item.time))
