"""What the last answer left waiting for the patient's next message: one state, and every way it changes.

Between turns a conversation is in exactly one of these states, named for the question the last answer
asked or the fact it left for the next message to refer to ("dá pra trocar?" right after a booking).
Every change of state is a method here, applied by the pipeline alone; reading and planning only ask the
state (`pending_action()`, `choosing()`, …). Each state also carries what earlier answers showed and the
next messages may still point at: the last listing ("o segundo"), and the clinics whose phones were
given to a patient who asked for a person (a callback goes there).

    start of a turn        AfterEmergency ─ next_message ─▶ Idle;  SafetyAsked ─ next_message ─▶ what it asked over
    an emergency           any ─ after_emergency ─▶ AfterEmergency
    the answer             any ─ after_answer ─▶ AskingWho | AwaitingConfirmation | AwaitingChoice | Held | Offered
                                                 | JustBooked | BookingsShown | DoctorsOffered | Choosing | Idle
    a safety line led it   Idle, Choosing, JustBooked, DoctorsOffered, AskingWho ─ asked_safety ─▶ SafetyAsked
"""
from __future__ import annotations

from typing import Annotated, Literal, Union, cast

from pydantic import BaseModel, Field

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.pending import PendingAction, PendingChange
from agent_system.domain.plan import EmptyListing, Intent, Plan
from agent_system.domain.tools import Tool

HeldFor = Literal["book_overlap", "book_pick"]
HELD: Literal["book_overlap"] = "book_overlap"  # a booking held back as overlapping another
PICKED: Literal["book_pick"] = "book_pick"  # a slot held for a yes: an unsure pick, or one offered
MADE = ("confirmed", "rescheduled")  # what a booking or a move the answer reports is


class _Shown(BaseModel):
    """The base of every state: what it holds for the next message, and the transitions out of it."""
    listed: list[SlotOffer] = Field(default_factory=list)  # the last listing, until an answer lists others
    contacts: list[str] = Field(default_factory=list)  # the clinics whose phones a patient asking for a person got

    # -- what the next message may answer ------------------------------------------------------------
    def pending_action(self) -> PendingAction | None:
        """The cancel or reschedule missing which booking or new slot, or the slot held for a yes."""
        return None

    def pending_change(self) -> PendingChange | None:
        """The cancel or reschedule waiting for the patient's yes (and booking code)."""
        return None

    def just_booked(self) -> AppointmentItem | None:
        """The one booking the last answer made or moved."""
        return None

    def offered_doctors(self) -> list[str]:
        """The doctors the last answer numbered for a choice: "2" names the second."""
        return []

    def choosing(self) -> bool:
        """The last answer listed free slots or asked which: a bare yes needs a choice."""
        return False

    def bookings_shown(self) -> bool:
        """The last answer showed the patient's own bookings: "e no dia 4?", "que horas mesmo?" ask about them."""
        return False

    def alternatives_offered(self) -> EmptyListing | None:
        """The doctor's listing that came back empty, when its answer offered another day, doctor or clinic."""
        return None

    # -- transitions ---------------------------------------------------------------------------------
    def next_message(self) -> DialogueState:
        """A message that is no emergency and does not say help was called: the emergency and the safety
        question are behind it."""
        return self._same()

    def after_emergency(self, category: str) -> AfterEmergency:
        """Emergency numbers were given: whatever was asked before is not answered by an "ok" now."""
        return AfterEmergency(category=category, listed=self.listed, contacts=self.contacts)

    def after_answer(self, plan: Plan, slots: list[SlotOffer], appointments: list[AppointmentItem],
                     offer: SlotOffer | None) -> DialogueState:
        """What the answer to `plan` leaves waiting: the slots it listed, the bookings it reports, and the one
        slot it offered for a yes (`offer`). An answer that asks a question leaves that question; one that asks
        none leaves at most what the patient may point at next."""
        listed = list(slots) or self.listed
        # A patient who asked for a person got these clinics' phones: a callback goes there.
        contacts = [s.clinic for s in plan.steps] if Intent.PERSON in plan.intents else self.contacts
        if Intent.ASK_DEPENDANT in plan.intents and plan.relation is not None:
            return AskingWho(relation=plan.relation, request=plan.request or "", name=plan.named_so_far,
                             cpf=plan.cpf_so_far, listed=listed, contacts=contacts)
        if plan.awaiting is not None:
            return AwaitingConfirmation(change=plan.awaiting, asked=plan.pending, listed=listed, contacts=contacts)
        if plan.pending is not None:
            return _waiting_on(plan.pending, bool(slots), listed, contacts)
        if offer is not None:
            return Offered(slot=offer, listed=listed, contacts=contacts)
        made = [a for a in appointments if a.status in MADE and a.code]
        if len(made) == 1:
            return JustBooked(appointment=made[0], listed=listed, contacts=contacts)
        if Intent.MY_APPOINTMENTS in plan.intents and not slots:
            return BookingsShown(listed=listed, contacts=contacts)
        doctors = [d.doctor for d in plan.clarification.doctors] if plan.clarification else []
        if doctors:
            return DoctorsOffered(doctors=doctors, listed=listed, contacts=contacts)
        if slots or Intent.CHOOSE_SLOT in plan.intents:
            return Choosing(listed=listed, contacts=contacts)
        tried = _empty_doctor_listing(plan)
        if tried is not None:
            return AlternativesOffered(tried=tried, listed=listed, contacts=contacts)
        return Idle(listed=listed, contacts=contacts)

    def asked_safety(self, category: str) -> DialogueState:
        """The answer was led by "is someone in danger right now?": a yes next is that emergency. An answer that
        also asked to confirm something keeps that question: a yes is its confirmation."""
        if not isinstance(self, (Idle, Choosing, JustBooked, DoctorsOffered, AskingWho)):
            return self._same()
        beneath = self.model_copy(update={"listed": [], "contacts": []})
        return SafetyAsked(category=category, over=beneath, listed=self.listed, contacts=self.contacts)

    def _same(self) -> DialogueState:
        return cast("DialogueState", self)  # every state is one of DialogueState's


