"""A change said relative to the booking it moves: how far, which day, or where the booking's description ends."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading.relative_change import SlotClues, relative_change, without_time_shift
from agent_system.dialogue.reading.times import find_times
from agent_system.dialogue.reading.spoken_days import spell_out_days

TODAY = date(2026, 11, 23)  # a Monday


def read(text: str):
    return relative_change(spell_out_days(normalize(text)), TODAY)


@pytest.mark.parametrize(("text", "days"), [
    ("da pra jogar uma semana pra frente?", 7), ("can we make it a week later, same time?", 7),
    ("adianta uma semana, msm horario", -7), ("push it back two weeks", 14), ("the day after, same time", 1),
    ("dois dias antes", -2), ("uma semana antes", -7),
])
def test_a_shift_counts_days_from_the_booking(text, days):
    assert read(text).shift_days == days and read(text).moves


@pytest.mark.parametrize("text", ["no mesmo dia so q as 4 da tarde", "same day but at 2:30 PM"])
def test_the_same_day_at_another_time(text):
    found = read(text)
    assert found.same_day and not found.next_free


@pytest.mark.parametrize("text", ["consegue me passar pro proximo horario livre depois desse?",
                                  "push me to the next opening after that one", "mais tarde no mesmo dia tem?"])
def test_the_next_free_slot_after_the_booking(text):
    assert read(text).next_free


def test_the_booking_is_described_before_its_new_slot():
    found = read("a consulta de segunda as 9h passa pra quinta dia 3 as 15h")
    assert found.booking == SlotClues(days=("2026-11-30",), weekdays=(0,), times=("09:00",))
    assert found.target == SlotClues(days=("2026-12-03",), times=("15:00",))


@pytest.mark.parametrize("text", ["passa pra sexta", "quais horarios tem semana que vem?", "uma consulta",
                                  "me passa o proximo horario livre da dermato"])
def test_no_relative_change(text):
    found = read(text)
    assert not found.moves and found.booking is None


@pytest.mark.parametrize("text", ["preciso passar pra semana seguinte, mesmo dia e horario",
                                  "joga pra outra semana no mesmo horario", "move it to the week after, same time"])
def test_the_following_week_is_read_apart_from_a_shift(text):
    found = read(text)
    assert found.following_week and found.shift_days is None


@pytest.mark.parametrize(("text", "minutes"), [("uma hora mais tarde", 60), ("meia hora antes", -30),
                                               ("two hours later, same day", 120), ("half an hour earlier", -30)])
def test_a_time_shift_keeps_the_day(text, minutes):
    assert read(text).shift_minutes == minutes and read(text).moves


def test_a_length_of_time_is_no_time_of_day():
    assert find_times(without_time_shift(normalize("consegue uma hora mais tarde?"))) == []
    assert read("da pra ser uma hora e meia mais tarde?").shift_minutes == 90
