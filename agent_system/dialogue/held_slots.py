"""Slots held for a yes: an unsure pick ("a segunda opção" after a listing of several doctors), and a free slot
the patient asked about without asking to book it ("posso marcar … às 15h?").

Slots are counted in time order, but a listing groups them by clinic and doctor, so a patient reading
it top-down may mean another slot. The first slot means the same either way (the listing puts the
clinic and doctor with the earliest slot first), as does any ordinal over one doctor's slots and "the
latest"; "o último" does only when the slot shown last is also the latest.
"""
from __future__ import annotations

import re

from agent_system.domain.appointments import SlotOffer
from agent_system.domain.tools import Tool
from agent_system.dialogue.draft import PlanDraft
from agent_system.domain.plan import HeldPick, Intent, Plan
from agent_system.sessions.conversation import Conversation
from agent_system.domain.dialogue import PICKED
from agent_system.domain.pending import PendingAction
from agent_system.dialogue.reading.reading import Reading

_IN_TIME = re.compile(r"\b(?:mais tarde|latest)\b")  # "the latest" counts in time whatever the listing shows


def pick_question(plan: Plan, slot: SlotOffer, reading: Reading, conversation: Conversation) -> Plan | None:
    """The question instead of a booking of an unsure pick, or None when the pick is plain."""
    pick = unsure_pick(slot, reading, conversation)
    if pick is None:
        return None
    return Plan(intents=[Intent.PICK_CHECK], source=plan.source, pick=pick,
                reasoning=[*plan.reasoning, "An ordinal the listing may show elsewhere: confirm the slot first."],
                pending=PendingAction(action=PICKED, slot=slot))


def unsure_pick(slot: SlotOffer, reading: Reading, conversation: Conversation) -> HeldPick | None:
    """The slot a booking would take, as a pick to confirm when a middle ordinal chose it among several doctors."""
    if reading.ordinal is None or reading.ordinal == 0:
        return None
    ranked = reading.matching(conversation.state.listed)
    if slot not in ranked or len({(s.clinic, s.doctor) for s in ranked}) < 2:
        return None
    if reading.ordinal < 0:
        if slot == _shown_last(ranked) or _IN_TIME.search(reading.text):
            return None
        return HeldPick(slot=slot, position=len(ranked) + reading.ordinal + 1, last=True)
    return HeldPick(slot=slot, position=reading.ordinal + 1)


def _shown_last(ranked: list[SlotOffer]) -> SlotOffer:
    """The slot a listing shows last: its clinics, and doctors within one, come in order of their earliest slot."""
    clinic = list(dict.fromkeys(s.clinic for s in ranked))[-1]
    at_clinic = [s for s in ranked if s.clinic == clinic]
    doctor = list(dict.fromkeys(s.doctor for s in at_clinic))[-1]
    return [s for s in at_clinic if s.doctor == doctor][-1]


def offer_soonest(draft: PlanDraft, reading: Reading) -> None:
    """"qual o primeiro horário livre?", "when's the earliest opening?": a listing asked for its first slot offers it
    for a yes."""
    steps = draft.steps
    if (reading.ordinal == 0 and not reading.asks_to_write and steps and draft.facts.get("asked_slot") is None
            and all(s.action == Tool.LIST_AVAILABLE_SLOTS for s in steps) and Intent.RESCHEDULE not in draft.intents):
        draft.note("A question about the soonest slot: the earliest one listed is offered for a yes.")
        draft.facts["asks_soonest"] = True
