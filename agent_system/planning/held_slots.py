"""Slots held for a yes: an unsure pick ("a segunda opção" after a listing of several doctors), and a free slot
the patient asked about without asking to book it ("posso marcar … às 15h?").

Slots are counted in time order, but a listing groups them by clinic and doctor, so a patient reading
it top-down may mean another slot. The first and the last slot (the earliest, which the listing
highlights, and the latest) mean the same either way, as does any ordinal over one doctor's slots.
"""
from __future__ import annotations

from agent_system.events import SlotOffer
from agent_system.language.phrasebook import Wording
from agent_system.planning.plan import HeldPick, Intent, Plan
from agent_system.sessions.conversation import Conversation, PendingAction
from agent_system.understanding.reading import Reading

PICKED = "book_pick"  # the pending action of a slot held for a yes; the overlap guard takes the yes or no
_PLAIN_POSITIONS = (0, -1)  # the earliest and the latest slot: the same in any reading order


def pick_question(plan: Plan, slot: SlotOffer, reading: Reading, conversation: Conversation) -> Plan | None:
    """The question instead of a booking of an unsure pick, or None when the pick is plain."""
    pick = unsure_pick(slot, reading, conversation)
    if pick is None:
        return None
    return Plan(intents=[Intent.PICK_CHECK], source=plan.source, pick=pick,
                reasoning=[*plan.reasoning, "A middle ordinal among several doctors: confirm the slot first."],
                pending=PendingAction(action=PICKED, slot=slot))


def unsure_pick(slot: SlotOffer, reading: Reading, conversation: Conversation) -> HeldPick | None:
    """The slot a booking would take, as a pick to confirm when a middle ordinal chose it among several doctors."""
    if reading.ordinal is None or reading.ordinal in _PLAIN_POSITIONS:
        return None
    ranked = reading.matching(conversation.last_slots)
    if slot not in ranked or len({(s.clinic, s.doctor) for s in ranked}) < 2:
        return None
    return HeldPick(slot=slot, position=reading.ordinal + 1)


def pick_note(pick: HeldPick, words: Wording) -> str:
    """The question that holds an unsure pick back, naming the slot in full."""
    slot = pick.slot
    return words.say("pick_check", position=pick.position, day=words.day(slot.date), time=slot.time,
                     doctor=slot.doctor, clinic=words.clinic(slot.clinic))


def offered_slot(plan: Plan, offered: list[SlotOffer]) -> SlotOffer | None:
    """The slot a question asked about, when the answer offers it free and nothing else waits for a reply."""
    slot = plan.asked_slot
    return slot if slot is not None and plan.pending is None and plan.awaiting is None and slot in offered else None


def slot_offer_note(slot: SlotOffer, words: Wording) -> str:
    """The question offering that slot for a yes."""
    return words.say("slot_offer", day=words.day(slot.date), time=slot.time, doctor=slot.doctor,
                     clinic=words.clinic(slot.clinic))


def asked_slot_note(plan: Plan, offered: list[SlotOffer], listed_clinics: set[str], words: Wording) -> str:
    """The answer to a question about one slot: offered for a yes when free; said to be taken when the doctor's
    clinic answered the listing without it (a clinic that did not answer says nothing either way)."""
    slot = plan.asked_slot
    if slot is None or plan.pending is not None or plan.awaiting is not None:
        return ""
    if slot in offered:
        return slot_offer_note(slot, words)
    if slot.clinic not in listed_clinics:
        return ""
    return words.say("slot_not_free", day=words.day(slot.date), time=slot.time, doctor=slot.doctor)
