"""A change said relative to the slot offered for a yes ("joga uma hora pra frente", "push it an hour later") moves
the offer, not a booking: the moved slot is offered again when the clinic shows it free, booked only on the yes, and
never offered when it does not exist. On the real clinics, judged by what their stores hold."""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, run_turn

EDUARDO = ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02")


@pytest.mark.parametrize(("number", "listing", "pick", "move", "yes"), [
    (96631, "tem dermato dia 02/12 de tarde?", "fechou, pode ser o das 13h", "hmm na verdade joga uma hora pra frente",
     "pode sim"),
    (96632, "any dermatology on December 2 in the afternoon?", "what about the 1 PM one?",
     "actually push it an hour later", "yes please"),
])
def test_the_offered_slot_moved_is_offered_then_booked_on_the_yes(patient, pipeline, clinics, number, listing, pick,
                                                                    move, yes):
    conversation = patient(number, "Joana Barbosa Reis")
    run_turn(pipeline, conversation, listing)
    _, offered = run_turn(pipeline, conversation, pick)
    assert not offered.appointments and "13:00" in offered.text  # offered for a yes
    _, moved = run_turn(pipeline, conversation, move)
    assert "14:00" in moved.text and not moved.appointments
    assert all_store_bookings(clinics, conversation.patient.cpf) == []
    run_turn(pipeline, conversation, yes)
    assert all_store_bookings(clinics, conversation.patient.cpf) == [(*EDUARDO, "14:00")]


def test_an_offered_slot_moved_to_no_slot_is_never_offered(patient, pipeline, clinics):
    conversation = patient(96633, "Joana Barbosa Reis")
    run_turn(pipeline, conversation, "tem dermato dia 02/12 de tarde?")
    run_turn(pipeline, conversation, "fechou, pode ser o das 16h")
    _, moved = run_turn(pipeline, conversation, "empurra uma hora")
    assert "17:00" not in moved.text or "não está livre" in moved.text  # no 17:00 exists: never offered as free
    run_turn(pipeline, conversation, "sim")
    assert all_store_bookings(clinics, conversation.patient.cpf) == []  # nor the 16:00 the patient moved away from
