"""No overlapping bookings: before a booking, the patient's appointments at every clinic are checked.

A booking within the same hour as another appointment (at any clinic), or of a specialty the patient
already sees that week, is held back and the patient asked; "sim"/"yes" books it, "não"/"no" drops it.
A request that itself asks for one more booking ("marca também…", "book another appointment…") has
answered the specialty question already; a booking in the same hour is still held, as no patient means
to be in two places at once.
"""
from __future__ import annotations

from datetime import date

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.results import booked_slots, offered_slots
from agent_system.domain.appointments import SlotOffer
from agent_system.domain.tools import Tool
from agent_system.dialogue.held_slots import pick_question
from agent_system.domain.plan import BookingCheck, Intent, Overlap, OverlapKind, Plan, Step, StepResult
from agent_system.sessions.conversation import Conversation
from agent_system.domain.dialogue import HELD, PICKED
from agent_system.domain.pending import PendingAction
from agent_system.dialogue.reading.reading import Reading

_DECLINED = {HELD: Intent.OVERLAP_DECLINED, PICKED: Intent.PICK_DECLINED}


class OverlapGuard:
    """Before a booking, plans the reads that tell whether it overlaps another; after them, holds it or lets it run.

    The reads are steps of the plan (`Plan.check`): the pipeline dispatches them through the router like any other
    step, so they show in the turn's events and its audit line.
    """

    def __init__(self, registry: ClinicRegistry):
        self.registry = registry

    def review(self, plan: Plan, conversation: Conversation, reading: Reading) -> Plan:
        """The plan to dispatch: a held booking's outcome, the question instead of an unsure pick, a booking with the
        reads that check it, or the plan as it was."""
        waiting = conversation.state.pending_action()
        held = waiting if waiting and waiting.action in _DECLINED else None
        if held is not None and held.slot is not None:
            # "ok quero", or "book that one please" naming no other slot, takes the slot held for it.
            reply = "yes" if reading.accepts or _bare_go_ahead(reading) else reading.confirmation
            if reply == "no" and not plan.steps:  # "não, empurra uma hora": the new request, not a bare no
                return Plan(intents=[_DECLINED[held.action]], source=plan.source)
            if reply == "yes" and not plan.steps:
                slot = held.slot
                step = Step(step_id=1, clinic=slot.clinic, action=Tool.BOOK_APPOINTMENT,
                            parameters={"doctor": slot.doctor, "date": slot.date, "time": slot.time})
                confirmed = Plan(steps=[step], intents=[Intent.BOOK], source=plan.source,
                                 reasoning=["The patient confirmed the held booking."], overlap_confirmed=True)
                if held.action == HELD:
                    return confirmed
                plan = confirmed  # a confirmed pick may still overlap another booking
        books = [s for s in plan.steps if s.action == Tool.BOOK_APPOINTMENT]
        if len(books) != 1 or len(plan.steps) != 1:
            return plan
        slot = SlotOffer(clinic=books[0].clinic, **{k: str(books[0].parameters.get(k, "")) for k in
                                                      ("doctor", "date", "time")})
        unsure = pick_question(plan, slot, reading, conversation)
        if unsure is not None:
            return unsure
        dependant = conversation.patient.dependant(str(books[0].parameters.get("cpf", "")))
        check = BookingCheck(reads=self._reads(slot, first=len(plan.steps) + 1), slot=slot,
                             person=dependant.name if dependant else None,
                             waived=["same_week"] if reading.adds_booking else [])
        return plan.model_copy(update={"check": check})

    def settle(self, plan: Plan, reads: list[StepResult]) -> Plan:
        """Once the check's reads are answered: the booking held for a yes when it overlaps a booking of the same
        person and its slot is still free (a taken slot is refused by its clinic, with no question first); else the
        plan as it was."""
        check = plan.check
        if check is None:
            return plan
        clash = self._clash(check, [r for r in reads if r.action == Tool.LIST_MY_APPOINTMENTS])
        if clash is None or not _free(check.slot, [r for r in reads if r.action == Tool.LIST_AVAILABLE_SLOTS]):
            return plan
        return Plan(intents=[Intent.OVERLAP], source=plan.source, reasoning=[*plan.reasoning, clash.kind],
                    overlap=clash, pending=PendingAction(action=HELD, slot=check.slot))

    def _reads(self, slot: SlotOffer, first: int) -> list[Step]:
        """The patient's bookings at every clinic, and the slot's doctor's free slots that day."""
        reads = [Step(step_id=n, clinic=c, action=Tool.LIST_MY_APPOINTMENTS) for n, c in enumerate(self.registry.ids(), first)]
        return [*reads, Step(step_id=first + len(reads), clinic=slot.clinic, action=Tool.LIST_AVAILABLE_SLOTS,
                             parameters={"doctor": slot.doctor, "date": slot.date})]

    def _clash(self, check: BookingCheck, bookings: list[StepResult]) -> Overlap | None:
        """The first booking of the same person the slot overlaps (same hour, or same specialty that week), unless
        waived; else None."""
        for clinic, booked in booked_slots(bookings):
            if booked.patient_name != check.person:
                continue  # a booking for someone else never clashes with this one
            existing = SlotOffer(clinic=clinic, doctor=booked.doctor, date=booked.date, time=booked.time)
            if existing == check.slot:
                continue  # the same slot again: the clinic answers with the existing booking
            kind = self._kind(check.slot, existing)
            if kind is not None and kind not in check.waived:
                return Overlap(kind=kind, slot=check.slot, existing=existing)
        return None

    def _kind(self, slot: SlotOffer, existing: SlotOffer) -> OverlapKind | None:
        """How two bookings overlap: "same_hour", "same_week" (same specialty), or None."""
        if existing.date == slot.date and abs(_minutes(existing.time) - _minutes(slot.time)) < 60:
            return "same_hour"
        same_specialty = self._specialty(existing.clinic) == self._specialty(slot.clinic)
        if same_specialty and _week(existing.date) == _week(slot.date):
            return "same_week"
        return None

    def _specialty(self, clinic_id: str) -> str:
        clinic = self.registry.get(clinic_id)
        return clinic.specialty.key if clinic else clinic_id


def _free(slot: SlotOffer, listings: list[StepResult]) -> bool:
    """Whether the slot is still free: the listing of its doctor that day shows its time, or could not be read."""
    # The listing is of that doctor and day; the booking may name the doctor in part ("dra ana beatriz").
    return all(r.status != "ok" or any(o.time == slot.time for o in offered_slots([r])) for r in listings)


def _bare_go_ahead(reading: Reading) -> bool:
    return reading.asks_to_write and not (reading.doctors or reading.dates or reading.times or reading.specialties
                                          or reading.clinics or reading.ordinal is not None or reading.wants_cancel
                                          or reading.wants_reschedule)


def _minutes(hhmm: str) -> int:
    hours, _, minutes = hhmm.partition(":")
    return int(hours or 0) * 60 + int(minutes or 0)


def _week(iso: str) -> tuple[int, int]:
    return date.fromisoformat(iso).isocalendar()[:2]
