"""The planner's output: a step graph of one-clinic tool calls, plus what to say when there are none."""
from __future__ import annotations

from datetime import date
from enum import Enum
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.notes import AnswerNote
from agent_system.domain.pending import PendingAction, PendingChange
from agent_system.domain.clinic_data import Leaf, leaves
from clinic_servers.contract.tools import (CODE_ARGUMENT, CODES_ARGUMENT, IDENTITY_ARGUMENTS, RETRY_KEY_ARGUMENT, Role,
                                          tool_names)

PATIENT_ACTIONS = tool_names(Role.PATIENT)
STAFF_ACTIONS = tool_names(Role.STAFF)
# The router injects the session's identity into these; plans never carry it.
IDENTIFIED_ACTIONS = tool_names(Role.PATIENT, identified=True)
WRITE_ACTIONS = tool_names(Role.PATIENT, writes=True)
# Arguments no plan may set: identity, the booking code (from the patient's confirmation), the codes the
# patient holds (from the session) and the idempotency key (from the router).
INJECTED_ARGUMENTS = (*IDENTITY_ARGUMENTS, CODE_ARGUMENT, CODES_ARGUMENT, RETRY_KEY_ARGUMENT)


DayPart = Literal["morning", "afternoon", "evening"]


def part_of_day(time: str) -> DayPart:
    """"morning" before noon, "afternoon" until six, "evening" after ("HH:MM")."""
    hour = int(time[:2])
    return "morning" if hour < 12 else "afternoon" if hour < 18 else "evening"


class Intent(str, Enum):
    """What the turn is about, for the families built in before intents were open (their values are public: the
    reasoning of the `plan` event names them); many decide the wording when a plan has no steps."""
    LIST = "list"
    BOOK = "book"
    RESCHEDULE = "reschedule"
    CANCEL = "cancel"
    MY_APPOINTMENTS = "my_appointments"
    CLINIC_INFO = "clinic_info"
    OVERLAP = "overlap"
    OVERLAP_DECLINED = "overlap_declined"
    PICK_CHECK = "pick_check"  # "a segunda opção" of several doctors' slots: is this the one?
    PICK_DECLINED = "pick_declined"
    PRIVACY = "privacy"
    INVALID_SPECIALTY = "invalid_specialty"
    MISSING_SPECIALTY = "missing_specialty"
    GREETING = "greeting"
    OUT_OF_SCOPE = "out_of_scope"
    MEDICAL_ADVICE = "medical_advice"
    CLARIFY = "clarify"
    CONFIRM = "confirm"  # a cancel or reschedule waits for the patient's yes (and booking code)
    KEEP = "keep"  # the patient said no: the booking stays as it is
    CHOOSE_SLOT = "choose_slot"  # a bare yes to a listing that offered no one slot: which of the listed times?
    PRICE = "price"  # what a visit costs: not in the clinics' data, so who to ask
    ALREADY_BOOKED = "already_booked"  # a yes right after a confirmation: nothing is left to confirm
    ASK_DEPENDANT = "ask_dependant"  # "pro meu filho": whose full name and CPF?
    FOR_DEPENDANT = "for_dependant"  # the person just named: what follows is booked for them
    PERSON = "person"  # "quero falar com um atendente": the clinics' phones and hours, and the callback offer
    CALLBACK = "callback"  # a request to be called back, left at a clinic
    WHICH_DAY = "which_day"  # a weekday and a date that disagree: which of the two days, before anything else
    CLOSING = "closing"  # thanks or goodbye and nothing else: a short reply, no introduction
    TRY_WHICH = "try_which"  # a bare yes to "another day, another doctor or another clinic?": which of them


# An intent of the plan: a member of `Intent`, or the name an intent family's handler module declares for itself
# (`handlers/booking_code.py`: "booking_code"); a name that is an `Intent` value is read as that member.
IntentName = Annotated[Intent | str, Field(union_mode="left_to_right")]


class EmptyListing(BaseModel):
    """A doctor's listing that came back empty, whose answer offered another day, doctor or clinic."""
    clinic: str
    doctor: str
    date: str | None = None


