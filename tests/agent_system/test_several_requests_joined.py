"""Several requests in one message joined the ways patients join them (a new line, "plus", "also", a verb said
once for two slots): every part planned and answered in order, both bookings held in the stores."""
from __future__ import annotations

import pytest

from agent_system.language.text import normalize
from agent_system.understanding.requests import split_requests
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("message", "parts"), [
    ("Book Dra. X on December 2 at 10:30 AM\nwhat's open in dermatology on Monday?", 2),
    ("Dr. X Dec 2nd 3:30pm, plus Dra. Y Nov 27th 10:30am, book both", 2),
    ("as 4\ne meia", 1), ("marca a dra camila seg 30 10h, a dra mariana ter 1 9h", 2),
    ("marca ortopedia pra minha filha, com a dra patricia ter 1 10h", 1),
])
def test_cuts_at_a_new_line_and_plus(message, parts):
    asks = lambda part: any(w in normalize(part) for w in ("book", "open", "dr", "dra"))  # noqa: E731
    assert len(split_requests(message, asks, asks)) == parts


def test_a_verb_said_once_books_both_slots(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97401)))
    try:
        _, answer = run_turn(pipeline, conversation,
                             "Paulo Henrique Lima Dec 4th 3:30pm, plus Luciana Freitas Nov 25th 1:30pm, book both")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_b", "Dr. Paulo Henrique Lima", "2026-12-04", "15:30"),
            ("clinic_e", "Dra. Luciana Freitas", "2026-11-25", "13:30")]
        assert len(answer.appointments) == 2
    finally:
        give_back(clinics, conversation)


def test_a_listing_and_a_booking_on_two_lines(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97402)))
    try:
        _, answer = run_turn(pipeline, conversation,
                             "Dra. Camila Rocha's openings on Monday the 30th\nput me with Juliana Castro, 30 November, 4:30pm")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_c", "Dra. Juliana Castro", "2026-11-30", "16:30")]
        assert answer.slots and {(s.doctor, s.date) for s in answer.slots} == {("Dra. Camila Rocha", "2026-11-30")}
    finally:
        give_back(clinics, conversation)


def test_two_specialties_each_on_its_own_day_are_listed_on_their_days(pipeline, new_conversation):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97403)))
    events, _ = run_turn(pipeline, conversation, "me mostra dermato na quinta 26 e ortopedia na sexta 27")
    steps = next(e for e in events if e.type == "plan").steps
    assert {(s["clinic"], s["parameters"].get("date")) for s in steps} == {
        ("clinic_b", "2026-11-26"), ("clinic_f", "2026-11-26"), ("clinic_d", "2026-11-27"), ("clinic_e", "2026-11-27")}


@pytest.mark.parametrize(("message", "booked", "listed"), [
    ("marca a dra ana beatriz dia 03/12 as 13h e me mostra a dra juliana castro nesse mesmo dia",
     ("clinic_a", "Dra. Ana Beatriz Souza", "2026-12-03", "13:00"), ("Dra. Juliana Castro", "2026-12-03")),
    ("Book Dr. Fernando Mendes on December 1 at 2 PM, and list Dra. Patrícia Gomes's openings that same day",
     ("clinic_c", "Dr. Fernando Mendes", "2026-12-01", "14:00"), ("Dra. Patrícia Gomes", "2026-12-01")),
])
def test_that_same_day_in_the_second_request_is_the_first_one_s_day(pipeline, new_conversation, clinics, message,
                                                                    booked, listed):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97410 + len(message))))
    try:
        _, answer = run_turn(pipeline, conversation, message)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
        assert answer.slots and {(s.doctor, s.date) for s in answer.slots} == {listed}
    finally:
        give_back(clinics, conversation)
