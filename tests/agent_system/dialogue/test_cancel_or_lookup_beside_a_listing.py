"""Several requests mixing a cancel or a look at one's own bookings with a listing ("cancela essa e me mostra a
dermato na sexta", "drop the cardiology one, and what does ortho have on Dec 2?", "what have I got booked, and is
Dra. X free on Monday?"): the cancel waits for its yes with nothing released, the bookings and the slots are both
shown, in the order asked."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("turns", "message", "cancelled", "listed"), [
    (["Quero marcar com o Dr. Marcelo Tavares dia 30/11 às 9h30"], "desmarca essa e ve a cardio na terca 1/12",
     ("clinic_d", "Dr. Marcelo Tavares", "2026-11-30", "09:30"), {"clinic_a", "clinic_c"}),
    (["please reserve Dra. Juliana Castro, Mon 30 Nov, 4:30pm", "and Dr. Eduardo Nunes for Dec 3 at 10am too"],
     "ditch the cardiology one, plus what does dermatology have on Dec 2?",
     ("clinic_c", "Dra. Juliana Castro", "2026-11-30", "16:30"), {"clinic_b", "clinic_f"}),
])
def test_the_cancel_waits_for_its_yes_and_the_listing_is_shown(pipeline, new_conversation, clinics, turns, message,
                                                                cancelled, listed):
    conversation = new_conversation("Beatriz Falcão Reis", normalize_cpf(make_cpf(99580 + len(message))))
    try:
        for turn in turns:
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, answer = run_turn(pipeline, conversation, message)
        assert answer.confirm is not None and answer.confirm.action == "cancel"
        assert cancelled in before and all_store_bookings(clinics, conversation.patient.cpf) == before
        assert answer.slots and {s.clinic for s in answer.slots} <= listed
        run_turn(pipeline, conversation, "sim" if message.startswith("desmarca") else "yes")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [b for b in before if b != cancelled]
    finally:
        give_back(clinics, conversation)


def test_own_bookings_then_a_doctor_s_day_are_both_shown_in_order(pipeline, new_conversation, clinics):
    conversation = new_conversation("Beatriz Falcão Reis", normalize_cpf(make_cpf(99599)))
    try:
        run_turn(pipeline, conversation, "Book Dr. Fernando Mendes on Tuesday Dec 1 at 2 PM")
        _, answer = run_turn(pipeline, conversation,
                             "which appointments do I have, and does Dra. Luciana Freitas have anything Wednesday Dec 2?")
        assert [(a.doctor, a.date, a.time) for a in answer.appointments] == [("Dr. Fernando Mendes", "2026-12-01", "14:00")]
        assert answer.slots and {(s.doctor, s.date) for s in answer.slots} == {("Dra. Luciana Freitas", "2026-12-02")}
        assert answer.text.index("Dr. Fernando Mendes") < answer.text.index("Dra. Luciana Freitas")
    finally:
        give_back(clinics, conversation)