def _empty_doctor_listing(plan: Plan) -> EmptyListing | None:
    """One doctor's listing that showed no slot: its answer offered another day, another doctor or another clinic."""
    listings = [s for s in plan.steps if s.action == Tool.LIST_AVAILABLE_SLOTS and s.parameters.get("doctor")]
    if len(listings) != 1 or len(plan.steps) != 1:
        return None
    step = listings[0]
    return EmptyListing(clinic=step.clinic, doctor=step.parameters["doctor"], date=step.parameters.get("date"))


def _waiting_on(action: PendingAction, shown: bool, listed: list[SlotOffer], contacts: list[str]) -> DialogueState:
    held = action.action
    if (held == HELD or held == PICKED) and action.slot is not None:
        return Held(slot=action.slot, action=held, listed=listed, contacts=contacts)
    return AwaitingChoice(asked=action, slots_listed=shown, listed=listed, contacts=contacts)


class Idle(_Shown):
    """Nothing waits for the patient's reply."""
    kind: Literal["idle"] = "idle"


class BookingsShown(_Shown):
    """The last answer showed the patient's own bookings (or said there was none on the day asked): a short question
    next carries on about them."""
    kind: Literal["bookings_shown"] = "bookings_shown"

    def bookings_shown(self) -> bool:
        return True


class AlternativesOffered(_Shown):
    """A doctor's listing came back empty and its answer offered another day, another doctor or another clinic: a bare
    yes chooses none of them."""
    kind: Literal["alternatives_offered"] = "alternatives_offered"
    tried: EmptyListing

    def alternatives_offered(self) -> EmptyListing:
        return self.tried


class Choosing(_Shown):
    """The last answer listed free slots, or asked which of them: none was chosen since."""
    kind: Literal["choosing"] = "choosing"

    def choosing(self) -> bool:
        return True


