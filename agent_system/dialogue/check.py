"""The meaning check of an LLM plan: Rule 10, grounding, the bookable window and write intent.

The LLM planner's syntax check (llm_planner.validate) says the ids and parameters exist; this says
the plan is the one the patient asked for. Every doctor, clinic, specialty, date and time must come
from the message, the conversation's earlier user turns, or an earlier result (the last listing, the
known bookings). A repair is made only where it is certain (complete a specialty's clinics, drop a
listing filter the patient never gave); anything else makes the plan unusable.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from collections.abc import Sequence
from typing import Callable

from clinic_servers.contract.clock import last_open_day
from clinic_servers.contract.registry import Clinic, ClinicRegistry

from agent_system.domain.tools import Tool
from agent_system.errors import UngroundedPlan
from agent_system.language.text import normalize
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.plan import Plan, Step
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.dates import find_date_range, find_dates
from agent_system.dialogue.reading.spoken_days import spell_out_days
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.reading import Reading
from agent_system.dialogue.reading.times import find_times
from agent_system.dialogue.reading.vocabulary import DoctorIndex

_LIST, _MINE, _BOOK = Tool.LIST_AVAILABLE_SLOTS, Tool.LIST_MY_APPOINTMENTS, Tool.BOOK_APPOINTMENT
_DATE_FILTERS = ("date", "date_from", "date_to")
# Cancel and reschedule are confirmed with the patient first; only the rules path runs that exchange.
_CONFIRMED_WRITES = (Tool.CANCEL_APPOINTMENT, Tool.RESCHEDULE_APPOINTMENT)

WriteRequest = Callable[[str], bool]


@dataclass(frozen=True)
class Grounds:
    """What this turn may plan with: the entities of the message, earlier user turns and results."""
    specialties: frozenset[str]
    doctors: frozenset[str]
    clinics: frozenset[str]
    named_clinics: frozenset[str]
    dates: frozenset[str]
    times: frozenset[str]
    first_day: date
    last_day: date
    write_requested: bool
    knows_bookings: bool  # the conversation holds bookings or a pending cancel/reschedule

    def bookable(self, day: str) -> bool:
        """Whether the date lies inside the 14-day window."""
        try:
            return self.first_day <= date.fromisoformat(day) <= self.last_day
        except ValueError:
            return False


class PlanCheck:
    """Checks (and where certain, repairs) an LLM plan against the turn's grounds."""

    def __init__(self, registry: ClinicRegistry, doctors: DoctorIndex, federation: FederationWords,
                 write_request: WriteRequest):
        self.registry, self.doctors, self.federation, self.write_request = registry, doctors, federation, write_request

    def grounds(self, reading: Reading, conversation: Conversation, today: date) -> Grounds:
        """The entities this turn's plan may use: what the turn's message and the patient's earlier ones name."""
        said = [spell_out_days(line) for line in
                [reading.text, *(normalize(m.text) for m in conversation.recent if m.role == "user")]]
        text = " ".join(line for line in said if line)
        known: list[SlotOffer | AppointmentItem] = [*conversation.state.listed, *conversation.appointments]
        dates = {d.isoformat() for line in said for d in find_dates(line, today)}
        for line in said:
            span = find_date_range(line, today)
            dates |= {span[0].isoformat(), span[1].isoformat()} if span else set()
        return Grounds(
            specialties=frozenset(self.federation.specialties_in(text)),
            doctors=frozenset({d.name for d in self.doctors.named_in(text)} | {k.doctor for k in known}),
            clinics=frozenset(set(self.federation.clinics_in(text)) | {k.clinic for k in known}),
            named_clinics=frozenset(reading.clinics),
            dates=frozenset(dates | {k.date for k in known}),
            times=frozenset({t for line in said for t in find_times(line)} | {k.time for k in known}),
            first_day=today, last_day=last_open_day(today),
            write_requested=self.write_request(reading.message),
            knows_bookings=bool(conversation.appointments or conversation.state.pending_action()
                                or conversation.state.pending_change()))

    def check(self, plan: Plan, grounds: Grounds) -> Plan:
        """The plan as usable (source llm, or llm_repaired when changed); UngroundedPlan if not."""
        steps, repaired = [], False
        for step in plan.steps:
            checked = self._step(step, grounds)
            repaired |= checked != step
            steps.append(checked)
        completed = self._complete(steps, grounds)
        repaired |= len(completed) != len(steps)
        source = "llm_repaired" if repaired or plan.source == "llm_repaired" else plan.source
        renumbered = [s.model_copy(update={"step_id": n}) for n, s in enumerate(completed, start=1)]
        return plan.model_copy(update={"steps": renumbered, "source": source})

    def _step(self, step: Step, grounds: Grounds) -> Step:
        if step.action in _CONFIRMED_WRITES:
            raise UngroundedPlan(f"{step.action} is confirmed with the patient first (rules path)")
        if step.action == _BOOK:
            return self._booking(step, grounds)
        if step.action == _LIST:
            return self._listing(step, grounds)
        if not grounds.knows_bookings:  # list_my_appointments: the rules read every way of asking for it
            raise UngroundedPlan("the patient's appointments were never part of the conversation")
        return step

    def _booking(self, step: Step, grounds: Grounds) -> Step:
        p = step.parameters
        if not grounds.write_requested:
            raise UngroundedPlan("a booking step, but the message does not ask to book")
        if p["doctor"] not in grounds.doctors:
            raise UngroundedPlan("the booking names a doctor the patient did not name")
        if not grounds.bookable(p["date"]) or p["date"] not in grounds.dates:
            raise UngroundedPlan("the booking's date is outside the window or was never given")
        if p["time"] not in grounds.times:
            raise UngroundedPlan("the booking's time was never given")
        return step

    def _listing(self, step: Step, grounds: Grounds) -> Step:
        doctor = step.parameters.get("doctor")
        if doctor is not None and doctor not in grounds.doctors:
            raise UngroundedPlan("the listing names a doctor the patient did not name")
        if doctor is None and step.clinic not in grounds.clinics and self._specialty(step.clinic) not in grounds.specialties:
            raise UngroundedPlan("the listing's clinic or specialty was never asked for")
        dates = [step.parameters[k] for k in _DATE_FILTERS if k in step.parameters]
        if not all(grounds.bookable(d) for d in dates):
            raise UngroundedPlan("the listing filters on a date outside the bookable window")
        if all(d in grounds.dates for d in dates):
            return step
        # A filter the patient never gave: listing the whole window is what they would see anyway.
        kept = {k: v for k, v in step.parameters.items() if k not in _DATE_FILTERS}
        return step.model_copy(update={"parameters": kept})

    def _complete(self, steps: list[Step], grounds: Grounds) -> list[Step]:
        """Rule 10: a specialty listing covers each clinic of it; my appointments covers every clinic."""
        out = list(steps)
        for step in steps:
            peers: Sequence[Clinic]
            if step.action == _MINE:
                peers = self.registry.clinics
            elif step.action == _LIST and "doctor" not in step.parameters and step.clinic not in grounds.named_clinics:
                peers = self.registry.for_specialty(self._specialty(step.clinic))
            else:
                continue
            for clinic in peers:
                if not any(s.clinic == clinic.id and s.action == step.action for s in out):
                    out.append(step.model_copy(update={"clinic": clinic.id}))
        return out

    def _specialty(self, clinic_id: str) -> str:
        """The clinic's specialty key; "" for a clinic the registry does not know (the plan's validation refuses it)."""
        clinic = self.registry.get(clinic_id)
        return clinic.specialty.key if clinic else ""
