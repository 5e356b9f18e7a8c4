"""A booking asked while a cancel still waits for its booking code is a booking: "marca a primeira de quinta"
picks from the listing the same turn gave, it answers nothing about the cancel. On the real clinics."""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, run_turn


@pytest.mark.parametrize(("number", "both", "pick"), [
    (96611, "cancela essa e ve se tem ortopedia quinta de manha", "marca a primeira de quinta entao"),
    (96612, "cancel that one and show me orthopedics on thursday morning", "book the first thursday one then"),
])
def test_a_pick_after_a_cancel_without_a_code_books_the_listed_slot(patient, pipeline, clinics, number, both, pick):
    conversation = patient(number, "Tatiane Rocha Lima")
    _, listed = run_turn(pipeline, conversation, both)
    assert listed.slots
    first = min(listed.slots, key=lambda s: (s.date, s.time))
    _, booked = run_turn(pipeline, conversation, pick)
    if not booked.appointments:  # a pick may be offered first: the yes books it
        _, booked = run_turn(pipeline, conversation, "sim" if number == 96611 else "yes")
    assert all_store_bookings(clinics, conversation.patient.cpf) == [(first.clinic, first.doctor, first.date, first.time)]
