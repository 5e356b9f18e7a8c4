"""No overlapping bookings: before a booking, the patient's appointments at every clinic are checked.

A booking within the same hour as another appointment (at any clinic), or of a specialty the patient
already sees that week, is held back and the patient asked; "sim"/"yes" books it, "não"/"no" drops it.
"""
from __future__ import annotations

from datetime import date
from typing import Any

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.dispatch.results import booked_slots
from agent_system.events import SlotOffer
from agent_system.language.phrasebook import Wording
from agent_system.planning.plan import Intent, Plan, Step
from agent_system.planning.write_intent import confirmation_reply
from agent_system.sessions.conversation import Conversation

HELD = "book_overlap"  # the pending action of a held booking
CONFIRMED = "overlap_confirmed"  # plan detail: the patient said yes to the held booking (a booking request)


class OverlapGuard:
    """Reviews a plan before dispatch: holds an overlapping booking, or carries out the patient's answer."""

    def __init__(self, router, registry: ClinicRegistry):
        self.router, self.registry = router, registry

    def review(self, plan: Plan, conversation: Conversation, message: str) -> Plan:
        """The plan to dispatch: as planned, a held booking's outcome, or the question instead of the booking."""
        held = (conversation.pending or {}) if (conversation.pending or {}).get("action") == HELD else None
        if held is not None:
            reply = confirmation_reply(message)
            if reply == "no":
                return Plan(intents=[Intent.OVERLAP_DECLINED], source=plan.source)
            if reply == "yes" and not plan.steps:
                slot = held["slot"]
                step = Step(step_id=1, clinic=slot["clinic"], action="book_appointment",
                            parameters={k: slot[k] for k in ("doctor", "date", "time")})
                return Plan(steps=[step], intents=[Intent.BOOK], source=plan.source,
                            reasoning=["The patient confirmed the overlapping booking."], details={CONFIRMED: True})
        books = [s for s in plan.steps if s.action == "book_appointment"]
        if len(books) != 1 or len(plan.steps) != 1:
            return plan
        slot = SlotOffer(clinic=books[0].clinic, **{k: str(books[0].parameters.get(k, "")) for k in
                                                      ("doctor", "date", "time")})
        clash = self._clash(slot, conversation)
        if clash is None:
            return plan
        return Plan(intents=[Intent.OVERLAP], source=plan.source, reasoning=[*plan.reasoning, clash[0]],
                    details={"overlap": {"kind": clash[0], "slot": slot.model_dump(), "existing": clash[1]},
                             "pending": {"action": HELD, "slot": slot.model_dump()}})

    @staticmethod
    def confirmed(plan: Plan) -> bool:
        """Whether the plan books a held slot the patient just said yes to (so the turn may book)."""
        return bool(plan.details.get(CONFIRMED))

    def _clash(self, slot: SlotOffer, conversation: Conversation) -> tuple[str, dict[str, Any]] | None:
        """("same_hour"|"same_week", the existing appointment) for the first conflict, else None."""
        steps = [Step(step_id=n, clinic=c, action="list_my_appointments") for n, c in enumerate(self.router.endpoints, 1)]
        results = [r for _, r in self.router.dispatch(steps, conversation.patient) if r is not None]
        specialty = self._specialty(slot.clinic)
        for clinic, booked in booked_slots(results):
            existing = {"clinic": clinic, "doctor": booked.doctor, "date": booked.date, "time": booked.time}
            if (clinic, booked.doctor, booked.date, booked.time) == (slot.clinic, slot.doctor, slot.date, slot.time):
                continue  # the same slot again: the clinic answers with the existing booking
            if booked.date == slot.date and abs(_minutes(booked.time) - _minutes(slot.time)) < 60:
                return "same_hour", existing
            if self._specialty(clinic) == specialty and _week(booked.date) == _week(slot.date):
                return "same_week", existing
        return None

    def _specialty(self, clinic_id: str) -> str:
        clinic = self.registry.get(clinic_id)
        return clinic.specialty.key if clinic else clinic_id


def overlap_note(details: dict[str, Any], words: Wording) -> str:
    """The question that holds an overlapping booking back."""
    overlap = details.get("overlap") or {}
    slot, existing = overlap.get("slot") or {}, overlap.get("existing") or {}
    return words.say(f"overlap_{overlap.get('kind', 'same_hour')}", slot=_describe(slot, words),
                     existing=_describe(existing, words),
                     specialty=words.specialty_of(str(existing.get("clinic", "")), ""))


def _describe(slot: dict[str, Any], words: Wording) -> str:
    return words.phrase("appointment", clinic=words.clinic(str(slot.get("clinic", ""))), doctor=slot.get("doctor", ""),
                        when=words.phrase("when", day=words.full_day(str(slot.get("date", ""))), time=slot.get("time", "")))


def _minutes(hhmm: str) -> int:
    hours, _, minutes = hhmm.partition(":")
    return int(hours or 0) * 60 + int(minutes or 0)


def _week(iso: str) -> tuple[int, int]:
    return date.fromisoformat(iso).isocalendar()[:2]
