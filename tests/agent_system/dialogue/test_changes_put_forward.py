"""A change put forward without a verb of moving, composed from its parts: which booking (the one in context, one
named by doctor or weekday, one of the listed ones by position, a question when two fit), what changes (a new day
alone keeps the time), how it is said (a weekday, a part of the day, the following week), and the frame ("e se
fosse…", "… works better"). A slot the doctor's week does not have is never offered: that day's real slots are.

Readings are checked on their own; the moves against the real clinics, in the stores.
"""
from __future__ import annotations

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading.proposals import proposes
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, moved_with_a_yes, run_turn


@pytest.mark.parametrize("text", [
    "e se fosse na sexta?", "dá pra ser mais cedo?", "da pra ser as 11?", "prefiro a tarde, consegue?",
    "15h30 fica melhor", "melhor semana q vem, pode ser?", "Poderia ser quarta-feira às 15h?", "que tal quinta?",
    "can we make it Friday instead?", "what if it were on Friday?", "pushing it to next week works better for me",
    "the afternoon would suit me better", "4 pm works better", "how about Thursday?", "I'd rather go on Monday",
])
def test_a_change_put_forward_without_a_verb_of_moving(text):
    assert proposes(normalize(text))


@pytest.mark.parametrize("text", ["tem horário na sexta?", "quero marcar com a dra camila na quinta",
                                  "show me Friday's slots", "minhas consultas", "obrigado, até mais"])
def test_a_request_or_a_question_is_no_proposal(text):
    assert not proposes(normalize(text))


@pytest.mark.parametrize(("turns", "change", "yes", "moved"), [
    (["Quero marcar com a Dra. Patrícia Gomes dia 24/11 às 11h"],
     "e se fosse na sexta?", "sim", ("clinic_d", "Dra. Patrícia Gomes", "2026-11-27", "11:00")),
    (["Book Dr. Paulo Henrique Lima on December 2 at 8 AM"], "the afternoon would suit me better", "yes",
     ("clinic_b", "Dr. Paulo Henrique Lima", "2026-12-02", "14:30")),
    (["Book Dr. Eduardo Nunes on November 25 at 3 PM"], "pushing it to next week works better for me", "yes",
     ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "15:00")),
])
def test_a_proposal_moves_the_booking_in_context_after_the_yes(pipeline, new_conversation, clinics, turns, change,
                                                                yes, moved):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97701 + len(change))))
    try:
        asked, before, after = moved_with_a_yes(pipeline, clinics, conversation, turns, change, yes)
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert len(before) == 1 and before != [moved]
        assert after == [moved]
    finally:
        give_back(clinics, conversation)


def test_the_booking_named_by_its_doctor_among_two_keeps_its_day(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97711)))
    turns = ["Quero marcar com a Dra. Camila Rocha dia 30/11 às 9h", "Quero marcar com o Dr. Rafael Moreira dia 26/11 às 10h"]
    try:
        asked, _, after = moved_with_a_yes(pipeline, clinics, conversation, turns, "a da dra camila, dá pra ser as 11?", "sim")
        assert asked.confirm is not None
        assert after == [("clinic_b", "Dra. Camila Rocha", "2026-11-30", "11:00"),
                         ("clinic_e", "Dr. Rafael Moreira", "2026-11-26", "10:00")]
    finally:
        give_back(clinics, conversation)


def test_one_of_the_listed_bookings_by_position_with_a_relative_change(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97712)))
    turns = ["Book Dra. Ana Beatriz Souza on November 24 at 10 AM", "Book Dr. Marcelo Tavares on November 25 at 3:30 PM",
             "what have I got booked?"]
    try:
        asked, _, after = moved_with_a_yes(pipeline, clinics, conversation, turns,
                                 "the second one: keep the hour but make it a week later", "yes")
        assert asked.confirm is not None
        assert after == [("clinic_a", "Dra. Ana Beatriz Souza", "2026-11-24", "10:00"),
                         ("clinic_d", "Dr. Marcelo Tavares", "2026-12-02", "15:30")]
    finally:
        give_back(clinics, conversation)


def test_two_bookings_on_the_weekday_pointed_at_ask_which(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97713)))
    try:
        for turn in ("Quero marcar com o Dr. Ricardo Lopes dia 25/11 às 9h",
                     "Quero marcar com o Dr. Paulo Henrique Lima dia 25/11 às 14h30"):
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, asked = run_turn(pipeline, conversation, "a de quarta, e se fosse na sexta?")
        assert asked.confirm is None and "Ricardo" in asked.text and "Paulo" in asked.text and "?" in asked.text
        assert all_store_bookings(clinics, conversation.patient.cpf) == before and len(before) == 2
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("turns", "change", "day", "times"), [
    (["Quero marcar com a Dra. Camila Rocha dia 26/11 às 15h"], "e se fosse as 17h?", "2026-11-26",
     {"14:00", "16:00"}),
    (["Book Dr. Fernando Mendes on November 24 at 2 PM"], "what if it were on Friday?", "2026-11-27",
     {"08:00", "10:00", "11:00"}),
])
def test_a_slot_the_doctor_does_not_have_offers_that_day_real_ones(pipeline, new_conversation, clinics, turns,
                                                                   change, day, times):
    """Never a confirmation for a slot that does not exist, never a slot on a day the patient did not say."""
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97720 + len(change))))
    try:
        for turn in turns:
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, answer = run_turn(pipeline, conversation, change)
        assert answer.confirm is None
        assert {s.date for s in answer.slots} == {day} and {s.time for s in answer.slots} == times
        assert all_store_bookings(clinics, conversation.patient.cpf) == before
    finally:
        give_back(clinics, conversation)
