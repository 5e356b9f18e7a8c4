"""No overlapping bookings: before a booking, the patient's appointments at every clinic are checked.

A booking within the same hour as another appointment (at any clinic), or of a specialty the patient
already sees that week, is held back and the patient asked; "sim"/"yes" books it, "não"/"no" drops it.
A request that itself asks for one more booking ("marca também…", "book another appointment…") has
answered the specialty question already; a booking in the same hour is still held, as no patient means
to be in two places at once.
"""
from __future__ import annotations

from datetime import date
from typing import Literal

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.results import booked_slots, offered_slots
from agent_system.domain.appointments import SlotOffer
from agent_system.domain.tools import Tool
from agent_system.planning.held_slots import pick_question
from agent_system.domain.plan import Intent, Overlap, Plan, Step
from agent_system.sessions.conversation import Conversation
from agent_system.domain.dialogue import HELD, PICKED
from agent_system.domain.pending import PendingAction
from agent_system.understanding.reading import Reading

_DECLINED = {HELD: Intent.OVERLAP_DECLINED, PICKED: Intent.PICK_DECLINED}


class OverlapGuard:
    """Reviews a plan before dispatch: holds an overlapping booking, or carries out the patient's answer."""

    def __init__(self, router, registry: ClinicRegistry):
        self.router, self.registry = router, registry

    def review(self, plan: Plan, conversation: Conversation, reading: Reading) -> Plan:
        """The plan to dispatch: as planned, a held booking's outcome, or the question instead of the booking."""
        waiting = conversation.state.pending_action()
        held = waiting if waiting and waiting.action in _DECLINED else None
        if held is not None and held.slot is not None:
            # "ok quero", or "book that one please" naming no other slot, takes the slot held for it.
            reply = "yes" if reading.accepts or _bare_go_ahead(reading) else reading.confirmation
            if reply == "no":
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
        clash = self._clash(slot, conversation, waived={"same_week"} if reading.adds_booking else set(),
                            person=dependant.name if dependant else None)
        if clash is None or not self._free(slot, conversation):
            return plan  # a taken slot is refused by its clinic, with no question first
        return Plan(intents=[Intent.OVERLAP], source=plan.source, reasoning=[*plan.reasoning, clash.kind],
                    overlap=clash, pending=PendingAction(action=HELD, slot=slot))

    def _clash(self, slot: SlotOffer, conversation: Conversation, waived: set[str],
               person: str | None = None) -> Overlap | None:
        """The first booking of the same person (the patient, or the dependant named `person`) the slot overlaps
        (same hour, or same specialty that week), unless waived; else None."""
        steps = [Step(step_id=n, clinic=c, action=Tool.LIST_MY_APPOINTMENTS) for n, c in enumerate(self.router.endpoints, 1)]
        results = [r for _, r in self.router.dispatch(steps, conversation.caller()) if r is not None]
        for clinic, booked in booked_slots(results):
            if booked.patient_name != person:
                continue  # a booking for someone else never clashes with this one
            existing = SlotOffer(clinic=clinic, doctor=booked.doctor, date=booked.date, time=booked.time)
            if existing == slot:
                continue  # the same slot again: the clinic answers with the existing booking
            kind = self._kind(slot, existing)
            if kind is not None and kind not in waived:
                return Overlap(kind=kind, slot=slot, existing=existing)
        return None

    def _free(self, slot: SlotOffer, conversation: Conversation) -> bool:
        """Whether the slot is still free (asked only before holding it: a question about a taken slot is moot)."""
        step = Step(step_id=1, clinic=slot.clinic, action=Tool.LIST_AVAILABLE_SLOTS,
                    parameters={"doctor": slot.doctor, "date": slot.date})
        listing = self.router.call(step, conversation.patient)
        # The listing is of that doctor and day; the booking may name the doctor in part ("dra ana beatriz").
        return listing.status != "ok" or any(o.time == slot.time for o in offered_slots([listing]))

    def _kind(self, slot: SlotOffer, existing: SlotOffer) -> Literal["same_hour", "same_week"] | None:
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


def _bare_go_ahead(reading: Reading) -> bool:
    return reading.asks_to_write and not (reading.doctors or reading.dates or reading.times or reading.specialties
                                          or reading.clinics or reading.ordinal is not None or reading.wants_cancel
                                          or reading.wants_reschedule)


def _minutes(hhmm: str) -> int:
    hours, _, minutes = hhmm.partition(":")
    return int(hours or 0) * 60 + int(minutes or 0)


def _week(iso: str) -> tuple[int, int]:
    return date.fromisoformat(iso).isocalendar()[:2]
