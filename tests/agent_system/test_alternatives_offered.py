"""A bare yes to "another day, another doctor or another clinic?" (the answer to a doctor's empty listing) asks which
of them, naming the same options; it is no greeting and books nothing. Through the pipeline and the real clinics."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("asked", "yes", "options"), [
    ("a dra camila rocha tem horario na terça dia 24?", "pode", ("outro dia", "outro médico", "Clínica F")),
    ("does Dr. Eduardo Nunes have anything on Monday the 30th?", "sure", ("another day", "another doctor",
                                                                           "Clínica B")),
])
def test_a_bare_yes_to_the_alternatives_asks_which(pipeline, new_conversation, clinics, asked, yes, options):
    conversation = new_conversation("Rute Campos Leal", normalize_cpf(make_cpf(97741 + len(yes))))
    try:
        _, empty = run_turn(pipeline, conversation, asked)
        assert empty.slots == [] and all(o in empty.text for o in options)
        events, answer = run_turn(pipeline, conversation, yes)
        assert next(e for e in events if e.type == "plan").steps == []
        assert all(o in answer.text for o in options) and "?" in answer.text
        assert all_store_bookings(clinics, conversation.patient.cpf) == []
    finally:
        give_back(clinics, conversation)