class Step(BaseModel):
    step_id: int
    clinic: str
    action: str
    parameters: dict[str, Any] = Field(default_factory=dict)


class DoctorChoice(BaseModel):
    doctor: str
    clinic: str


class Clarification(BaseModel):
    """What the patient is asked to choose between: their bookings (to cancel or move one) or doctors."""
    action: Literal["cancel", "reschedule"] | None = None
    appointments: list[AppointmentItem] = Field(default_factory=list)
    doctors: list[DoctorChoice] = Field(default_factory=list)


class BookingFilter(BaseModel):
    """Which of the patient's bookings a question is about: the next one, on a day, of a specialty, with a doctor."""
    next_only: bool = False
    dates: list[str] = Field(default_factory=list)
    weekdays: list[int] = Field(default_factory=list)  # "tenho algo na sexta?": any Friday (0 is Monday)
    # The days were said one by one ("na sexta", "dia 3"), not as a span: no booking then is an answer of its own.
    days_said: bool = False
    specialties: list[str] = Field(default_factory=list)
    doctors: list[str] = Field(default_factory=list)

    def keeps(self, doctor: str, day: str, specialty: str) -> bool:
        """Whether a booking fits every filter but "next" (which keeps the earliest of those that fit)."""
        return ((not self.dates or day in self.dates) and (not self.weekdays or _weekday(day) in self.weekdays)
                and (not self.specialties or specialty in self.specialties)
                and (not self.doctors or doctor in self.doctors))


def _weekday(iso: str) -> int | None:
    try:
        return date.fromisoformat(iso).weekday()
    except ValueError:  # clinic data is checked by schema only as text
        return None


class Overlap(BaseModel):
    """A booking held back because it overlaps one the patient already has."""
    kind: OverlapKind
    slot: SlotOffer
    existing: SlotOffer


OverlapKind = Literal["same_hour", "same_week"]


class BookingCheck(BaseModel):
    """Reads a booking waits on: the patient's bookings at every clinic, and whether its slot is still free.

    They are dispatched before the plan's steps, like any step; when a booking of the same person overlaps the slot
    and the slot is free, the booking is held for the patient's yes instead of made.
    """
    reads: list[Step]
    slot: SlotOffer
    person: str | None = None  # the dependant the booking is for, by name; None: the patient
    waived: list[OverlapKind] = Field(default_factory=list)  # overlaps the request itself accepted ("marca também")


class HeldPick(BaseModel):
    """A slot an ordinal picked from a listing of several doctors, held until the patient confirms it."""
    slot: SlotOffer
    position: int  # 1-based, counted in time order
    last: bool = False  # picked as "o último": the latest slot, which the listing may not show last


