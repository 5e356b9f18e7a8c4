"""After repeated lookups of a CPF under a wrong name, the answer neither names the clinic that knows the CPF
nor claims the patient has no appointments.

A clinic locks a CPF for 15 minutes after five identity mismatches; the lock also stops its real owner.
The answer to a lookup that met a lock says the clinics could not all be checked and to try again
later, in the patient's language, and names no clinic; the booking itself stays in the store.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.support import all_store_bookings, give_back, make_cpf, run_turn

OWNER, STRANGER = "Celina Amarante Rocha", "Marcos Vidal Pacheco"


def lift_lock(clinics, cpf: str) -> None:
    """What an operator does after the test: clear the CPF's failed tries, so its booking can be given back."""
    for clinic_id in clinics.ports:
        with sqlite3.connect(Path(clinics.env["VAR_DIR"]) / f"{clinic_id}.sqlite3") as db:
            db.execute("DELETE FROM identity_failures WHERE cpf = ?", (cpf,))


@pytest.mark.parametrize("n, lookup, wording, no_bookings", [
    (8201, "minhas consultas", "tente de novo em 15 minutos", "não tem consultas"),
    (8202, "do I have any appointments?", "try again in 15 minutes", "no appointments booked"),
])
def test_a_locked_lookup_names_no_clinic_and_claims_no_empty_schedule(pipeline, clinics, registry,
                                                                     new_conversation, n, lookup, wording,
                                                                     no_bookings):
    cpf = make_cpf(n).replace(".", "").replace("-", "")
    owner = new_conversation(OWNER, cpf)
    _, booked = run_turn(pipeline, owner, "marca com a Dra. Camila Rocha quinta às 16h")
    try:
        assert len(all_store_bookings(clinics, make_cpf(n))) == 1, booked.text
        for _ in range(5):
            run_turn(pipeline, new_conversation(STRANGER, cpf), lookup)
        _, to_stranger = run_turn(pipeline, new_conversation(STRANGER, cpf), lookup)
        _, to_owner = run_turn(pipeline, new_conversation(OWNER, cpf), lookup)
        for answer in (to_stranger, to_owner):
            assert wording in answer.text, answer.text
            assert no_bookings not in answer.text.lower(), answer.text
            assert not any(c.name in answer.text for c in registry.clinics), answer.text
        assert len(all_store_bookings(clinics, make_cpf(n))) == 1
    finally:
        lift_lock(clinics, cpf)
        give_back(clinics, owner)
