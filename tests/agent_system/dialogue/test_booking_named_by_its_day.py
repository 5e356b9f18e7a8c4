"""A change that names its booking by a day no booking has ("the Wednesday one, could it be an hour earlier?" with only
a Monday booking) asks which booking is meant; it never moves another one. Through the pipeline and the real clinics."""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, run_turn

MONDAY = ("clinic_b", "Dra. Camila Rocha", "2026-11-30", "11:00")


@pytest.mark.parametrize("change", ["the Wednesday one, could it be an hour earlier?",
                                    "a de quarta, da pra ser uma hora antes?"])
def test_a_booking_named_by_a_day_it_is_not_on_is_not_moved(patient, pipeline, clinics, change):
    conversation = patient(97961 if change.startswith("the") else 97962, "Caio Brandão Leite")
    run_turn(pipeline, conversation, "Book Dra. Camila Rocha Monday Nov 30 at 11.")
    assert all_store_bookings(clinics, conversation.patient.cpf) == [MONDAY]
    events, asked = run_turn(pipeline, conversation, change)
    assert not any(s["action"] == "reschedule_appointment" for s in next(e for e in events if e.type == "plan").steps)
    _, after = run_turn(pipeline, conversation, "yes" if change.startswith("the") else "sim")
    assert all_store_bookings(clinics, conversation.patient.cpf) == [MONDAY], (asked.text, after.text)
