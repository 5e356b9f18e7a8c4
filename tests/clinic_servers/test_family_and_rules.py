"""Bookings made for a dependant, the clinic's own notice and booking limits, and callback requests, on each backend.

A parent books for a child: the slot holds the child's name and CPF, with the parent's CPF as the booker,
and the parent lists, moves and cancels it with its code. A clinic's `min_notice_hours` and
`max_future_bookings` are refused by the store in the write's transaction. Callback requests are kept
for the staff, a few a day per patient.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.registry import ClinicRules
from clinic_servers.errors import IdentityRefusal, ToolError
from clinic_servers.store import Patient
from tests.support import make_cpf

NOW = datetime(2026, 11, 23, 0, 0)  # Monday, the clinic's CLINIC_TODAY
TAVARES, GOMES = "Dr. Marcelo Tavares", "Dra. Patrícia Gomes"
PARENT = Patient("Carla Mendes Duarte", normalize_cpf(make_cpf(97101)))
CHILD = Patient("Lucas Mendes Duarte", normalize_cpf(make_cpf(97102)))


def with_rules(backend, **rules):
    backend.clinic = replace(backend.clinic, rules=ClinicRules(**rules))
    return backend.open()


def held(backend, doctor, day, time):
    return backend.query("SELECT patient_name, cpf, booked_by_cpf FROM slots WHERE doctor = ? AND date = ? "
                         "AND time = ?", doctor, day, time)


def test_a_parent_books_for_a_child_under_the_childs_identity_and_manages_it(store, backend):
    booked, _ = store.book(NOW, GOMES, "2026-11-24", "10:00", CHILD, booked_by=PARENT.cpf)
    assert held(backend, GOMES, "2026-11-24", "10:00") == [(CHILD.name, CHILD.cpf, PARENT.cpf)]
    assert backend.query("SELECT COUNT(*) FROM slots WHERE cpf = ?", PARENT.cpf) == [(0,)]
    # The child's name is bound to the child's CPF, as at any first booking.
    with pytest.raises(IdentityRefusal):
        store.book(NOW, GOMES, "2026-11-24", "11:00", Patient("Outro Nome", CHILD.cpf))
    listed = store.appointments_of(PARENT, NOW, [booked.booking_code])
    assert [(r.date, r.time, r.patient_name, r.booked_by_cpf) for r in listed] == [
        ("2026-11-24", "10:00", CHILD.name, PARENT.cpf)]
    assert store.appointments_of(PARENT, NOW, []) == []  # without the code, nothing
    moved = store.reschedule(NOW, GOMES, ("2026-11-24", "10:00"), ("2026-11-24", "15:00"), PARENT,
                             booked.booking_code)[1]
    assert held(backend, GOMES, "2026-11-24", "15:00") == [(CHILD.name, CHILD.cpf, PARENT.cpf)]
    store.cancel(NOW, GOMES, "2026-11-24", "15:00", PARENT, moved.booking_code)
    assert held(backend, GOMES, "2026-11-24", "15:00") == [(None, None, None)]


def test_a_stranger_cannot_cancel_a_dependants_booking(store, backend):
    booked, _ = store.book(NOW, GOMES, "2026-11-24", "11:00", CHILD, booked_by=PARENT.cpf)
    stranger = Patient("Pessoa Estranha", normalize_cpf(make_cpf(97103)))
    with pytest.raises(IdentityRefusal):
        store.cancel(NOW, GOMES, "2026-11-24", "11:00", stranger, booked.booking_code)
    assert held(backend, GOMES, "2026-11-24", "11:00") == [(CHILD.name, CHILD.cpf, PARENT.cpf)]


def test_a_cancel_or_move_inside_the_notice_window_is_refused_and_changes_nothing(backend):
    store = with_rules(backend, min_notice_hours=12)
    close, _ = store.book(NOW, TAVARES, "2026-11-23", "08:00", PARENT)  # 8 hours away
    with pytest.raises(ToolError) as refused:
        store.cancel(NOW, TAVARES, "2026-11-23", "08:00", PARENT, close.booking_code)
    assert refused.value.code == "notice_too_short" and "12 horas" in refused.value.message
    with pytest.raises(ToolError) as moved:
        store.reschedule(NOW, TAVARES, ("2026-11-23", "08:00"), ("2026-11-23", "11:00"), PARENT, close.booking_code)
    assert moved.value.code == "notice_too_short"
    assert held(backend, TAVARES, "2026-11-23", "08:00") == [(PARENT.name, PARENT.cpf, None)]
    far, _ = store.book(NOW, GOMES, "2026-11-24", "15:00", PARENT)  # 39 hours away
    store.cancel(NOW, GOMES, "2026-11-24", "15:00", PARENT, far.booking_code)
    assert held(backend, GOMES, "2026-11-24", "15:00") == [(None, None, None)]


def test_a_patient_may_hold_only_the_clinics_most_future_bookings(backend):
    store = with_rules(backend, max_future_bookings=2)
    first, _ = store.book(NOW, GOMES, "2026-11-24", "10:00", CHILD, booked_by=PARENT.cpf)
    store.book(NOW, GOMES, "2026-11-24", "11:00", CHILD, booked_by=PARENT.cpf)
    with pytest.raises(ToolError) as refused:
        store.book(NOW, GOMES, "2026-11-24", "15:00", CHILD, booked_by=PARENT.cpf)
    assert refused.value.code == "too_many_bookings"
    assert held(backend, GOMES, "2026-11-24", "15:00") == [(None, None, None)]
    store.book(NOW, GOMES, "2026-11-24", "15:00", PARENT)  # the limit is the child's, not the booker's
    store.cancel(NOW, GOMES, "2026-11-24", "10:00", PARENT, first.booking_code)
    store.book(NOW, TAVARES, "2026-11-25", "14:00", CHILD, booked_by=PARENT.cpf)
    assert backend.query("SELECT COUNT(*) FROM slots WHERE cpf = ?", CHILD.cpf) == [(2,)]


def test_callback_requests_are_kept_listed_limited_and_closed(store, backend):
    first = store.request_callback(PARENT, "11987654321", "Dúvida sobre o preparo do exame", "de manhã")
    assert backend.query("SELECT cpf, phone, reason, best_time, closed_at FROM callbacks WHERE reference = ?",
                         first.reference) == [(PARENT.cpf, "11987654321", "Dúvida sobre o preparo do exame",
                                               "de manhã", None)]
    store.request_callback(PARENT, "11987654321", "Outra dúvida", None)
    store.request_callback(PARENT, "11987654321", "Mais uma", None)
    with pytest.raises(ToolError) as refused:
        store.request_callback(PARENT, "11987654321", "De novo", None)
    assert refused.value.code == "too_many_callbacks"
    assert [c.reference for c in store.callbacks()][0] == first.reference
    closed = store.close_callback(first.reference)
    assert closed.closed_at is not None
    assert first.reference not in [c.reference for c in store.callbacks()]
    assert first.reference in [c.reference for c in store.callbacks(include_closed=True)]
    with pytest.raises(IdentityRefusal):  # a name that does not fit a known CPF leaves nothing
        store.request_callback(Patient("Nome Errado", CHILD.cpf if store.book(
            NOW, GOMES, "2026-11-27", "08:00", CHILD)[0] else ""), "11987654321", "x y", None)
    assert backend.query("SELECT COUNT(*) FROM callbacks WHERE cpf = ?", CHILD.cpf) == [(0,)]
