"""The store contract, on SQLite and on PostgreSQL alike: what a caller is told is what the database holds."""
from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import psycopg
import pytest

from clinic_servers.errors import ToolError
from clinic_servers.schema import SchemaTooNew
from clinic_servers.store import Patient, StoreUnavailable
from clinic_servers.backends import open_store
from tests.clinic_servers.conftest import in_threads
from tests.support import CLINIC_TODAY, make_cpf

DOCTOR = "Dra. Patrícia Gomes"
NOW = datetime.fromisoformat(f"{CLINIC_TODAY}T00:00")
ANA = Patient("Ana Paula Teixeira", "".join(c for c in make_cpf(1) if c.isdigit()))
BRUNO = Patient("Bruno Carvalho", "".join(c for c in make_cpf(2) if c.isdigit()))


def free(store):
    return [(r.date, r.time) for r in store.available(NOW, DOCTOR)]


def refusal(call) -> str:
    with pytest.raises(ToolError) as refused:
        call()
    return refused.value.code


def holders(backend, slot):
    return backend.query("SELECT cpf, booking_code FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                         DOCTOR, *slot)


def test_exactly_one_of_twenty_concurrent_bookings_wins_and_the_store_agrees(backend):
    stores = [backend.open(), backend.open()]  # two instances on one database
    slot = free(stores[0])[0]
    patients = [Patient(f"Paciente {n}", "".join(c for c in make_cpf(100 + n) if c.isdigit())) for n in range(20)]
    results = in_threads(20, lambda n: stores[n % 2].book(NOW, DOCTOR, *slot, patients[n]))
    winners = [n for n, r in enumerate(results) if isinstance(r, tuple)]
    assert len(winners) == 1 and {r.code for r in results if isinstance(r, ToolError)} == {"slot_taken"}
    assert holders(backend, slot) == [(patients[winners[0]].cpf, results[winners[0]][0].booking_code)]


def test_booking_twice_returns_the_same_booking_and_a_stranger_is_refused(store, backend):
    slot = free(store)[0]
    first, already = store.book(NOW, DOCTOR, *slot, ANA)
    # Again: confirmed as hers, but without the code (knowing a CPF and a name must not reveal it).
    assert already is False and store.book(NOW, DOCTOR, *slot, ANA) == (replace(first, booking_code=None), True)
    assert refusal(lambda: store.book(NOW, DOCTOR, *slot, BRUNO)) == "slot_taken"
    assert holders(backend, slot) == [(ANA.cpf, first.booking_code)] and slot not in free(store)


def test_an_idempotency_key_returns_the_first_outcome_and_a_failed_write_frees_it(store, backend):
    taken, first_slot, second_slot = free(store)[:3]
    store.book(NOW, DOCTOR, *taken, BRUNO)
    assert refusal(lambda: store.book(NOW, DOCTOR, *taken, ANA, key="key-0001")) == "slot_taken"
    booked, _ = store.book(NOW, DOCTOR, *first_slot, ANA, key="key-0001")
    assert store.book(NOW, DOCTOR, *second_slot, ANA, key="key-0001") == (booked, False)
    assert refusal(lambda: store.cancel(NOW, DOCTOR, *first_slot, ANA, booked.booking_code,
                                        key="key-0001")) == "invalid_arguments"
    assert backend.query("SELECT date, time FROM slots WHERE cpf = ?", ANA.cpf) == [first_slot]


def test_a_key_first_used_on_a_slot_already_yours_replays_that_answer(store):
    slot = free(store)[0]
    booking, _ = store.book(NOW, DOCTOR, *slot, ANA)
    held = replace(booking, booking_code=None)
    assert store.book(NOW, DOCTOR, *slot, ANA, key="key-0002") == (held, True)
    assert store.book(NOW, DOCTOR, *slot, ANA, key="key-0002") == (held, True)


def test_reschedule_is_all_or_nothing_and_keeps_the_code(store, backend):
    old, taken, new = free(store)[:3]
    booking, _ = store.book(NOW, DOCTOR, *old, ANA)
    store.book(NOW, DOCTOR, *taken, BRUNO)
    assert refusal(lambda: store.reschedule(NOW, DOCTOR, old, taken, ANA, booking.booking_code)) == "slot_taken"
    assert backend.query("SELECT date, time FROM slots WHERE cpf = ?", ANA.cpf) == [old]
    _, moved = store.reschedule(NOW, DOCTOR, old, new, ANA, booking.booking_code)
    assert moved.booking_code == booking.booking_code
    assert holders(backend, new) == [(ANA.cpf, booking.booking_code)] and holders(backend, old) == [(None, None)]


def test_cancel_needs_the_code_and_failures_lock_only_the_name_that_fails(store, backend):
    slot = free(store)[0]
    booking, _ = store.book(NOW, DOCTOR, *slot, ANA)
    wrong = "AAAAA3" if booking.booking_code != "AAAAA3" else "AAAAA4"
    stranger = Patient("Maria Souza", ANA.cpf)
    for _ in range(5):
        assert refusal(lambda: store.cancel(NOW, DOCTOR, *slot, ANA, wrong)) == "appointment_not_found"
        assert refusal(lambda: store.cancel(NOW, DOCTOR, *slot, stranger, booking.booking_code)) == \
            "appointment_not_found"
    assert refusal(lambda: store.cancel(NOW, DOCTOR, *slot, stranger, booking.booking_code)) == "locked"
    assert store.appointments_of(stranger, NOW, [booking.booking_code]) == []
    assert [r.time for r in store.appointments_of(ANA, NOW, [booking.booking_code])] == [slot[1]]
    assert backend.query("SELECT name_key, COUNT(*) FROM identity_failures WHERE cpf = ? GROUP BY name_key "
                         "ORDER BY name_key", ANA.cpf) == [("ana paula teixeira", 5), ("maria souza", 7)]
    store.cancel(NOW, DOCTOR, *slot, ANA, booking.booking_code)
    assert holders(backend, slot) == [(None, None)]


def test_a_recorded_name_binds_the_cpf_and_is_never_overwritten(store, backend):
    first, second = free(store)[:2]
    booking, _ = store.book(NOW, DOCTOR, *first, ANA)
    impostor = Patient("Maria Souza", ANA.cpf)
    assert refusal(lambda: store.book(NOW, DOCTOR, *second, impostor)) == "identity_mismatch"
    assert store.appointments_of(impostor, NOW, [booking.booking_code]) == []
    assert store.appointments_of(Patient("  ANA paula TEIXEIRA ", ANA.cpf), NOW) == []  # no code: nothing
    assert [r.time for r in store.appointments_of(Patient("  ANA paula TEIXEIRA ", ANA.cpf), NOW,
                                                  [booking.booking_code])] == [first[1]]
    assert backend.query("SELECT name FROM patients WHERE cpf = ?", ANA.cpf) == [(ANA.name,)]


def test_two_first_bookings_of_one_cpf_under_two_names_record_one_name(backend):
    stores = [backend.open(), backend.open()]
    slots = free(stores[0])[:2]
    names = [Patient("Ana Paula Teixeira", ANA.cpf), Patient("Outra Pessoa", ANA.cpf)]
    results = in_threads(2, lambda n: stores[n].book(NOW, DOCTOR, *slots[n], names[n]))
    assert sorted(type(r).__name__ for r in results) == ["IdentityRefusal", "tuple"]
    recorded = backend.query("SELECT name FROM patients WHERE cpf = ?", ANA.cpf)
    assert backend.query("SELECT DISTINCT patient_name FROM slots WHERE cpf = ?", ANA.cpf) == recorded


@pytest.mark.parametrize("statement", [
    "UPDATE patients SET name = 'Outro Nome'",
    "UPDATE slots SET booking_code = (SELECT MIN(booking_code) FROM slots) WHERE available = 0 AND booking_code <> "
    "(SELECT MIN(booking_code) FROM slots)",
    "UPDATE slots SET available = 0 WHERE available = 1",
    "INSERT INTO writes (idempotency_key, tool, cpf, outcome) SELECT idempotency_key, tool, cpf, outcome FROM writes",
])
def test_the_database_itself_refuses_what_the_rules_forbid(store, backend, statement):
    for slot, patient in zip(free(store)[:2], (ANA, BRUNO)):
        store.book(NOW, DOCTOR, *slot, patient, key=f"key-{patient.cpf}")
    with pytest.raises((sqlite3.IntegrityError, psycopg.errors.IntegrityError)):
        backend.query(statement)


def test_timestamps_are_utc(store, backend):
    store.book(NOW, DOCTOR, *free(store)[0], ANA)
    stamp = backend.query("SELECT booked_at FROM slots WHERE cpf = ?", ANA.cpf)[0][0]
    booked_at = stamp if isinstance(stamp, datetime) else datetime.fromisoformat(stamp)
    assert booked_at.utcoffset() == timedelta(0)
    assert abs(booked_at - datetime.now(timezone.utc)) < timedelta(minutes=1)


def test_a_write_held_past_the_deadline_answers_clinic_busy_and_writes_nothing(store, backend):
    slot = free(store)[0]
    with backend.writes_held():
        assert refusal(lambda: store.book(NOW, DOCTOR, *slot, ANA)) == "clinic_busy"
    assert holders(backend, slot) == [(None, None)]
    assert store.book(NOW, DOCTOR, *slot, ANA)[1] is False


def test_the_seed_is_loaded_once_per_database_and_the_schema_version_recorded(store, backend):
    seeded = backend.query("SELECT doctor, date, time, cpf FROM slots WHERE available = 0 ORDER BY doctor, date")
    assert seeded
    row = seeded[0]
    backend.query("UPDATE slots SET available = 1, cpf = NULL, patient_name = NULL, booking_code = NULL "
                  "WHERE doctor = ? AND date = ? AND time = ?", *row[:3])
    backend.open()  # another instance starting on the same database
    assert backend.query("SELECT doctor, date, time, cpf FROM slots WHERE available = 0 ORDER BY doctor, date") \
        == seeded[1:]
    assert backend.query("SELECT version FROM schema_version ORDER BY version") == [(1,), (2,), (3,)]


def test_a_database_with_a_newer_schema_is_refused_clearly(store, backend):
    backend.query("INSERT INTO schema_version (version, name, applied_at) VALUES (99, '099_future.sql', 'x')")
    with pytest.raises(SchemaTooNew, match="schema version 99, newer than this code knows"):
        backend.open()


def test_an_unreachable_database_is_a_clear_error(registry):
    from tests.support import free_port
    url = f"postgresql://clinic:secret-password@127.0.0.1:{free_port()}/clinic_d"
    with pytest.raises(StoreUnavailable) as refused:
        open_store(registry.get("clinic_d"), url, None)
    assert "cannot connect to clinic_d's database 127.0.0.1:" in str(refused.value)
    assert "secret-password" not in str(refused.value)


def test_erasure_waits_for_the_last_appointment_then_leaves_the_slot_anonymous(store, backend):
    slot = free(store)[0]
    booking, _ = store.book(NOW, DOCTOR, *slot, ANA, key="erase-key-0001")
    assert refusal(lambda: store.erase(ANA.cpf, NOW)) == "upcoming_appointments"
    after = datetime.fromisoformat(f"{slot[0]}T23:59")
    assert store.erase(ANA.cpf, after) == 1
    for table in ("slots", "patients", "writes"):
        assert backend.query(f"SELECT COUNT(*) FROM {table} WHERE cpf = ?", ANA.cpf) == [(0,)], table
    assert backend.query("SELECT available, patient_name, booking_code = ? FROM slots WHERE doctor = ? AND date = ? "
                         "AND time = ?", booking.booking_code, DOCTOR, *slot) == [(0, None, False)]


def test_retention_anonymises_bookings_before_the_cutoff_and_forgets_names_no_booking_holds(store, backend):
    # On the real date: a name's recording time is the real clock's, so the cutoff must lie after it.
    today = datetime.now(timezone.utc).date()
    store.materialise(today)
    now = datetime.combine(today, datetime.min.time())
    slots = [(r.date, r.time) for r in store.available(now, DOCTOR)]
    early, late = slots[0], slots[-1]
    store.book(now, DOCTOR, *early, ANA)
    kept, _ = store.book(now, DOCTOR, *late, BRUNO)
    cutoff = datetime.fromisoformat(late[0]).date()
    anonymised, names = store.forget_before(cutoff)
    assert anonymised >= 1 and names >= 1
    assert backend.query("SELECT patient_name, cpf FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                         DOCTOR, *early) == [(None, "0" * 11)]
    assert holders(backend, late) == [(BRUNO.cpf, kept.booking_code)]
    assert backend.query("SELECT cpf FROM patients WHERE cpf IN (?, ?)", ANA.cpf, BRUNO.cpf) == [(BRUNO.cpf,)]
    assert store.forget_before(cutoff) == (0, 0)  # once a day: the same cutoff again costs nothing


def test_a_store_of_the_previous_schema_version_is_upgraded_at_start_with_its_bookings(backend):
    """The schema files are applied forward at start: a database one version behind keeps every booking."""
    from clinic_servers import schema
    known = schema.files("sqlite" if backend.name == "sqlite" else "postgres")
    previous = known[-2]
    with backend.raw() as conn:
        for older in known[:-1]:
            if backend.name == "sqlite":
                conn.executescript(older.text)
            else:
                conn.execute(older.text)
    for statement in ["CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                      "applied_at TEXT NOT NULL)",
                      *(f"INSERT INTO schema_version VALUES ({f.version}, '{f.name}', '2026-11-20T10:00:00+00:00')"
                        for f in known[:-1]),
                      "INSERT INTO meta (key, value) VALUES ('seeded', '1')",
                      "INSERT INTO slots (doctor, specialty, date, time, available, patient_name, cpf, booked_at, "
                      f"booking_code) VALUES ('{DOCTOR}', 'Ortopedia', '2026-11-24', '09:00', 0, '{ANA.name}', "
                      f"'{ANA.cpf}', '2026-11-20T10:00:00+00:00', 'K7M2QX')",
                      f"INSERT INTO patients (cpf, name, name_key, recorded_at) VALUES ('{ANA.cpf}', '{ANA.name}', "
                      "'ana paula teixeira', '2026-11-20T10:00:00+00:00')"]:
        backend.query(statement)
    store = backend.open()
    assert backend.query("SELECT MAX(version) FROM schema_version") == [(known[-1].version,)] != [(previous.version,)]
    [booking] = store.appointments_of(ANA, NOW, ["K7M2QX"])
    assert (booking.doctor, booking.date, booking.time, booking.booking_code) == (DOCTOR, "2026-11-24", "09:00",
                                                                                  "K7M2QX")
    assert refusal(lambda: store.book(NOW, DOCTOR, "2026-11-24", "09:00", BRUNO)) == "slot_taken"
