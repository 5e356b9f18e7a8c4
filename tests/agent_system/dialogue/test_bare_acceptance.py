"""A reply that only accepts ("blz, pode ser", "sure, sounds good") after a plain listing chooses no slot: the
assistant asks which of the listed times, in the patient's language, books nothing, and keeps the listing so the
next message picks from it. After a slot offered for a yes ("Posso marcar?"), the same acceptance books that
slot. On the six real clinics, judged by what their stores hold."""
from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from tests.support import all_store_bookings, call_tool, give_back, make_cpf, run_turn

CPF_BASE = 67_000


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


def plan_actions(events) -> list[str]:
    return [s["action"] for s in next(e for e in events if e.type == "plan").steps]


def lone_time(slots) -> str:
    """A time only one listed slot has: naming it picks exactly that slot."""
    counts = Counter(s.time for s in slots)
    return next(s.time for s in sorted(slots, key=lambda s: (s.date, s.time)) if counts[s.time] == 1)


@pytest.mark.parametrize("n, listing, accept, pick, language", [
    (1, "dermato na quinta", "blz, pode ser", "quero o das {h}", "pt"),
    (2, "tem ortopedia sexta?", "ok quero", "esse das {h} entao", "pt"),
    (3, "cardio pra terça pfv", "pode ser sim", "o de {h}", "pt"),
    (4, "any cardiology slots tomorrow?", "sure, sounds good", "the {h} one", "en"),
    (5, "I need a dermatologist on Friday", "yes please", "{h} works for me", "en"),
    (6, "orthopedics on Wednesday?", "Yeah, let's do it!", "the one at {h}", "en"),
    # A pointer at the listing ("esse", "that one") still chooses none of its slots.
    (10, "cardio amanha cedinho", "fechou, pode marcar esse", "o das {h}", "pt"),
    (11, "dermatology on Thursday please", "ok book that one", "{h} please", "en"),
])
def test_acceptance_after_a_listing_asks_which_slot_and_the_pick_books(pipeline, new_conversation, clinics, n,
                                                                       listing, accept, pick, language):
    conversation = new_conversation("Heitor Sampaio Lacerda", digits(n))
    run_turn(pipeline, conversation, listing)
    listed = list(conversation.state.listed)
    assert listed
    events, asked = run_turn(pipeline, conversation, accept)
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == []
    assert plan_actions(events) == [] and asked.lang == language
    earliest = min(listed, key=lambda s: (s.date, s.time))
    assert earliest.doctor in asked.text and earliest.time in asked.text and "?" in asked.text
    assert conversation.state.listed == listed
    chosen = lone_time(listed)
    slot = next(s for s in listed if s.time == chosen)
    _, booked = run_turn(pipeline, conversation, pick.format(h=chosen))
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [(slot.clinic, slot.doctor, slot.date,
                                                                        slot.time)]
        assert [a.status for a in booked.appointments] == ["confirmed"]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize("n, accept", [(7, "sim"), (8, "ok quero"), (9, "sure, sounds good")])
def test_acceptance_after_a_slot_offered_books_that_slot(pipeline, new_conversation, clinics, n, accept):
    free = call_tool(clinics.url("clinic_e"), "list_available_slots", {"doctor": "Dr. Rafael Moreira"})
    slot = free["structuredContent"]["available_slots"][-n]
    day = date.fromisoformat(slot["date"])
    conversation = new_conversation("Heitor Sampaio Lacerda", digits(n))
    _, offered = run_turn(pipeline, conversation, f"o dr rafael tem {slot['time']} no dia {day.day}/{day.month}?")
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [] and "?" in offered.text
    run_turn(pipeline, conversation, accept)
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [
            ("clinic_e", "Dr. Rafael Moreira", slot["date"], slot["time"])]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize("n, first, then", [
    (10, None, "blz, pode ser"),  # nothing listed: there is nothing to choose from
    (11, "dermatologia", "ok, obrigado"),  # thanks closes the exchange, it accepts nothing
    (12, "I need a cardiologist", "thanks!"),
])
def test_no_slot_question_without_a_listing_or_for_thanks(pipeline, new_conversation, clinics, n, first, then):
    conversation = new_conversation("Heitor Sampaio Lacerda", digits(n))
    if first:
        run_turn(pipeline, conversation, first)
    earliest = min(conversation.state.listed, key=lambda s: (s.date, s.time)) if conversation.state.listed else None
    events, answer = run_turn(pipeline, conversation, then)
    assert plan_actions(events) == [] and all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == []
    assert earliest is None or earliest.time not in answer.text
