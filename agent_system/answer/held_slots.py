"""The questions that hold a slot for the patient's yes: an unsure pick, an overlapping booking, a slot asked about."""
from __future__ import annotations

from agent_system.domain.appointments import SlotOffer, chronological
from agent_system.domain.plan import HeldPick, Overlap, Plan
from agent_system.language.phrasebook import Wording


def pick_note(pick: HeldPick, words: Wording) -> str:
    """The question that holds an unsure pick back, naming the slot in full."""
    slot = pick.slot
    return words.say("pick_check_last" if pick.last else "pick_check", position=pick.position,
                     day=words.day(slot.date), time=slot.time, doctor=slot.doctor, clinic=words.clinic(slot.clinic))


def overlap_note(overlap: Overlap, words: Wording) -> str:
    """The question that holds an overlapping booking back."""
    return words.say(f"overlap_{overlap.kind}", slot=_describe(overlap.slot, words),
                     existing=_describe(overlap.existing, words),
                     specialty=words.specialty_of(overlap.existing.clinic, ""))


def _describe(slot: SlotOffer, words: Wording) -> str:
    return words.phrase("appointment", clinic=words.clinic(slot.clinic), doctor=slot.doctor,
                        when=words.phrase("when", day=words.full_day(slot.date), time=slot.time))


def offered_slot(plan: Plan, offered: list[SlotOffer]) -> SlotOffer | None:
    """The slot a question asked about (or the soonest, when that was the question), when the answer offers it
    free and nothing else waits for a reply."""
    slot = plan.asked_slot or (min(offered, key=chronological) if plan.asks_soonest and offered else None)
    return slot if slot is not None and plan.pending is None and plan.awaiting is None and slot in offered else None


def slot_offer_note(slot: SlotOffer, words: Wording) -> str:
    """The question offering that slot for a yes."""
    return words.say("slot_offer", day=words.day(slot.date), time=slot.time, doctor=slot.doctor,
                     clinic=words.clinic(slot.clinic))


def asked_slot_note(plan: Plan, offered: list[SlotOffer], listed_clinics: set[str], words: Wording) -> str:
    """The answer to a question about one slot: offered for a yes when free; said to be taken when the doctor's
    clinic answered the listing without it (a clinic that did not answer says nothing either way)."""
    free = offered_slot(plan, offered)
    if free is not None:
        return slot_offer_note(free, words)
    slot = plan.asked_slot
    waits = plan.pending is not None and plan.checked_move is None  # a checked move not free says so, like a slot
    if slot is None or waits or plan.awaiting is not None or slot.clinic not in listed_clinics:
        return ""
    return words.say("slot_not_free", day=words.day(slot.date), time=slot.time, doctor=slot.doctor)
