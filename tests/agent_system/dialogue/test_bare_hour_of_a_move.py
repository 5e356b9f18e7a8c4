"""A new time said as a bare number right after moving the booking ("move it to 10 the same day", "can that be 9
instead?", "could Dra. X's be 8 instead?") is a time of day; a day of the month after the same words ("move it to 2
December", "to the 3rd") stays a date. "esse serve, sim" and "pode passar" are a yes to the move."""
from __future__ import annotations

import pytest

from agent_system.dialogue.reading.times import find_times
from agent_system.dialogue.reading.write_intent import confirmation_reply
from agent_system.language.text import normalize
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("text", "times"), [
    ("can you move it to 10 the same day?", ["10:00"]), ("could you shift that to 11 on that day", ["11:00"]),
    ("push it to 4 please", ["16:00"]), ("can that be 9 instead?", ["09:00"]),
    ("Hmm, could Dr. Tavares's be 8 instead?", ["08:00"]),
    ("move it to 2 December", []), ("move it to the 3rd", []), ("could it be 3 weeks later?", []),
    ("can it be 2 days earlier?", []),
])
def test_a_bare_number_after_a_move_is_a_time_unless_a_date_or_count_follows(text, times):
    assert find_times(normalize(text)) == times


@pytest.mark.parametrize("reply", ["esse serve, sim", "serve sim", "pode passar", "Sim, pode passar.", "Sounds good, do it."])
def test_a_yes_to_a_move_may_say_it_suits(reply):
    assert confirmation_reply(reply) == "yes"


@pytest.mark.parametrize(("turns", "change", "moved"), [
    (["please reserve Dr. Marcelo Tavares for Wed Nov 25 at 2pm"], "can you move it to 5 the same day?",
     ("clinic_d", "Dr. Marcelo Tavares", "2026-11-25", "17:00")),
    (["Book Dra. Mariana Alves on Tuesday Dec 1 at 9 AM", "and Dr. Rafael Moreira on Tuesday Dec 1 at 2:30 PM"],
     "could Dra. Mariana's be 2 instead?", ("clinic_f", "Dra. Mariana Alves", "2026-12-01", "14:00")),
])
def test_the_bare_hour_moves_the_booking_after_the_yes(pipeline, new_conversation, clinics, turns, change, moved):
    conversation = new_conversation("Sílvia Dantas Moura", normalize_cpf(make_cpf(99560 + len(change))))
    try:
        for turn in turns:
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, asked = run_turn(pipeline, conversation, change)
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        run_turn(pipeline, conversation, "yes")
        after = all_store_bookings(clinics, conversation.patient.cpf)
        assert moved in after and moved not in before and len(after) == len(before)
        assert [b for b in before if b[1] != moved[1]] == [a for a in after if a[1] != moved[1]]
    finally:
        give_back(clinics, conversation)
