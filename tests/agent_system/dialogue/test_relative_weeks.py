"""A weekday qualified by a week anywhere in the message lands in that week.

"semana que vem" / "next week" may come before or after the weekday, far from it, or govern two
weekdays at once; "essa semana" / "this week" keeps the weekday in this week. Today is Monday
2026-11-23, so next week's Monday is 2026-11-30. The end-to-end cases check what the six real
clinics list and what their stores hold.
"""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading.date_windows import find_date_window
from agent_system.dialogue.reading.dates import find_dates
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

TODAY = date(2026, 11, 23)
NEXT_MON, NEXT_TUE, NEXT_THU, NEXT_FRI = (date(2026, 11, 30), date(2026, 12, 1), date(2026, 12, 3),
                                          date(2026, 12, 4))


@pytest.mark.parametrize(("text", "expected"), [
    ("semana q vem, segunda cedo, tem ortopedia?", [NEXT_MON]),
    ("prox semana quinta a tarde", [NEXT_THU]),
    ("queria p semana que vem... segunda ou terça, de manhã", [NEXT_MON, NEXT_TUE]),
    ("proxima semana na sexta feira", [NEXT_FRI]),
    ("semana qe vem sexta", [NEXT_FRI]),
    ("could I come tuesday, next week?", [NEXT_TUE]),
    ("next week on monday or tuesday", [NEXT_MON, NEXT_TUE]),
    ("Thursday next wk", [NEXT_THU]),
    ("the week after next on monday", [date(2026, 12, 7)]),
    ("daqui a duas semanas na segunda", [date(2026, 12, 7)]),
    ("essa semana na quarta", [date(2026, 11, 25)]),
    ("this week, friday", [date(2026, 11, 27)]),
    ("na próxima segunda", [NEXT_MON]),
    ("segunda", [NEXT_MON]),  # today is a Monday: a bare "segunda" is the next one
    ("a segunda opção da semana que vem", []),
])
def test_a_weekday_lands_in_the_week_the_message_names(text, expected):
    assert find_dates(normalize(text), TODAY) == expected


def test_a_window_between_two_weekdays_of_next_week():
    window = find_date_window(normalize("entre segunda e quarta da semana que vem"), TODAY)
    assert (window.start, window.end) == (NEXT_MON, date(2026, 12, 2))


@pytest.mark.parametrize("message", [
    "tem ortopedia semana q vem na segunda ou terça?",
    "any orthopedics openings next week, monday or tuesday?",
])
def test_a_listing_for_next_weeks_weekdays_offers_only_those_days(pipeline, new_conversation, message):
    conversation = new_conversation("Teodoro Sampaio Reis", "52998224725")
    _, answer = run_turn(pipeline, conversation, message)
    assert answer.slots, answer.text
    assert {s.date for s in answer.slots} <= {NEXT_MON.isoformat(), NEXT_TUE.isoformat()}, answer.text


def test_booking_next_weeks_weekday_lands_in_next_week(pipeline, clinics, new_conversation):
    conversation = new_conversation("Marta Quintela Dias", make_cpf(7700).replace(".", "").replace("-", ""))
    _, listed = run_turn(pipeline, conversation, "quero ortopedista pra semana que vem, terça")
    assert listed.slots and {s.date for s in listed.slots} == {NEXT_TUE.isoformat()}, listed.text
    first = min(listed.slots, key=lambda s: (s.date, s.time))
    try:
        run_turn(pipeline, conversation, f"marca com {first.doctor} terça da semana que vem às {first.time}")
        assert all_store_bookings(clinics, make_cpf(7700)) == [(first.clinic, first.doctor, first.date, first.time)]
    finally:
        give_back(clinics, conversation)
