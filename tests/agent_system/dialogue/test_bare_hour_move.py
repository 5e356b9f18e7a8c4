"""Right after a booking, another hour said on its own ("could it be 11 instead?", "dá pra ser às 3?", "e às
dez?") moves that booking on its day, after the patient's yes; nothing moves before it. Real clinics."""
from __future__ import annotations

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading.times import find_times
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("text", "times"), [
    ("could it be 11 instead?", ["11:00"]), ("can I do 3 instead", ["15:00"]), ("how about nine?", ["09:00"]),
    ("could it be 11 people?", []), ("I have 2 kids", []),
])
def test_an_hour_offered_in_place_of_another(text, times):
    assert find_times(normalize(text)) == times


@pytest.mark.parametrize(("number", "first", "change", "yes", "moved"), [
    (97501, "Book Dra. Patrícia Gomes on December 4 at 8 AM", "could it be 11 instead?", "yes", "11:00"),
    (97502, "Quero marcar com a Dra. Patrícia Gomes dia 04/12 às 8h", "dá pra ser às 10?", "sim", "10:00"),
])
def test_a_bare_hour_moves_the_booking_just_made_after_a_yes(pipeline, new_conversation, clinics, number, first,
                                                             change, yes, moved):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(number)))
    try:
        run_turn(pipeline, conversation, first)
        _, asked = run_turn(pipeline, conversation, change)
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_d", "Dra. Patrícia Gomes", "2026-12-04", "08:00")]
        run_turn(pipeline, conversation, yes)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_d", "Dra. Patrícia Gomes", "2026-12-04", moved)]
    finally:
        give_back(clinics, conversation)
