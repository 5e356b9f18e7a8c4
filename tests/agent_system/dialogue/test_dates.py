"""Dates, times and ranges in patients' messages, resolved against a fixed today."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_system.language.text import normalize
from agent_system.dialogue.reading.dates import HORIZON_DAYS, find_date_range, find_dates
from agent_system.dialogue.reading.times import find_times

MONDAY = date(2026, 11, 23)
NEAR_YEAR_END = date(2026, 12, 30)  # a Wednesday


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # numeric
        ("18/07", [date(2027, 7, 18)]),
        ("18/7", [date(2027, 7, 18)]),
        ("tem vaga em 25/11?", [date(2026, 11, 25)]),
        ("25/11/2026", [date(2026, 11, 25)]),
        ("25-11-2026", [date(2026, 11, 25)]),
        ("18/01/27", [date(2027, 1, 18)]),
        ("2026-11-25", [date(2026, 11, 25)]),
        ("no dia 2026-12-01 às 10h", [date(2026, 12, 1)]),
        # day and month name
        ("18 de julho", [date(2027, 7, 18)]),
        ("3 de março", [date(2027, 3, 3)]),
        ("3 de marco", [date(2027, 3, 3)]),
        ("10 de dezembro de 2026", [date(2026, 12, 10)]),
        ("5 jul", [date(2027, 7, 5)]),
        ("5 set", [date(2027, 9, 5)]),
        ("1º de dezembro", [date(2026, 12, 1)]),
        ("dia 18 de dezembro às 10h", [date(2026, 12, 18)]),
        # day of the month
        ("dia 25", [date(2026, 11, 25)]),
        ("no dia 18", [date(2026, 12, 18)]),
        ("dia 23", [MONDAY]),
        ("dia 31", [date(2026, 12, 31)]),
        # relative days
        ("hoje", [MONDAY]),
        ("amanhã", [date(2026, 11, 24)]),
        ("amanha de manhã", [date(2026, 11, 24)]),
        ("depois de amanhã", [date(2026, 11, 25)]),
        # weekdays
        # today's own weekday said bare is the next one; "essa segunda" or "hoje" say today
        ("segunda", [date(2026, 11, 30)]),
        ("essa segunda", [MONDAY]),
        ("hoje segunda tem horario", [MONDAY]),
        ("na terça", [date(2026, 11, 24)]),
        ("terca-feira", [date(2026, 11, 24)]),
        ("quarta-feira", [date(2026, 11, 25)]),
        ("quinta feira", [date(2026, 11, 26)]),
        ("sexta", [date(2026, 11, 27)]),
        ("sábado", [date(2026, 11, 28)]),
        ("no domingo", [date(2026, 11, 29)]),
        ("próxima segunda", [date(2026, 11, 30)]),
        ("proxima sexta", [date(2026, 11, 27)]),
        ("próximo sábado", [date(2026, 11, 28)]),
        ("segunda da semana que vem", [date(2026, 11, 30)]),
        ("sexta da próxima semana", [date(2026, 12, 4)]),
        ("cancelar a consulta da sexta", [date(2026, 11, 27)]),
        # English
        ("today", [MONDAY]),
        ("tomorrow", [date(2026, 11, 24)]),
        ("the day after tomorrow", [date(2026, 11, 25)]),
        ("monday", [date(2026, 11, 30)]),
        ("this monday", [MONDAY]),
        ("next monday", [date(2026, 11, 30)]),
        ("on Friday", [date(2026, 11, 27)]),
        ("friday next week", [date(2026, 12, 4)]),
        ("July 18", [date(2027, 7, 18)]),
        ("Jul 18", [date(2027, 7, 18)]),
        ("18 July", [date(2027, 7, 18)]),
        ("July 18th", [date(2027, 7, 18)]),
        ("the 18th of July", [date(2027, 7, 18)]),
        ("December 5th, 2026", [date(2026, 12, 5)]),
        ("the 18th", [date(2026, 12, 18)]),
        ("on the 25th at 10am", [date(2026, 11, 25)]),
        # several dates: order of appearance, no repeats
        ("dia 25 ou 27/11", [date(2026, 11, 25), date(2026, 11, 27)]),
        ("sexta ou amanhã", [date(2026, 11, 27), date(2026, 11, 24)]),
        ("18/07, ou seja, 18 de julho", [date(2027, 7, 18)]),
        # nothing that is a date
        ("31/02", []),
        ("30/02/2027", []),
        ("dia 32", []),
        ("25/11/2025", []),
        ("10:30", []),
        ("10h", []),
        ("às 10", []),
        ("quero a segunda opção", []),
        ("minha segunda consulta", []),
        ("2 out of 3", []),
        ("quero marcar cardiologia", []),
        ("", []),
    ],
)
def test_find_dates(text, expected):
    assert find_dates(normalize(text), MONDAY) == expected


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        ("02/01", NEAR_YEAR_END, [date(2027, 1, 2)]),
        ("30/12", NEAR_YEAR_END, [NEAR_YEAR_END]),
        ("29/12", NEAR_YEAR_END, [date(2027, 12, 29)]),
        ("5 de janeiro", NEAR_YEAR_END, [date(2027, 1, 5)]),
        ("January 4", NEAR_YEAR_END, [date(2027, 1, 4)]),
        ("dia 2", NEAR_YEAR_END, [date(2027, 1, 2)]),
        ("amanhã", NEAR_YEAR_END, [date(2026, 12, 31)]),
        ("depois de amanhã", NEAR_YEAR_END, [date(2027, 1, 1)]),
        ("sexta", NEAR_YEAR_END, [date(2027, 1, 1)]),
        ("29/02", NEAR_YEAR_END, []),
        ("29/02", date(2027, 3, 1), [date(2028, 2, 29)]),
        ("29/02", date(2027, 1, 10), []),  # the next 29/02 is past the horizon
        ("dia 30", date(2027, 1, 31), [date(2027, 3, 30)]),
    ],
)
def test_find_dates_rolls_over_months_and_years(text, today, expected):
    assert find_dates(normalize(text), today) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10h", ["10:00"]),
        ("10h30", ["10:30"]),
        ("10hs", ["10:00"]),
        ("10:30", ["10:30"]),
        ("14:00", ["14:00"]),
        ("às 10", ["10:00"]),
        ("as 10", ["10:00"]),
        ("ás 10", ["10:00"]),
        ("at 10", ["10:00"]),
        ("10 horas", ["10:00"]),
        ("2 da tarde", ["14:00"]),
        ("10 da manhã", ["10:00"]),
        ("8 da noite", ["20:00"]),
        ("às 2 e meia da tarde", ["14:30"]),
        ("às 10 e meia", ["10:30"]),
        ("meio-dia", ["12:00"]),
        ("meio dia", ["12:00"]),
        ("meio-dia e meia", ["12:30"]),
        ("noon", ["12:00"]),
        ("10 AM", ["10:00"]),
        ("10am", ["10:00"]),
        ("10 a.m.", ["10:00"]),
        ("2 PM", ["14:00"]),
        ("2:30 pm", ["14:30"]),
        ("12 am", ["00:00"]),
        ("12 pm", ["12:00"]),
        ("amanhã às 9h", ["09:00"]),
        ("9h ou 14h", ["09:00", "14:00"]),
        ("10h ou 10:00", ["10:00"]),
        ("dia 18 às 15h30", ["15:30"]),
        # nothing that is a time
        ("as consultas de sexta", []),
        ("18/07", []),
        ("dia 18", []),
        ("2026-07-18", []),
        ("quero 2 consultas", []),
        ("25h", []),
        ("10:75", []),
        ("13 pm", []),
        ("as 24", []),
        ("meu CPF é 123.456.789-09", []),
        ("o primeiro", []),
    ],
)
def test_find_times(text, expected):
    assert find_times(normalize(text)) == expected


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        ("semana que vem", MONDAY, (date(2026, 11, 30), date(2026, 12, 6))),
        ("na próxima semana", MONDAY, (date(2026, 11, 30), date(2026, 12, 6))),
        ("next week", MONDAY, (date(2026, 11, 30), date(2026, 12, 6))),
        ("esta semana", MONDAY, (MONDAY, date(2026, 11, 29))),
        ("nessa semana", MONDAY, (MONDAY, date(2026, 11, 29))),
        ("this week", MONDAY, (MONDAY, date(2026, 11, 29))),
        ("este mês", MONDAY, (MONDAY, date(2026, 11, 30))),
        ("this month", MONDAY, (MONDAY, date(2026, 11, 30))),
        ("mês que vem", MONDAY, (date(2026, 12, 1), date(2026, 12, 31))),
        ("semana que vem", NEAR_YEAR_END, (date(2027, 1, 4), date(2027, 1, 10))),
        ("this week", NEAR_YEAR_END, (NEAR_YEAR_END, date(2027, 1, 3))),
        ("este mes", NEAR_YEAR_END, (NEAR_YEAR_END, date(2026, 12, 31))),
        ("next month", NEAR_YEAR_END, (date(2027, 1, 1), date(2027, 1, 31))),
        ("quero marcar cardiologia", MONDAY, None),
        ("this weekend", MONDAY, None),
        ("semanal", MONDAY, None),
    ],
)
def test_find_date_range(text, today, expected):
    assert find_date_range(normalize(text), today) == expected


# Fragments that exercise the parsers' edges, mixed with arbitrary text.
_FRAGMENTS = st.sampled_from(
    "18/07 31/02 29/02 2027-02-30 dia 31 32 0 00 99 9999 de of fevereiro july 18th the às at "
    "10h h : / - . e meia da tarde noite am pm meio-dia próxima next sexta segunda feira semana "
    "que vem mês month week this 12 24 60".split()
)
_MESSAGES = st.tuples(
    st.sampled_from([" ", "", "/", ":", "-"]),
    st.lists(st.one_of(_FRAGMENTS, st.text(max_size=6)), max_size=10),
).map(lambda parts: parts[0].join(parts[1]))
_TODAYS = st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31))
_HH_MM = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d")


@given(_MESSAGES, _TODAYS)
def test_find_dates_only_returns_upcoming_dates(text, today):
    found = find_dates(normalize(text), today)
    assert all(today <= day <= today + timedelta(days=HORIZON_DAYS) for day in found)
    assert len(found) == len(set(found))


@given(_MESSAGES)
def test_find_times_only_returns_valid_clock_times(text):
    found = find_times(normalize(text))
    assert all(_HH_MM.fullmatch(time) for time in found)
    assert len(found) == len(set(found))


@given(_MESSAGES, _TODAYS)
def test_find_date_range_is_an_upcoming_ordered_pair(text, today):
    found = find_date_range(normalize(text), today)
    if found is not None:
        start, end = found
        assert today <= start <= end <= today + timedelta(days=HORIZON_DAYS)
