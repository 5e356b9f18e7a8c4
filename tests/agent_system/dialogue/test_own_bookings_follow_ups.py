"""Questions about one's own bookings that lean on the conversation: right after the bookings were shown, a short
question carries on about them ("e no dia 4?", "que horas mesmo?", "and on Friday?"); and a question in the first person
about a visit ahead ("qual médico vou consultar na quinta?", "which doctor am I seeing on Thursday?") is about one's own
bookings, never a new booking or a listing. Through the pipeline and the real clinics; nothing is written.

A day put forward with a proposal's frame ("what about the 4th?", "que tal dia 4?") stays a move of the booking shown:
it only asks, and writes nothing (test_changes_put_forward.py)."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

THURSDAY = ("clinic_b", "Dra. Camila Rocha", "2026-12-03", "15:00")


@pytest.fixture
def booked(pipeline, new_conversation, clinics):
    """A conversation that booked one Thursday appointment."""
    conversation = new_conversation("Lia Mourão Tavares", normalize_cpf(make_cpf(97881)))
    _, answer = run_turn(pipeline, conversation, "marca com a dra camila rocha dia 03/12 as 15h")
    assert answer.appointments, answer.text
    yield conversation
    give_back(clinics, conversation)


def shown(answer) -> list[tuple[str, str, str, str]]:
    return [(a.clinic, a.doctor, a.date, a.time) for a in answer.appointments]


def only_my_bookings_read(events) -> bool:
    return {s["action"] for s in next(e for e in events if e.type == "plan").steps} <= {"list_my_appointments"}


@pytest.mark.parametrize("first, then, expected", [
    ("tenho alguma coisa marcada no dia 3?", "e no dia 4?", []),
    ("tenho algo no dia 4?", "e no dia 3?", [THURSDAY]),
    ("anything booked for me on Friday?", "and on Thursday?", [THURSDAY]),
    ("do I have something on December 3?", "and on the 4th?", []),
])
def test_another_day_right_after_the_bookings_were_shown_asks_about_that_day(pipeline, booked, clinics, first, then,
                                                                              expected):
    run_turn(pipeline, booked, first)
    events, answer = run_turn(pipeline, booked, then)
    assert only_my_bookings_read(events), answer.text
    assert shown(answer) == expected and not answer.slots, answer.text
    assert all_store_bookings(clinics, booked.patient.cpf) == [THURSDAY]


@pytest.mark.parametrize("question", [
    "qual médico vou consultar na quinta?",
    "com quem eu vou passar na quinta-feira?",
    "which doctor am I seeing on Thursday?",
    "who am I going to see on thursday?",
])
def test_a_visit_ahead_asked_in_the_first_person_reads_the_bookings(pipeline, booked, question):
    events, answer = run_turn(pipeline, booked, question)
    assert only_my_bookings_read(events), answer.text
    assert shown(answer) == [THURSDAY] and not answer.slots and "Dra. Camila Rocha" in answer.text


@pytest.mark.parametrize("first, then", [
    ("minhas consultas", "que horas mesmo?"),
    ("minhas consultas", "e qual clínica?"),
    ("show my appointments", "what time was it again?"),
    ("show my appointments", "which clinic?"),
])
def test_a_short_question_right_after_the_bookings_were_shown_is_about_them(pipeline, booked, first, then):
    run_turn(pipeline, booked, first)
    events, answer = run_turn(pipeline, booked, then)
    assert only_my_bookings_read(events), answer.text
    assert shown(answer) == [THURSDAY] and not answer.slots, answer.text


@pytest.mark.parametrize("question", ["em nome de quem ficou essa última?", "que horas ficou mesmo?", "qual e a proxima?",
                                      "when's the next one?",
                                      "Essa consulta está no nome de quem?", "e ta no nome de quem?",
                                      "whose name is it under?", "which clinic is it at again?"])
def test_a_question_about_the_booking_just_made_reads_the_bookings(pipeline, booked, question):
    events, answer = run_turn(pipeline, booked, question)
    assert only_my_bookings_read(events), answer.text
    assert shown(answer) == [THURSDAY] and not answer.slots, answer.text


@pytest.mark.parametrize("message", [
    "Quero marcar com a Dra. Camila Rocha na quinta 3/12 às 16h e depois ver todas as minhas consultas.",
    "Book Dra. Camila Rocha on Thursday Dec 3 at 4pm and then show me all my appointments",
])
def test_a_booking_and_ones_bookings_in_one_message_shows_the_new_one(patient, pipeline, clinics, message):
    conversation = patient(97941, "Lia Mourão Tavares")
    events, answer = run_turn(pipeline, conversation, message)
    made = ("clinic_b", "Dra. Camila Rocha", "2026-12-03", "16:00")
    assert all_store_bookings(clinics, conversation.patient.cpf) == [made]
    assert made in shown(answer), answer.text
    assert "Por segurança" not in answer.text and "For your security" not in answer.text, answer.text


@pytest.mark.parametrize("question", ["qual é a próxima vaga?", "qual o próximo horário livre?",
                                      "what's the next free slot?"])
def test_the_next_free_slot_right_after_a_booking_is_no_question_about_it(pipeline, booked, question):
    events, answer = run_turn(pipeline, booked, question)
    assert not only_my_bookings_read(events) or not shown(answer), answer.text
