"""A change said relative to the booking it moves: a weekday that only points at the booking, hours with the verb
first, another part of the booking's own day, the next free slot after it, two bookings that both fit.

The readings are checked on their own; the moves against the real clinics, in the stores: nothing moves before the
patient's yes, and nothing ever moves to a day the patient did not say.
"""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.language.text import normalize
from agent_system.understanding.relative_change import SlotClues, relative_change
from agent_system.understanding.spoken_days import spell_out_days
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

TODAY = date(2026, 11, 23)  # a Monday


def read(text: str):
    return relative_change(spell_out_days(normalize(text)), TODAY)


@pytest.mark.parametrize(("text", "weekday"), [
    ("the Friday one, make it an hour and a half later", 4), ("my Tuesday appointment, half an hour earlier", 1),
    ("a de sexta, uma hora mais tarde", 4), ("a consulta de quarta, meia hora antes", 2),
])
def test_a_weekday_that_points_at_the_booking_is_not_its_new_day(text, weekday):
    found = read(text)
    assert found.booking == SlotClues(weekdays=(weekday,)) and not found.names_weekday


@pytest.mark.parametrize("text", ["instead of Tuesday, could I come on the Friday of that same week at 8?",
                                  "pode ser na sexta que vem?"])
def test_a_weekday_that_names_the_new_day_stays_the_new_day(text):
    found = read(text)
    assert found.booking is None and found.names_weekday


@pytest.mark.parametrize(("text", "minutes"), [
    ("push it back an hour", 60), ("adianta meia hora", -30), ("bring it forward by two hours", -120),
    ("atrasa uma hora e meia", 90), ("can you make it an hour and a half later?", 90),
])
def test_hours_with_the_verb_first_shift_the_time(text, minutes):
    assert read(text).shift_minutes == minutes


@pytest.mark.parametrize("text", ["consegue deixar mais pro fim da tarde?", "passa pra parte da tarde, msm dia",
                                  "later in the afternoon if possible", "could you move it to the morning?"])
def test_another_part_of_the_booking_day(text):
    found = read(text)
    assert found.to_day_part and found.moves


@pytest.mark.parametrize("text", ["me coloca no primeiro horario vago depois desse",
                                  "whatever opens up next after that booking, move me there",
                                  "the next available slot with her after that one",
                                  "volta uma semana pfv, mesma hora"])
def test_more_ways_of_saying_the_next_slot_or_a_week_back(text):
    found = read(text)
    assert found.next_free or found.shift_days == -7


def _moved(pipeline, clinics, conversation, turns: list[str], change: str, yes: str):
    """Run the booking turns and the change; return (the change's answer, the stores before and after the yes)."""
    for turn in turns:
        run_turn(pipeline, conversation, turn)
    _, asked = run_turn(pipeline, conversation, change)
    before = all_store_bookings(clinics, conversation.patient.cpf)
    run_turn(pipeline, conversation, yes)
    return asked, before, all_store_bookings(clinics, conversation.patient.cpf)


def test_the_friday_one_moves_on_its_own_day_never_a_week_on(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97601)))
    turns = ["Book Dr. Rafael Moreira on November 26 at 10 AM", "Book Dra. Mariana Alves on November 27 at 9 AM"]
    try:
        asked, before, after = _moved(pipeline, clinics, conversation, turns,
                                      "the Friday one, make it an hour and a half later", "yes")
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert ("clinic_f", "Dra. Mariana Alves", "2026-11-27", "09:00") in before
        assert after == [("clinic_e", "Dr. Rafael Moreira", "2026-11-26", "10:00"),
                         ("clinic_f", "Dra. Mariana Alves", "2026-11-27", "10:30")]
    finally:
        give_back(clinics, conversation)


def test_the_afternoon_of_the_same_day_offers_its_only_slot(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97602)))
    try:
        asked, before, after = _moved(pipeline, clinics, conversation,
                                      ["Quero marcar com o Dr. Rafael Moreira dia 01/12 às 8h"],
                                      "passa pra parte da tarde, msm dia", "sim")
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert before == [("clinic_e", "Dr. Rafael Moreira", "2026-12-01", "08:00")]
        assert after == [("clinic_e", "Dr. Rafael Moreira", "2026-12-01", "14:30")]
    finally:
        give_back(clinics, conversation)


def test_later_that_afternoon_lists_the_slots_of_that_day_and_moves_nothing(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97603)))
    try:
        run_turn(pipeline, conversation, "Quero marcar com o Dr. Eduardo Nunes dia 02/12 às 13h")
        _, listed = run_turn(pipeline, conversation, "consegue deixar mais pro fim da tarde?")
        assert {(s.date, s.time) for s in listed.slots} == {("2026-12-02", "14:00"), ("2026-12-02", "15:00"),
                                                            ("2026-12-02", "16:00")}
        assert listed.confirm is None
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "13:00")]
    finally:
        give_back(clinics, conversation)


def test_two_bookings_that_both_fit_ask_which_and_move_nothing(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97604)))
    try:
        for turn in ("Book Dra. Patrícia Gomes on December 4 at 9 AM", "Book Dr. Eduardo Nunes, 2 December, 1 PM"):
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, asked = run_turn(pipeline, conversation, "push it back an hour please")
        assert asked.confirm is None and "Patrícia" in asked.text and "Eduardo" in asked.text and "?" in asked.text
        assert all_store_bookings(clinics, conversation.patient.cpf) == before and len(before) == 2
    finally:
        give_back(clinics, conversation)
