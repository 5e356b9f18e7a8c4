"""A day said twice in one message: taken back in passing ("quinta, não, sexta"), or two ways that disagree ("amanhã
dia 26"); a day of the month after its month ("December 3rd") is no option of a listing. Today's weekday said bare
is the next one. Real clinics for the outcomes: the day booked is always the one the patient said last.
"""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading.day_corrections import days_in_conflict, without_corrected_days
from agent_system.dialogue.reading.dates import find_dates
from agent_system.dialogue.reading.vocabulary import ordinal_in
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

MONDAY, FRIDAY = date(2026, 11, 23), date(2026, 11, 27)


@pytest.mark.parametrize(("text", "days"), [
    ("marca quinta, não, sexta as 10", [date(2026, 11, 27)]),
    ("book thursday, no wait, friday at 10:30", [date(2026, 11, 27)]),
    ("terça quer dizer quarta", [date(2026, 11, 25)]),
    ("amanhã, ou melhor, dia 26", [date(2026, 11, 26)]),
    ("não posso quinta, só sexta", [date(2026, 11, 26), date(2026, 11, 27)]),  # no correction: both days said
])
def test_a_day_taken_back_in_passing_leaves_the_last_one(text, days):
    assert find_dates(without_corrected_days(normalize(text)), MONDAY) == days


@pytest.mark.parametrize(("text", "conflict"), [
    ("amanha dia 26 as 10h", (date(2026, 11, 26), date(2026, 11, 24))),
    ("tomorrow the 27th at 2 PM", (date(2026, 11, 27), date(2026, 11, 24))),
    ("terca dia 2", (date(2026, 12, 2), date(2026, 12, 1))),
    ("amanha dia 24 as 10h", None), ("amanha as 10", None), ("hoje as 9", None),
    ("tomorrow 3 p.m.", None), ("tomorrow at 9 a.m. please", None),
])
def test_two_ways_of_saying_the_day_that_disagree(text, conflict):
    assert days_in_conflict(normalize(text), MONDAY) == conflict


@pytest.mark.parametrize(("text", "today", "day"), [
    ("sexta", FRIDAY, date(2026, 12, 4)), ("friday at 10", FRIDAY, date(2026, 12, 4)),
    ("essa sexta", FRIDAY, FRIDAY), ("this friday", FRIDAY, FRIDAY), ("hoje, sexta", FRIDAY, FRIDAY),
    ("sexta", MONDAY, FRIDAY),
])
def test_today_weekday_said_bare_is_the_next_one(text, today, day):
    assert find_dates(normalize(text), today) == [day]


@pytest.mark.parametrize(("text", "ordinal"), [
    ("december 2nd, 9 sharp", None), ("the 2nd of december please", None), ("on the 3rd", None),
    ("the 3rd one", 2), ("i ll take the 2nd", 1),
])
def test_a_day_of_the_month_after_its_month_is_no_option(text, ordinal):
    assert ordinal_in(text) == ordinal


@pytest.mark.parametrize(("text", "ordinal"), [
    ("marca a primeira de quinta entao", 0), ("o primeiro da tarde", 0), ("pode ser o primeiro de sexta", 0),
    ("dia primeiro de dezembro as 10", None), ("primeiro de 12 de manha", None), ("primeiro de tudo, quanto custa?", None),
    ("e a primeira vez que vou", None),
])
def test_the_first_of_a_day_is_a_pick_the_first_of_a_month_a_date(text, ordinal):
    assert ordinal_in(normalize(text)) == ordinal


@pytest.mark.parametrize(("number", "message", "booked"), [
    (97611, "marca com o dr fernando mendes quinta, não, sexta as 10",
     ("clinic_c", "Dr. Fernando Mendes", "2026-11-27", "10:00")),
    (97612, "book Dra. Mariana Alves Thursday, no wait, Friday at 10:30",
     ("clinic_f", "Dra. Mariana Alves", "2026-11-27", "10:30")),
])
def test_the_corrected_day_is_booked(pipeline, new_conversation, clinics, number, message, booked):
    conversation = new_conversation("Otavio Reis Campos", normalize_cpf(make_cpf(number)))
    try:
        run_turn(pipeline, conversation, message)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("number", "message", "named"), [
    (97613, "marca com o dr rafael moreira amanha dia 26 as 10h", ("24/11", "26/11")),
    (97614, "book Dra. Luciana Freitas tomorrow the 27th at 2 PM", ("Nov 24", "Nov 27")),
])
def test_a_relative_day_and_a_date_that_disagree_are_asked_about(pipeline, new_conversation, clinics, number,
                                                                 message, named):
    conversation = new_conversation("Otavio Reis Campos", normalize_cpf(make_cpf(number)))
    events, answer = run_turn(pipeline, conversation, message)
    assert next(e for e in events if e.type == "plan").steps == []
    assert "?" in answer.text and all(day in answer.text for day in named), answer.text
    assert all_store_bookings(clinics, conversation.patient.cpf) == []
