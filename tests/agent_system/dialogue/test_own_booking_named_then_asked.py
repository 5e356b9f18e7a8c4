"""A booking named by what it is and then asked about ("the skin doctor appointment, what day was it?", "the ortho
booking, which clinic is it?") reads the patient's bookings and shows that one, never open slots."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import give_back, make_cpf, run_turn


@pytest.mark.parametrize(("question", "shown"), [
    ("the skin doctor appointment, what day was it?", ("Dra. Mariana Alves", "2026-12-01", "14:00")),
    ("the ortho booking - which clinic is it?", ("Dr. Marcelo Tavares", "2026-11-25", "15:30")),
])
def test_the_booking_named_is_shown(pipeline, new_conversation, clinics, question, shown):
    conversation = new_conversation("Caio Mendonça Lessa", normalize_cpf(make_cpf(99520 + len(question))))
    try:
        run_turn(pipeline, conversation, "Book Dra. Mariana Alves for Dec 1 at 2pm")
        run_turn(pipeline, conversation, "and Dr. Marcelo Tavares on Nov 25 at 3:30pm as well, please book it")
        events, answer = run_turn(pipeline, conversation, question)
        assert {s["action"] for s in next(e for e in events if e.type == "plan").steps} == {"list_my_appointments"}
        assert shown in {(a.doctor, a.date, a.time) for a in answer.appointments} and not answer.slots
    finally:
        give_back(clinics, conversation)