class Plan(BaseModel):
    """The steps to dispatch, what the turn is about, and the facts its answer and the next turn need."""
    model_config = ConfigDict(extra="forbid")  # a misspelt fact fails where it is written, not where it is read

    steps: list[Step] = Field(default_factory=list)
    intents: list[IntentName] = Field(default_factory=list)
    source: Literal["rules", "llm", "llm_repaired", "rules_fallback", "triage"] = "rules"
    reasoning: list[str] = Field(default_factory=list)
    pending: PendingAction | None = None  # carried to the next turn: the action waiting for the patient's choice
    awaiting: PendingChange | None = None  # the cancel or reschedule waiting for the patient's yes
    clarification: Clarification | None = None
    unknown_specialty: str | None = None  # named by the patient, offered by no clinic
    health_plan: str | None = None  # the plan a clinic-info question asks about: only the clinics taking it are shown
    advice_specialty: str | None = None  # the specialty a request for medical advice is about
    kept: AppointmentItem | None = None  # the booking the patient decided to keep
    check: BookingCheck | None = None  # reads dispatched before the steps, whose answers decide whether they run
    overlap: Overlap | None = None
    overlap_confirmed: bool = False  # the patient said yes to a held booking: the turn may book it
    pick: HeldPick | None = None
    # A slot asked about without asking to book it ("posso marcar … às 15h?"): offered for a yes when free.
    asked_slot: SlotOffer | None = None
    shown_bookings: BookingFilter | None = None  # a question about some of the patient's bookings shows only those
    next_free_after: AppointmentItem | None = None  # a reschedule to the first free slot after this booking
    sooner: bool = False  # with `next_free_after`: the free slot right before that booking, the same day
    next_in_part: bool = False  # with `next_free_after` and `day_part`: the next free slot after it in that part
    # with `next_free_after`: the first or last free slot of the day listed ("o último desse dia", "her earliest")
    day_position: Literal["first", "last"] | None = None
    # A move to a slot no listing showed ("uma hora depois", "same time on Thursday"): asked for a yes only once its
    # doctor's listing of that day shows it free; otherwise that day's real slots are shown instead
    checked_move: PendingChange | None = None
    asks_soonest: bool = False  # "qual o primeiro horário livre?": the listing's earliest slot is offered for a yes
    day_part: DayPart | None = None  # the listings' answer offers only the slots of this part of the day
    slot_example: SlotOffer | None = None  # a listed slot, shown as the way to choose one (CHOOSE_SLOT)
    just_booked: AppointmentItem | None = None  # the booking the last answer confirmed (ALREADY_BOOKED)
    tried: EmptyListing | None = None  # the empty listing whose alternatives a bare yes did not choose (TRY_WHICH)
    relation: str | None = None  # the relative an appointment is for, as the patient said it (ASK_DEPENDANT)
    request: str | None = None  # the request planned again once that relative is named (ASK_DEPENDANT)
    cpf_invalid: bool = False  # the CPF given for that person is not a valid one, or is the patient's own
    named_so_far: str | None = None  # that person's full name, given without their CPF (ASK_DEPENDANT)
    cpf_so_far: str | None = None  # that person's CPF, given without their name (ASK_DEPENDANT; never shown)
    dependant: str | None = None  # the name of the person just named (FOR_DEPENDANT)
    callback_clinic: str | None = None  # the clinic a callback request is left at; none known: ask (PERSON)
    days_to_choose: list[str] = Field(default_factory=list)  # WHICH_DAY: the date said, the weekday's date
    # What the answer says for the handlers that word their own intents, in the order they wrote it (after the notes
    # of the `Intent` members, ahead of what the clinics said).
    notes: list[AnswerNote] = Field(default_factory=list)

    def public(self) -> dict[str, Any]:
        """The plan as the `plan` event shows it (never the injected name or CPF)."""
        body: dict[str, Any] = {"steps": [_public(s) for s in self.steps], "source": self.source}
        if self.check is not None:
            body["checks"] = [_public(s) for s in self.check.reads]
        if self.reasoning:
            body["reasoning"] = self.reasoning
        return body


def _public(step: Step) -> dict[str, Any]:
    return {"step_id": step.step_id, "clinic": step.clinic, "action": step.action,
            "parameters": {k: v for k, v in step.parameters.items() if k not in INJECTED_ARGUMENTS}}


class StepResult(BaseModel):
    """One dispatched step's outcome, as the verifier and the response generator see it; never changed once made."""
    step_id: int
    clinic: str
    action: str
    parameters: dict[str, Any] = Field(default_factory=dict)
    status: Literal["ok", "error", "timeout"]
    data: dict[str, Any] | None = None  # structuredContent of a successful call
    error: dict[str, Any] | None = None  # {code, message}: a tool error code, or -32000 for transport
    ms: float = 0.0

    @cached_property
    def parsed_as(self) -> dict[type, Any]:
        """The data in each schema it was read in, parsed once: the renderer, the offer and the session read a
        listing several times a turn (`dispatch.results.parsed` fills it)."""
        return {}

    @cached_property
    def leaves(self) -> list[Leaf]:
        """Every value the clinic returned, result and error object; the verifier reads them several times a turn."""
        return leaves(self.data) + leaves(self.error)
