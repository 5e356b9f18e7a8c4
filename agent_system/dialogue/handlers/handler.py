"""What every intent family's handler offers the rules planner, and the one planning pass they share."""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.appointments import SlotOffer
from agent_system.domain.pending import PendingChange
from agent_system.domain.plan import Intent, Plan, StepResult
from agent_system.domain.tools import Tool
from agent_system.dialogue.appointments import AppointmentPlanning
from agent_system.dialogue.draft import PlanDraft
from agent_system.dialogue.follow_ups import FollowUps
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.reading import Reading


@dataclass
class PlanningTurn:
    """One planning pass over one reading of a message: what the handlers read, and the draft they write to."""
    registry: ClinicRegistry
    reading: Reading
    conversation: Conversation
    follow_ups: FollowUps
    out: PlanDraft = field(default_factory=PlanDraft)
    appointments: AppointmentPlanning = field(init=False)

    def __post_init__(self) -> None:
        self.appointments = AppointmentPlanning(self.out, self.reading, self.conversation, self.registry)

    def specialty_of(self, clinic_id: str) -> str:
        """The specialty key of a clinic ("" for a clinic the registry does not know)."""
        clinic = self.registry.get(clinic_id)
        return clinic.specialty.key if clinic else ""

    def listing_intent(self) -> Intent:
        """A listing asked for while booking is a booking's first step; else a plain listing."""
        return Intent.BOOK if self.reading.wants_book else Intent.LIST

    def slot_in_message(self) -> SlotOffer | None:
        """The one slot the message names: a doctor, one time, and one day (said, or kept from the conversation)."""
        r = self.reading
        day = r.days[0] if len(r.dates) == 1 else self.follow_ups.carried_day()
        if not (r.doctor and day and len(r.times) == 1):
            return None
        return SlotOffer(clinic=r.doctor.clinic_id, doctor=r.doctor.name, date=day, time=r.times[0])

    def book(self, slot: SlotOffer) -> None:
        """Book one resolved slot at its clinic."""
        self.out.note(f"Resolved the slot {slot.doctor} {slot.date} {slot.time} at {slot.clinic}: book it there.")
        self.out.step(slot.clinic, Tool.BOOK_APPOINTMENT, doctor=slot.doctor, date=slot.date, time=slot.time)
        self.out.intend(Intent.BOOK)


@dataclass(frozen=True)
class Answered:
    """What the clinics answered this turn, with what the patient's message settled before they were asked."""
    results: list[StepResult]
    confirmed: PendingChange | None  # the cancel or reschedule this message confirmed (and the grant allowed)
    typed_code: str | None  # a booking code typed in the message


class Handler(ABC):
    """One intent family: whether it answers this reading in this state, the plan it makes for it, and what it
    makes of the clinics' answers.

    `applies` only reads; `plan` writes the steps, intents, answer facts (the `Plan` fields the answer's notes are
    written from) and reasoning into `turn.out`. The first handler of the list that applies plans the message.
    `after_results` sees every plan once the clinics have answered (an LLM plan too) and changes only what its
    family planned; most families leave it as it is.
    """

    @abstractmethod
    def applies(self, turn: PlanningTurn) -> bool: ...

    @abstractmethod
    def plan(self, turn: PlanningTurn) -> None: ...

    def after_results(self, plan: Plan, answered: Answered) -> Plan:
        """The plan once the clinics have answered."""
        return plan
