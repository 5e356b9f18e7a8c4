"""Short, typed-on-a-phone moves of a booking: one week on at its own time ("passa pra msm hora, so q uma semana depois"),
an hour later with the reason in a part of the day ("1h pra frente no msm dia, de manhã é corrido"), the next opening
after it in the same part of the day ("his next opening after that one, same afternoon?"); and bookings asked with
everyday verbs ("grab", "lock in", "fecha pra mim"). The move waits for a yes; the stores hold the outcome."""
from __future__ import annotations

import pytest

from agent_system.dialogue.reading.write_intent import is_write_request
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize("message", [
    "grab Dra. Camila Rocha's 10am on Monday Nov 30 for me", "can you lock in Dr. Rafael Moreira on Dec 1 at 8am?",
    "fecha pra mim a dra luciana freitas qua 2/12 as 9h",
])
def test_everyday_verbs_of_booking_ask_to_book(message):
    assert is_write_request(message)


@pytest.mark.parametrize(("booking", "change", "yes", "moved"), [
    ("marca c a dra mariana alves ter 24/11 as 14h", "na vdd passa pra msm hora, so q uma semana depois", "pode",
     ("clinic_f", "Dra. Mariana Alves", "2026-12-01", "14:00")),
    ("Me agenda o Dr. Paulo Henrique Lima (dermato) pro dia 25/11 8h", "da pra jogar 1h30 pra frente no msm dia? de manha cedo e corrido",
     "sim", ("clinic_b", "Dr. Paulo Henrique Lima", "2026-11-25", "09:30")),
    ("I'd like to see Dr. Eduardo Nunes Dec 2 at 1pm", "1 is awkward. his next opening after that one, same afternoon?",
     "yes", ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "14:00")),
])
def test_a_move_said_briefly_waits_for_the_yes(pipeline, new_conversation, clinics, booking, change, yes, moved):
    conversation = new_conversation("Marta Quintela Rios", normalize_cpf(make_cpf(99540 + len(change))))
    try:
        run_turn(pipeline, conversation, booking)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, asked = run_turn(pipeline, conversation, change)
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        run_turn(pipeline, conversation, yes)
        assert len(before) == 1 and all_store_bookings(clinics, conversation.patient.cpf) == [moved]
    finally:
        give_back(clinics, conversation)
