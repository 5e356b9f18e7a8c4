"""Right after a booking, a later slot the same day or the next free one after it, asked the short way: the first free
slot after the booking waits for a yes, and that yes or no is the answer's one question (no list to pick from)."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

_PICK_INVITES = ("diga qual", "prefere", "prefer", "pick a slot", "escolha um")


@pytest.mark.parametrize(("booking", "asked", "booked", "offered"), [
    ("Quero marcar com o Dr. Paulo Henrique Lima dia 25/11 às 8h", "dá pra ser mais tarde nesse mesmo dia?",
     ("clinic_b", "Dr. Paulo Henrique Lima", "2026-11-25", "08:00"), ("2026-11-25", "09:30")),
    ("Book Dra. Juliana Castro on December 3 at 8 AM", "any later slot that same day?",
     ("clinic_c", "Dra. Juliana Castro", "2026-12-03", "08:00"), ("2026-12-03", "09:30")),
    ("Quero marcar com a Dra. Patrícia Gomes dia 01/12 às 11h", "qual o proximo livre dps desse?",
     ("clinic_d", "Dra. Patrícia Gomes", "2026-12-01", "11:00"), ("2026-12-01", "15:00")),
])
def test_the_first_later_slot_waits_for_a_yes_and_nothing_else_is_asked(pipeline, new_conversation, clinics, booking,
                                                                       asked, booked, offered):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97520 + len(asked))))
    try:
        run_turn(pipeline, conversation, booking)
        _, answer = run_turn(pipeline, conversation, asked)
        assert answer.confirm is not None and answer.confirm.action == "reschedule"
        assert answer.confirm.new is not None and (answer.confirm.new.date, answer.confirm.new.time) == offered
        assert not any(invite in answer.text.lower() for invite in _PICK_INVITES), answer.text
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
        run_turn(pipeline, conversation, "sim" if booking.startswith("Quero") else "yes")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [(*booked[:2], *offered)]
    finally:
        give_back(clinics, conversation)
