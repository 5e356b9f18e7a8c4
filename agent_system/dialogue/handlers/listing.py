"""Listing free slots: of the doctors or clinics named, of every clinic of a specialty (Rule 10), or the last listing
again for a pick that fits none of its slots; medical advice and unknown specialties are answered alongside."""
from __future__ import annotations

from agent_system.domain.plan import Intent
from agent_system.domain.tools import Tool
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn


class Listing(Handler):
    """The slots asked for, with the notes a request for advice or a specialty the federation lacks calls for."""

    def applies(self, turn: PlanningTurn) -> bool:
        r = turn.reading
        return bool(r.wants_advice or r.invalid_specialty or r.doctors or r.clinics or r.specialties
                    or _repicks(turn))

    def plan(self, turn: PlanningTurn) -> None:
        r, out = turn.reading, turn.out
        asked = turn.slot_in_message()
        if asked is not None:  # "Dr. X amanhã às 10h?": that day listed, the slot offered for a yes if free
            out.facts["asked_slot"] = asked
        if r.wants_advice:
            out.note("Medical advice is out of scope: never advise or diagnose.")
            out.intend(Intent.MEDICAL_ADVICE, advice_specialty=r.specialties[0] if r.specialties else None)
            if not (r.wants_book or r.wants_list):
                return
        if r.invalid_specialty:
            out.note(f"'{r.invalid_specialty}' is not a specialty of the federation.")
            out.intend(Intent.INVALID_SPECIALTY, unknown_specialty=r.invalid_specialty)
        if _list_named_doctor_or_clinic(turn) or _list_specialties(turn) or out.intents:
            return
        _relist_last_listing(turn)


def _list_named_doctor_or_clinic(turn: PlanningTurn) -> bool:
    r, out = turn.reading, turn.out
    asked = out.facts.get("asked_slot")
    kept, day_part = turn.follow_ups.kept_window()
    filters = r.date_filter() or ({"date": asked.date} if asked else kept)
    if day_part and not asked:
        out.facts["day_part"] = day_part
    for doctor in r.doctors:
        out.note(f"{doctor.name} works at {doctor.clinic_id}: list that clinic only, doctor filter.")
        out.step(doctor.clinic_id, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor.name, **filters)
    for clinic_id in [] if r.doctors else r.clinics:
        out.note(f"The patient named {clinic_id}: list that clinic only.")
        out.step(clinic_id, Tool.LIST_AVAILABLE_SLOTS, **filters)
    if out.steps:
        out.intend(turn.listing_intent())
    return bool(out.steps)


def _list_specialties(turn: PlanningTurn) -> bool:
    r, out = turn.reading, turn.out
    for key in r.specialties:
        clinics = turn.registry.for_specialty(key)
        out.note(f"{key} is served by {', '.join(c.id for c in clinics)}: query every one (Rule 10).")
        for clinic in clinics:
            out.step(clinic.id, Tool.LIST_AVAILABLE_SLOTS, **r.date_filter())
    if r.specialties:
        out.intend(turn.listing_intent())
    return bool(r.specialties)


def _repicks(turn: PlanningTurn) -> bool:
    """A pick ('às 12h', 'o quinto') after a listing, which the booking handler found no listed slot for."""
    r = turn.reading
    return bool(turn.conversation.state.listed) and bool(r.ordinal is not None or r.times or r.dates)


def _relist_last_listing(turn: PlanningTurn) -> None:
    """A pick that fits none of the listed slots: show that listing again."""
    r, out, listed = turn.reading, turn.out, turn.conversation.state.listed
    out.note("The pick fits no slot of the last listing: list those clinics again.")
    doctors = {s.doctor for s in listed}
    for clinic in dict.fromkeys(s.clinic for s in listed):
        doctor = next(iter(doctors)) if len(doctors) == 1 else None
        out.step(clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor, **r.date_filter())
    out.intend(Intent.BOOK)
