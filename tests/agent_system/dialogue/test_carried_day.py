"""A follow-up naming a doctor and a time but no day ("e com a dra camila às 15h?", "can I get one with Dr. Paulo at
9:30am?") right after a message that fixed one day keeps that day. It books nothing by itself: a free slot is
offered for a yes, and the yes books exactly it. Without one day to keep, none is made up. On the six real
clinics, judged by what their stores hold."""
from __future__ import annotations

from datetime import date

import pytest

from tests.support import all_store_bookings, call_tool, give_back, make_cpf, run_turn

CPF_BASE = 69_000
CLINIC_OF = {"Dr. Eduardo Nunes": "clinic_f", "Dra. Camila Rocha": "clinic_b", "Dr. Paulo Henrique Lima": "clinic_b",
             "Dr. Rafael Moreira": "clinic_e"}


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


def latest_free(clinics, doctor: str) -> dict:
    """The doctor's latest free slot: the one other tests are least likely to take."""
    found = call_tool(clinics.url(CLINIC_OF[doctor]), "list_available_slots", {"doctor": doctor})
    return found["structuredContent"]["available_slots"][-1]


def pt_day(slot: dict) -> str:
    day = date.fromisoformat(slot["date"])
    return f"{day.day}/{day.month}"


def en_day(slot: dict) -> str:
    day = date.fromisoformat(slot["date"])
    return f"{day:%B} {day.day}"


def pt_time(slot: dict) -> str:
    hour, minute = slot["time"].split(":")
    return f"{int(hour)}h" + ("" if minute == "00" else minute)


def en_time(slot: dict) -> str:
    hour, minute = int(slot["time"][:2]), slot["time"][3:]
    return f"{hour % 12 or 12}{'' if minute == '00' else ':' + minute}{'am' if hour < 12 else 'pm'}"


def listed_days(events) -> list[str | None]:
    steps = next(e for e in events if e.type == "plan").steps
    return [s["parameters"].get("date") for s in steps if s["action"] == "list_available_slots"]


@pytest.mark.parametrize("n, doctor, listing, follow_up, yes, language", [
    (1, "Dr. Eduardo Nunes", lambda s: f"dermatologia dia {pt_day(s)}", lambda s: f"e com o dr eduardo às {pt_time(s)}?",
     "sim", "pt"),
    (2, "Dra. Camila Rocha", lambda s: f"tem cardio dia {pt_day(s)}?", lambda s: f"e com a dra camila as {pt_time(s)}??",
     "pode ser", "pt"),
    (3, "Dr. Paulo Henrique Lima", lambda s: f"I need a dermatologist on {en_day(s)}",
     lambda s: f"can I get one with Dr. Paulo at {en_time(s)}?", "yes", "en"),
    (4, "Dr. Rafael Moreira", lambda s: f"any orthopedics on {en_day(s)}?",
     lambda s: f"what about dr rafael at {en_time(s)}", "sure", "en"),
])
def test_the_day_carries_and_the_slot_is_offered_then_booked_on_yes(pipeline, new_conversation, clinics, n, doctor,
                                                                    listing, follow_up, yes, language):
    slot = latest_free(clinics, doctor)
    conversation = new_conversation("Joana Bittencourt Reis", digits(n))
    run_turn(pipeline, conversation, listing(slot))
    events, offered = run_turn(pipeline, conversation, follow_up(slot))
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == []
    assert listed_days(events) == [slot["date"]] and offered.lang == language
    assert slot["time"] in offered.text.split("\n\n")[-1] and "?" in offered.text.split("\n\n")[-1]
    _, booked = run_turn(pipeline, conversation, yes)
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [(CLINIC_OF[doctor], doctor, slot["date"],
                                                                        slot["time"])]
        assert [a.status for a in booked.appointments] == ["confirmed"]
    finally:
        give_back(clinics, conversation)


def test_a_carried_day_is_offered_even_when_asked_as_an_order(pipeline, new_conversation, clinics):
    slot = latest_free(clinics, "Dra. Camila Rocha")
    conversation = new_conversation("Joana Bittencourt Reis", digits(5))
    run_turn(pipeline, conversation, f"cardiologia dia {pt_day(slot)}")
    events, offered = run_turn(pipeline, conversation, f"marca com a dra camila às {pt_time(slot)}")
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + 5)) == []  # the day was never said: ask first
    assert listed_days(events) == [slot["date"]] and slot["time"] in offered.text.split("\n\n")[-1]


@pytest.mark.parametrize("n, listing, follow_up", [
    (6, "dermatologia", "e com a dra camila às 15h?"),  # two weeks listed: two Thursdays at 15:00
])
def test_no_day_is_made_up_without_one_fixed(pipeline, new_conversation, clinics, n, listing, follow_up):
    conversation = new_conversation("Joana Bittencourt Reis", digits(n))
    run_turn(pipeline, conversation, listing)
    _, answer = run_turn(pipeline, conversation, follow_up)
    assert "Posso marcar" not in answer.text and "Shall I book" not in answer.text
    run_turn(pipeline, conversation, "sim")
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == []


def test_the_one_listed_slot_at_that_time_is_offered_with_its_day(pipeline, new_conversation, clinics):
    # Next week Dr. Eduardo has 14:00 on one day only: that slot, named in full, waits for a yes.
    conversation = new_conversation("Joana Bittencourt Reis", digits(7))
    run_turn(pipeline, conversation, "dermatology next week")
    _, offered = run_turn(pipeline, conversation, "can I get one with Dr. Eduardo at 2pm?")
    assert "Wed Dec 2 at 14:00 with Dr. Eduardo Nunes" in offered.text and "Shall I book" in offered.text
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + 7)) == []
    run_turn(pipeline, conversation, "yes")
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + 7)) == [
        ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "14:00")]
    give_back(clinics, conversation)


@pytest.mark.parametrize("n, messages, doctor, day, part", [
    (8, ["quero cardio", "amanha de manha", "com a dra ana"], "Dra. Ana Beatriz Souza", "2026-11-24", "morning"),
    (9, ["cardiology please", "tomorrow afternoon?", "with dr fernando"], "Dr. Fernando Mendes", "2026-11-24",
     "afternoon"),
])
def test_a_doctor_named_after_a_days_listing_keeps_that_day_and_part(pipeline, new_conversation, n, messages, doctor,
                                                                     day, part):
    conversation = new_conversation("Joana Bittencourt Reis", digits(n))
    for message in messages[:-1]:
        run_turn(pipeline, conversation, message)
    events, answer = run_turn(pipeline, conversation, messages[-1])
    assert listed_days(events) == [day] and answer.slots
    assert {(s.doctor, s.date) for s in answer.slots} == {(doctor, day)}
    assert all((s.time < "12:00") == (part == "morning") for s in answer.slots)


def test_a_doctor_named_afresh_is_not_narrowed_to_an_earlier_day(pipeline, new_conversation):
    conversation = new_conversation("Joana Bittencourt Reis", digits(10))
    run_turn(pipeline, conversation, "ortopedia amanhã")
    events, answer = run_turn(pipeline, conversation, "com a dra ana beatriz")  # not in the orthopaedics listing
    assert listed_days(events) == [None] and len({s.date for s in answer.slots}) > 1