class Offered(_Shown):
    """The last answer offered one free slot for a yes ("posso marcar … às 15h?", the soonest asked for)."""
    kind: Literal["offered"] = "offered"
    slot: SlotOffer

    def pending_action(self) -> PendingAction:
        return PendingAction(action=PICKED, slot=self.slot)

    def choosing(self) -> bool:
        return True  # it was offered with the listing it came from


class Held(_Shown):
    """A booking held back for the patient's yes: it overlaps another (book_overlap), or an ordinal picked it from
    several doctors' slots (book_pick)."""
    kind: Literal["held"] = "held"
    slot: SlotOffer
    action: HeldFor

    def pending_action(self) -> PendingAction:
        return PendingAction(action=self.action, slot=self.slot)


class AwaitingChoice(_Shown):
    """A cancel or reschedule that waits for which booking, or for the new slot: what is known of it so far."""
    kind: Literal["awaiting_choice"] = "awaiting_choice"
    asked: PendingAction
    slots_listed: bool = False  # the answer listed the new slots to choose from: "perfeito" is asked which

    def pending_action(self) -> PendingAction:
        return self.asked

    def choosing(self) -> bool:
        return self.slots_listed


class AwaitingConfirmation(_Shown):
    """A cancel or reschedule the patient is asked to confirm; it runs only after a yes. The choice that led to it
    (`asked`) stays open: "a do dia 27" instead of a yes still answers which booking."""
    kind: Literal["awaiting_confirmation"] = "awaiting_confirmation"
    change: PendingChange
    asked: PendingAction | None = None

    def pending_action(self) -> PendingAction | None:
        return self.asked

    def pending_change(self) -> PendingChange:
        return self.change


class JustBooked(_Shown):
    """The last answer made (or moved) one booking: "dá pra trocar?" is about it, and a yes confirms nothing more."""
    kind: Literal["just_booked"] = "just_booked"
    appointment: AppointmentItem

    def just_booked(self) -> AppointmentItem:
        return self.appointment


class DoctorsOffered(_Shown):
    """The last answer numbered doctors to choose from."""
    kind: Literal["doctors_offered"] = "doctors_offered"
    doctors: list[str]

    def offered_doctors(self) -> list[str]:
        return self.doctors


class AskingWho(_Shown):
    """Waiting for the full name and CPF of the relative an appointment is for; `request` is planned again once the
    person is known."""
    kind: Literal["asking_who"] = "asking_who"
    relation: str
    request: str
    name: str | None = None  # the person's full name, when it came without the CPF
    cpf: str | None = None  # the person's CPF, when it came without the name


class AfterEmergency(_Shown):
    """The last answer gave emergency numbers: "já liguei pro SAMU" is acknowledged, not refused."""
    kind: Literal["after_emergency"] = "after_emergency"
    category: str

    def next_message(self) -> Idle:
        return Idle(listed=self.listed, contacts=self.contacts)


Beneath = Annotated[Union[Idle, Choosing, JustBooked, DoctorsOffered, AskingWho], Field(discriminator="kind")]


class SafetyAsked(_Shown):
    """The last answer was led by "is someone in danger right now?" about this category: a yes is that emergency;
    any other message answers what the rest of the answer left waiting (`over`)."""
    kind: Literal["safety_asked"] = "safety_asked"
    category: str
    over: Beneath

    def just_booked(self) -> AppointmentItem | None:
        return self.over.just_booked()

    def offered_doctors(self) -> list[str]:
        return self.over.offered_doctors()

    def choosing(self) -> bool:
        return self.over.choosing()

    def next_message(self) -> DialogueState:
        return self.over.model_copy(update={"listed": self.listed, "contacts": self.contacts})


DialogueState = Annotated[Union[Idle, Choosing, Offered, Held, AwaitingChoice, AwaitingConfirmation, JustBooked,
                                BookingsShown, DoctorsOffered, AskingWho, AfterEmergency, SafetyAsked, AlternativesOffered],
                          Field(discriminator="kind")]
