"""SQLite stores written before schema versions (and before booking codes) open with their bookings kept."""
from __future__ import annotations

import sqlite3

from clinic_servers.sqlite_store import SqliteSlotStore
from clinic_servers.store import Patient
from tests.clinic_servers.test_store_contract import NOW

# The store as the first release wrote it: no booking codes, no recorded names, no schema_version.
FIRST_RELEASE = """
CREATE TABLE slots (doctor TEXT NOT NULL, specialty TEXT NOT NULL, date TEXT NOT NULL, time TEXT NOT NULL,
    available INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)), patient_name TEXT, cpf TEXT, booked_at TEXT,
    PRIMARY KEY (doctor, date, time), CHECK ((available = 1) = (cpf IS NULL)));
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('seeded', '1');
INSERT INTO slots VALUES ('Dra. Patrícia Gomes', 'Ortopedia', '2026-11-24', '09:00', 0, 'Ana Paula Teixeira',
    '39053344705', '2026-11-20 10:00:00');
INSERT INTO slots VALUES ('Dra. Patrícia Gomes', 'Ortopedia', '2026-11-24', '10:00', 1, NULL, NULL, NULL);
"""


def test_a_first_release_store_gets_codes_names_and_a_schema_version(registry, tmp_path):
    path = tmp_path / "clinic_d.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(FIRST_RELEASE)
    store = SqliteSlotStore(path, registry.get("clinic_d"))
    with sqlite3.connect(path) as db:
        [(code,)] = db.execute("SELECT booking_code FROM slots WHERE available = 0").fetchall()
    [booking] = store.appointments_of(Patient("ana paula teixeira", "39053344705"), NOW, [code])
    assert (booking.date, booking.time) == ("2026-11-24", "09:00") and len(booking.booking_code) == 6
    store.cancel(NOW, booking.doctor, booking.date, booking.time, Patient("Ana Paula Teixeira", "39053344705"),
                 booking.booking_code)
    SqliteSlotStore(path, registry.get("clinic_d"))  # opening again changes nothing
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,), (2,), (3,)]
        assert db.execute("SELECT name FROM patients").fetchall() == [("Ana Paula Teixeira",)]
        assert db.execute("SELECT COUNT(*) FROM slots WHERE available = 0").fetchone() == (0,)
