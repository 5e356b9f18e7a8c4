"""A patient's conversation: who they are, what was said lately, what was last listed and booked."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.patient import ANY_CLINIC, Dependant, Patient
from agent_system.domain.pending import PendingAction, PendingChange

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


class FamilyAsk(BaseModel):
    """The assistant asked who an appointment is for: the relation named, and the request to resume after."""
    relation: str
    request: str  # the patient's message that named the relation, planned again once the person is known


class Conversation(BaseModel):
    """What the next turn needs from earlier ones; stored server-side per session.

    The whole history (every turn with its slots) is not part of it: a session store keeps that
    apart, so a turn neither reads nor rewrites it. Turns recorded here wait until the store takes
    them (`take_unsaved`) and appends them.
    """
    patient: Patient
    language: str | None = None  # the language the patient has been writing in (a bare "no" shows none)
    recent: list[Message] = Field(default_factory=list)
    last_slots: list[SlotOffer] = Field(default_factory=list)
    # The patient's bookings as this conversation knows them (booked, rescheduled or listed here).
    appointments: list[AppointmentItem] = Field(default_factory=list)
    pending: PendingAction | None = None
    # The change waiting for the patient's yes or no; it dies with the next unrelated message.
    awaiting: PendingChange | None = None
    # Booking codes of the bookings made or moved in this chat ("clinic|doctor|date|time" -> code):
    # they let this chat cancel or move its own bookings without asking the patient for the code.
    codes: dict[str, str] = Field(default_factory=dict)
    # The booking the last answer made (or moved): "dá pra trocar?" in the next message is about it, and a
    # yes right after it has nothing left to confirm.
    just_booked: AppointmentItem | None = None
    # The doctors the last answer numbered for the patient to choose from: "2" answers that question.
    offered_doctors: list[str] = Field(default_factory=list)
    # The last answer listed free slots, or asked which of them, and none was chosen since: a bare yes needs a choice.
    choosing: bool = False
    # The last answer gave emergency numbers: "já liguei pro SAMU" is then acknowledged, not refused.
    after_emergency: bool = False
    # The last answer was led by "is someone in danger right now?" about this category: a yes is that emergency.
    safety_asked: str | None = None
    # The CPF of the dependant the bookings are for now ("pro meu filho"); None: for the patient.
    booking_for: str | None = None
    # Waiting for the full name and CPF of the person an appointment is for.
    family_ask: FamilyAsk | None = None
    # The clinics whose phone the last answers gave, when the patient asked for a person: a callback goes there.
    contact_clinics: list[str] = Field(default_factory=list)
    _unsaved: list[Turn] = PrivateAttr(default_factory=list)

    def record(self, user_text: str, answer: Turn) -> None:
        """Add one exchange, keeping the listing and the known bookings up to date."""
        exchange = [Turn(role="user", text=user_text), answer]
        self._unsaved = [*self._unsaved, *exchange][-MAX_TURNS:]
        self.recent = [*self.recent, *(Message(role=t.role, text=t.text) for t in exchange)][-RECENT_MESSAGES:]
        if answer.slots:
            self.last_slots = list(answer.slots)
        made = [a for a in answer.appointments if a.status in ("confirmed", "rescheduled") and a.code]
        self.just_booked = made[-1] if len(made) == 1 else None
        for item in answer.appointments:
            self._track(item)

    def ask_who(self, relation: str, request: str) -> None:
        """The assistant asks for the full name and CPF of the relative `request` books for."""
        self.family_ask = FamilyAsk(relation=relation, request=request)

    def forget_who(self) -> None:
        """The patient moved on without naming the person: the question is dropped."""
        self.family_ask = None

    def heard_contacts(self, clinics: list[str]) -> None:
        """The answer gives these clinics' phones to a patient who asked for a person: a callback goes to them."""
        self.contact_clinics = list(clinics)

    def book_for(self, dependant: Dependant | None) -> None:
        """From now on bookings are for this person (named again: their latest name and CPF), or for the patient."""
        self.family_ask = None
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
