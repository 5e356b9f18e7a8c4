"""A question about one exact slot ("a Dra. X tem horário livre dia 26 às 15h?", "Is Dr. X free on the 3rd at
4 PM?") books nothing by itself (safe writes), but when the slot is free the answer offers it, naming it and
carrying the `confirm` the page shows buttons from, and a plain yes books exactly that slot; no books nothing,
and a taken slot is offered to nobody. Asking leave to book the whole slot ("posso marcar com a Dra. X dia 26
às 15h?", "Can I get an appointment with Dr. X on the 3rd at 4 PM?") is a request: it books at once.
On the six real clinics, judged by what their stores hold."""
from __future__ import annotations

from datetime import date

import pytest

from tests.support import all_store_bookings, call_tool, give_back, make_cpf, run_turn

CPF_BASE = 66_000
DOCTOR, CLINIC = "Dra. Camila Rocha", "clinic_b"


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


def free_slot(clinics, index: int) -> dict:
    slots = call_tool(clinics.url(CLINIC), "list_available_slots", {"doctor": DOCTOR})["structuredContent"]
    return slots["available_slots"][index]


def pt_question(slot: dict) -> str:
    day = date.fromisoformat(slot["date"])
    return f"a {DOCTOR} tem horário livre dia {day.day}/{day.month} às {slot['time']}?"


def en_question(slot: dict) -> str:
    day = date.fromisoformat(slot["date"])
    return f"Is {DOCTOR} free on {day:%B} {day.day} at {_clock(slot)}?"


def _clock(slot: dict) -> str:
    hour, minute = int(slot["time"][:2]), slot["time"][3:]
    return f"{hour % 12 or 12}{'' if minute == '00' else ':' + minute} {'am' if hour < 12 else 'pm'}"


def pt_leave(slot: dict) -> str:
    day = date.fromisoformat(slot["date"])
    return f"posso marcar com a {DOCTOR} dia {day.day}/{day.month} às {slot['time']}?"


def en_leave(slot: dict) -> str:
    day = date.fromisoformat(slot["date"])
    return f"Can I get an appointment with {DOCTOR} on {day:%B} {day.day} at {_clock(slot)}?"


@pytest.mark.parametrize("n, ask, yes, language", [(1, pt_question, "sim", "pt"), (2, en_question, "yes", "en")])
def test_a_free_slot_asked_about_is_offered_and_booked_on_yes(pipeline, new_conversation, clinics, n, ask, yes,
                                                              language):
    slot = free_slot(clinics, -1 - n)
    conversation = new_conversation("Otavio Brandao Leme", digits(n))
    _, offered = run_turn(pipeline, conversation, ask(slot))
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == []
    assert offered.lang == language and slot["time"] in offered.text.split("\n\n")[-1]
    assert offered.confirm is not None and offered.confirm.action == "book"
    assert (offered.confirm.appointment.date, offered.confirm.appointment.time) == (slot["date"], slot["time"])
    _, booked = run_turn(pipeline, conversation, yes)
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [(CLINIC, DOCTOR, slot["date"], slot["time"])]
        assert [a.status for a in booked.appointments] == ["confirmed"]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize("n, ask", [(8, pt_leave), (9, en_leave)])
def test_leave_asked_to_book_a_whole_slot_books_it_at_once(pipeline, new_conversation, clinics, n, ask):
    slot = free_slot(clinics, -1 - n)
    conversation = new_conversation("Otavio Brandao Leme", digits(n))
    _, answer = run_turn(pipeline, conversation, ask(slot))
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [(CLINIC, DOCTOR, slot["date"], slot["time"])]
        assert [a.status for a in answer.appointments] == ["confirmed"] and answer.confirm is None
    finally:
        give_back(clinics, conversation)


def test_no_to_the_offer_books_nothing(pipeline, new_conversation, clinics):
    slot = free_slot(clinics, -4)
    conversation = new_conversation("Otavio Brandao Leme", digits(3))
    run_turn(pipeline, conversation, pt_question(slot))
    run_turn(pipeline, conversation, "não")
    run_turn(pipeline, conversation, "sim")  # nothing is offered any more
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + 3)) == []


def test_a_taken_slot_is_not_offered(pipeline, new_conversation, clinics):
    slot = free_slot(clinics, -5)
    holder = new_conversation("Vera Lucia Amaral", digits(4))
    day = date.fromisoformat(slot["date"])
    run_turn(pipeline, holder, f"marca com a {DOCTOR} dia {day.day}/{day.month} às {slot['time']}")
    try:
        asker = new_conversation("Otavio Brandao Leme", digits(5))
        _, answer = run_turn(pipeline, asker, pt_question(slot))
        assert "Posso marcar" not in answer.text and f"às {slot['time']} com {DOCTOR} não está livre" in answer.text
        run_turn(pipeline, asker, "sim")
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + 5)) == []
    finally:
        give_back(clinics, holder)


@pytest.mark.parametrize("n, listing, question, go_ahead", [
    (6, "a {doctor} tem horário dia {day}?", "e às {time}?", "sim"),
    (7, "does {doctor} have anything on {month} {day}?", "what about {clock}?", "ok book that one please"),
])
def test_a_time_asked_after_a_doctors_day_is_offered_and_a_go_ahead_books_it(pipeline, new_conversation, clinics,
                                                                              n, listing, question, go_ahead):
    slot = free_slot(clinics, -n)
    day = date.fromisoformat(slot["date"])
    hour = int(slot["time"][:2])
    clock = f"{hour % 12 or 12}{slot['time'][2:] if slot['time'][3:] != '00' else ''}{'am' if hour < 12 else 'pm'}"
    words = dict(doctor=DOCTOR, day=day.day if n == 7 else f"{day.day}/{day.month}", month=f"{day:%B}",
                 time=slot["time"], clock=clock)
    conversation = new_conversation("Otavio Brandao Leme", digits(n))
    run_turn(pipeline, conversation, listing.format(**words))
    _, offered = run_turn(pipeline, conversation, question.format(**words))
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [] and slot["time"] in offered.text.split("\n\n")[-1]
    run_turn(pipeline, conversation, go_ahead)
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [(CLINIC, DOCTOR, slot["date"], slot["time"])]
    finally:
        give_back(clinics, conversation)
