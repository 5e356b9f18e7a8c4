"""Repeated lookups of a CPF under a wrong name: the answer is an unknown CPF's, names no clinic, and the
owner is never locked out.

A clinic counts failed identity checks per (CPF, name presented): the stranger's name may be locked,
the owner's never. A lookup that met a lock reads exactly like a lookup of a CPF no clinic has seen.
"""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, give_back, make_cpf, run_turn

OWNER, STRANGER = "Celina Amarante Rocha", "Marcos Vidal Pacheco"


@pytest.mark.parametrize("n, lookup", [(8201, "minhas consultas"), (8202, "do I have any appointments?")])
def test_lookups_under_a_wrong_name_read_as_an_unknown_cpf_and_never_lock_the_owner(pipeline, clinics, registry,
                                                                                   new_conversation, n, lookup):
    cpf = make_cpf(n).replace(".", "").replace("-", "")
    never_seen = make_cpf(n + 50).replace(".", "").replace("-", "")
    owner = new_conversation(OWNER, cpf)
    _, booked = run_turn(pipeline, owner, "marca com a Dra. Camila Rocha quinta às 16h")
    try:
        assert len(all_store_bookings(clinics, make_cpf(n))) == 1, booked.text
        for _ in range(6):
            run_turn(pipeline, new_conversation(STRANGER, cpf), lookup)
        _, to_stranger = run_turn(pipeline, new_conversation(STRANGER, cpf), lookup)
        _, to_nobody = run_turn(pipeline, new_conversation(STRANGER, never_seen), lookup)
        assert to_stranger.text == to_nobody.text and to_stranger.appointments == []
        assert not any(c.name in to_stranger.text for c in registry.clinics), to_stranger.text
        assert len(all_store_bookings(clinics, make_cpf(n))) == 1
    finally:
        give_back(clinics, owner)  # the owner's name and code still work: nobody lifts any lock
