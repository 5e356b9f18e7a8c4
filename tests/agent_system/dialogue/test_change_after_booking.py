"""A change asked for right after a booking moves that booking; it never adds a second one.

"trocar", "mudar", "change it", "switch", "move it" (or a correction: "errei", "na verdade", "actually")
with a new time or day, in the turn right after a booking was made, starts the reschedule of that
booking: the assistant names the move and waits for a yes, as every reschedule does. Without a new time
it lists that doctor's slots to choose from. On the six real clinics, judged by what their stores hold.
"""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, run_turn

CPF_BASE = 7900
FERNANDO, ANA = "Dr. Fernando Mendes", "Dra. Ana Beatriz Souza"
TUESDAY = "2026-11-24"


def stored(clinics, conversation):
    return all_store_bookings(clinics, conversation.patient.cpf)


@pytest.mark.parametrize("n, book, change, yes, clinic, doctor, old, new", [
    (1, "marca com o fernando terça às 2 da tarde", "ops, me enganei, era pra ser 9h da manhã, consegue mudar?",
     "sim", "clinic_c", FERNANDO, "14:00", "09:00"),
    (2, "marca terca 14h com dr fernando mendes", "na vdd queria as 9, da pra trocar?", "pode ser",
     "clinic_c", FERNANDO, "14:00", "09:00"),
    (3, "book Dra. Ana Beatriz Souza on tuesday at 8:30", "oh wait, actually I wanted 10 am, can I change that?",
     "yes", "clinic_a", ANA, "08:30", "10:00"),
    (4, "please book Ana Beatriz Souza tuesday 10am", "sorry my mistake, 11:30 would be better, could you switch?",
     "yes please", "clinic_a", ANA, "10:00", "11:30"),
])
def test_a_change_right_after_booking_moves_that_booking_after_a_yes(pipeline, clinics, patient, n, book, change,
                                                                     yes, clinic, doctor, old, new):
    conversation = patient(CPF_BASE + n, "Lucia Fontes Amaral")
    _, booked = run_turn(pipeline, conversation, book)
    assert stored(clinics, conversation) == [(clinic, doctor, TUESDAY, old)], booked.text
    _, asked = run_turn(pipeline, conversation, change)
    assert asked.confirm is not None and asked.confirm.action == "reschedule", asked.text
    assert new in asked.text and stored(clinics, conversation) == [(clinic, doctor, TUESDAY, old)]
    _, moved = run_turn(pipeline, conversation, yes)
    assert stored(clinics, conversation) == [(clinic, doctor, TUESDAY, new)], moved.text


def test_a_change_without_a_new_time_lists_that_doctors_slots(pipeline, clinics, patient):
    conversation = patient(CPF_BASE + 5, "Rui Caldeira Mota")
    run_turn(pipeline, conversation, "marca com o fernando terça às 14h")
    _, listed = run_turn(pipeline, conversation, "hmm, quero trocar")
    assert listed.slots and {s.doctor for s in listed.slots} == {FERNANDO}, listed.text
    assert stored(clinics, conversation) == [("clinic_c", FERNANDO, TUESDAY, "14:00")]


def test_a_change_word_with_no_booking_just_made_books_nothing(pipeline, clinics, patient):
    conversation = patient(CPF_BASE + 6, "Rui Caldeira Mota")
    run_turn(pipeline, conversation, "horarios do fernando na terça")
    run_turn(pipeline, conversation, "na verdade queria as 9h, da pra trocar?")
    run_turn(pipeline, conversation, "sim")
    assert len(stored(clinics, conversation)) <= 1


@pytest.mark.parametrize("n, change", [(7, "muda pra sexta?"), (8, "I want to move my appointment")])
def test_with_two_bookings_a_plain_change_asks_which(pipeline, clinics, patient, n, change):
    conversation = patient(CPF_BASE + n, "Rui Caldeira Mota")
    run_turn(pipeline, conversation, "marca com o fernando terça às 14h")
    run_turn(pipeline, conversation, "marca também com a dra ana beatriz terça às 10h")
    before = stored(clinics, conversation)
    _, asked = run_turn(pipeline, conversation, change)
    assert len(before) == 2 and asked.confirm is None
    assert "14:00" in asked.text and "10:00" in asked.text, asked.text
    run_turn(pipeline, conversation, "sim")
    assert stored(clinics, conversation) == before
