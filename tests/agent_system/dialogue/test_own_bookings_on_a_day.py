"""A question about one's own bookings on a weekday ("tenho algo marcado pra sexta?", "anything on Wednesday?") shows the
bookings on that weekday, whichever week they fall in, and says so when there is none; "my next one", asked in
everyday Portuguese, shows the earliest booking only. Through the pipeline and the real clinics."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import give_back, make_cpf, run_turn

WEDNESDAY = ("clinic_e", "Dra. Luciana Freitas", "2026-11-25", "13:30")
THURSDAY = ("clinic_b", "Dra. Camila Rocha", "2026-12-03", "16:00")


@pytest.fixture
def two_bookings(pipeline, new_conversation, clinics):
    """A conversation that booked a Wednesday next to today and a Thursday of the following week."""
    conversation = new_conversation("Iara Coutinho Bastos", normalize_cpf(make_cpf(97841)))
    run_turn(pipeline, conversation, "marca com a dra luciana freitas dia 25/11 as 13:30")
    run_turn(pipeline, conversation, "Book Dra. Camila Rocha on December 3 at 4pm")
    yield conversation
    give_back(clinics, conversation)


def shown(answer) -> list[tuple[str, str, str, str]]:
    return [(a.clinic, a.doctor, a.date, a.time) for a in answer.appointments]


@pytest.mark.parametrize("message, expected", [
    ("tenho alguma coisa na quinta?", [THURSDAY]),
    ("tenho algo marcado na quarta-feira?", [WEDNESDAY]),
    ("do I have anything on Thursday?", [THURSDAY]),
    ("is there something booked for me on a wednesday?", [WEDNESDAY]),
    ("qual a minha proxima msm?", [WEDNESDAY]),
    ("e a minha próxima consulta, quando é?", [WEDNESDAY]),
])
def test_a_weekday_or_the_next_one_shows_those_bookings_only(pipeline, two_bookings, message, expected):
    events, answer = run_turn(pipeline, two_bookings, message)
    assert {s["action"] for s in next(e for e in events if e.type == "plan").steps} == {"list_my_appointments"}
    assert shown(answer) == expected and not answer.slots


@pytest.mark.parametrize("message", ["tenho alguma coisa na segunda?", "anything booked for me on Friday?"])
def test_a_weekday_with_no_booking_is_answered_no(pipeline, two_bookings, message):
    events, answer = run_turn(pipeline, two_bookings, message)
    assert shown(answer) == [] and not answer.slots
    assert any(day in answer.text.lower() for day in ("segunda", "monday", "sexta", "friday"))
