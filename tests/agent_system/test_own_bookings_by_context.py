"""Questions about one's own bookings asked by context ("do I have anything this week?", "the cardiology one I
have, which date?") read the patient's bookings, filtered, instead of listing open slots; questions about a
doctor's or a specialty's openings stay listings. Through the pipeline and the real clinics."""
from __future__ import annotations

import pytest

from agent_system.language.text import normalize
from agent_system.understanding import asks
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import give_back, make_cpf, run_turn


@pytest.mark.parametrize("message", [
    "do I have anything this week?", "have I got anything on this week?", "tenho algo marcado na quarta?",
    "tenho alguma coisa na sexta?", "minha prox consulta é q dia?", "the cardiology one I have, which date?",
    "is there something of mine on the 3rd?", "a consulta que eu tenho é em qual clinica?",
    "when am I booked in?", "is my dermatology appointment this week?", "e a proxima, qnd é?",
    "o que eu tenho pra semana que vem?", "anything booked next week?",
])
def test_own_bookings_asked_by_context(message):
    assert asks.MY_APPOINTMENTS.search(normalize(message))


@pytest.mark.parametrize("message", [
    "tem algo com a dra camila na sexta?", "is there anything in dermatology this week?",
    "do you have anything on Friday?", "tem vaga essa semana?", "a proxima vaga é quando?",
])
def test_openings_asked_about_are_no_own_bookings(message):
    assert not asks.MY_APPOINTMENTS.search(normalize(message))


def test_this_week_shows_only_this_weeks_booking(pipeline, new_conversation, clinics):
    conversation = new_conversation("Olga Ramos Teixeira", normalize_cpf(make_cpf(97101)))
    try:
        run_turn(pipeline, conversation, "Book Dr. Eduardo Nunes on November 26 at 11:30 AM")
        run_turn(pipeline, conversation, "Book Dra. Juliana Castro, 3 Dec, 8am")
        events, answer = run_turn(pipeline, conversation, "have I got anything on this week?")
        actions = {s["action"] for s in next(e for e in events if e.type == "plan").steps}
        assert actions == {"list_my_appointments"} and not answer.slots
        assert [(a.doctor, a.date, a.time) for a in answer.appointments] == [("Dr. Eduardo Nunes", "2026-11-26", "11:30")]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize("message", [
    "deu certo? ficou marcado?", "ta marcado mesmo?", "did that go through?", "was it really confirmed?",
    "e qual clinica q ficou?", "a consulta de ortopedia fica em que clinica?", "what time was the skin doctor one?",
])
def test_whether_a_booking_went_through_and_where_it_ended_up(message):
    assert asks.MY_APPOINTMENTS.search(normalize(message))


def test_did_it_go_through_reads_the_bookings_once(pipeline, new_conversation, clinics):
    conversation = new_conversation("Olga Brito Sales", normalize_cpf(make_cpf(97731)))
    try:
        run_turn(pipeline, conversation, "Quero marcar com o Dr. Marcelo Tavares dia 02/12 às 17h")
        events, answer = run_turn(pipeline, conversation, "deu certo? ficou marcado?")
        steps = next(e for e in events if e.type == "plan").steps
        assert sorted(s["clinic"] for s in steps) == [f"clinic_{c}" for c in "abcdef"]
        assert {s["action"] for s in steps} == {"list_my_appointments"}
        assert [(a.clinic, a.doctor, a.date, a.time) for a in answer.appointments] == [
            ("clinic_d", "Dr. Marcelo Tavares", "2026-12-02", "17:00")]
    finally:
        give_back(clinics, conversation)
