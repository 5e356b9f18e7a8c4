"""One clinic's appointment store: SQLite in WAL mode, every write one `BEGIN IMMEDIATE` transaction.

Booking is a conditional update inside a write transaction, so exactly one caller wins a slot even
when several gunicorn worker processes share the file. Identity checks, booking codes and
idempotency keys are decided inside the same transaction as the write they guard.
"""
from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Iterator

from . import identity, write_log
from .booking_codes import canonical, new_code
from .errors import IdentityRefusal, ToolError
from .private_files import create_private_file
from .registry import Clinic

WINDOW_DAYS = 14
# How long a write waits for the file's lock. Shorter than the router's timeout (5 s by default),
# so a write either commits or fails while the caller is still listening: no booking can commit
# after the patient was told it failed.
WRITE_DEADLINE_MS = 2_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS slots (
    doctor       TEXT NOT NULL,
    specialty    TEXT NOT NULL,
    date         TEXT NOT NULL,
    time         TEXT NOT NULL,
    available    INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
    patient_name TEXT,
    cpf          TEXT,
    booked_at    TEXT,
    booking_code TEXT,
    PRIMARY KEY (doctor, date, time),
    CHECK ((available = 1) = (cpf IS NULL))
);
CREATE INDEX IF NOT EXISTS slots_by_cpf ON slots (cpf) WHERE cpf IS NOT NULL;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
""" + identity.SCHEMA + write_log.SCHEMA
# Added after stores existed: created after the column migration below.
_CODE_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS slots_by_code ON slots (booking_code) WHERE booking_code IS NOT NULL"
NOT_FOUND = "Não encontrei essa consulta com os seus dados. Confira médico, data, horário e o código da reserva."


def enable_wal(conn: sqlite3.Connection, attempts: int = 200, pause_s: float = 0.01) -> None:
    """Put the file in WAL mode, retrying while a sibling process holds it.

    Worker processes booting together on a new file all switch it to WAL at once; SQLite answers
    the losers "database is locked" at once instead of waiting out the busy timeout, which made a
    gunicorn worker fail to boot (and gunicorn then stops the whole server).
    """
    for _ in range(attempts - 1):
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e):
                raise
            time.sleep(pause_s)
    conn.execute("PRAGMA journal_mode = WAL")


@dataclass(frozen=True)
class SlotRow:
    doctor: str
    specialty: str
    date: str
    time: str
    available: bool
    patient_name: str | None
    cpf: str | None
    booking_code: str | None = None

    def starts_at(self) -> datetime:
        """The slot's start as a naive local datetime."""
        return datetime.fromisoformat(f"{self.date}T{self.time}")


@dataclass(frozen=True)
class Patient:
    """Who a patient tool acts for: the CPF and the name the caller gave with it."""
    name: str
    cpf: str


class SlotStore:
    """The slots of one clinic, persisted in `var/<clinic>.sqlite3`."""

    def __init__(self, path: Path, clinic: Clinic):
        self.path = path
        self.clinic = clinic
        self._local = threading.local()
        self._materialised_for: date | None = None
        create_private_file(path)
        with self._write() as conn:
            # Statement by statement: executescript() would commit the surrounding transaction.
            for statement in filter(str.strip, _SCHEMA.split(";")):
                conn.execute(statement)
            _migrate(conn)

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=WRITE_DEADLINE_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {WRITE_DEADLINE_MS}")
            enable_wal(conn)
            # WAL with synchronous=NORMAL never loses a committed transaction to a process crash.
            conn.execute("PRAGMA synchronous = NORMAL")
            self._local.conn = conn
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) and "busy" not in str(e):
                raise
            raise ToolError("clinic_busy", "A agenda da clínica está ocupada agora; nada foi alterado. "
                                           "Tente de novo em instantes.") from e
        try:
            yield conn
        except IdentityRefusal:
            conn.execute("COMMIT")  # the failed try is counted even though the call is refused
            raise
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def materialise(self, today: date) -> None:
        """Create the slots of the next 14 days from the weekly templates (idempotent, cheap when done)."""
        if self._materialised_for == today:
            return
        rows = [(d.name, self.clinic.specialty.name_pt, day.isoformat(), t)
                for day in (today + timedelta(n) for n in range(WINDOW_DAYS))
                for d in self.clinic.doctors for t in d.schedule.get(day.weekday(), ())]
        with self._write() as conn:
            conn.executemany("INSERT OR IGNORE INTO slots (doctor, specialty, date, time) VALUES (?, ?, ?, ?)", rows)
        self._materialised_for = today

    def seed_once(self, patients: list[Patient], prebooked: list[tuple[str, int, Patient]]) -> None:
        """Record the registry's patients and book the seed file's (doctor, nth slot, patient) once."""
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM meta WHERE key = 'seeded'").fetchone():
                return
            for patient in patients:
                identity.record(conn, patient.cpf, patient.name)
            for doctor, nth, patient in prebooked:
                row = conn.execute("SELECT date, time FROM slots WHERE doctor = ? ORDER BY date, time "
                                   "LIMIT 1 OFFSET ?", (doctor, nth)).fetchone()
                if row:
                    _take(conn, doctor, row["date"], row["time"], patient)
            conn.execute("INSERT INTO meta (key, value) VALUES ('seeded', '1')")

    def available(self, now: datetime, doctor: str | None = None,
                  date_from: str | None = None, date_to: str | None = None) -> list[SlotRow]:
        """Free future slots, optionally for one doctor and a date range, earliest first."""
        sql, args = _future_filter(now)
        sql += " AND available = 1"
        for clause, value in (("doctor = ?", doctor), ("date >= ?", date_from), ("date <= ?", date_to)):
            if value:
                sql, args = f"{sql} AND {clause}", [*args, value]
        return self._select(sql, args)

    def appointments_of(self, patient: Patient, now: datetime) -> list[SlotRow]:
        """This patient's future bookings, earliest first; none at all when the name does not fit the CPF."""
        conn = self._connect()
        identity.ensure_unlocked(conn, patient.cpf, now)
        if not identity.matches(conn, patient.cpf, patient.name):
            with self._write() as conn:
                identity.count_failure(conn, patient.cpf, now)
            return []
        sql, args = _future_filter(now)
        return self._select(f"{sql} AND cpf = ?", [*args, patient.cpf])

    def book(self, now: datetime, doctor: str, day: str, time: str, patient: Patient,
             key: str | None = None) -> tuple[SlotRow, bool]:
        """Take a free slot: (row, True) when booked by this call or its retry (same key), (row, False)
        when this patient already held it. Only the first carries the booking code: whoever knows a
        CPF and its name must not learn the code of a booking by asking for the same slot again."""
        with self._write() as conn:
            _admit(conn, patient, now, booking=True)
            if (done := write_log.replay(conn, key, "book", patient.cpf)) is not None:
                return SlotRow(**done["rows"][0]), True
            row = _bookable(conn, now, doctor, day, time)
            if not row.available and row.cpf == patient.cpf:
                return replace(row, booking_code=None), False
            if not row.available:
                raise ToolError("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")
            booked = _take(conn, doctor, day, time, patient)
            identity.record(conn, patient.cpf, patient.name)
            write_log.remember(conn, key, "book", patient.cpf, {"rows": [asdict(booked)]})
            return booked, True

    def cancel(self, now: datetime, doctor: str, day: str, time: str, patient: Patient, code: str,
               key: str | None = None) -> SlotRow:
        """Free a slot booked by this patient under this code; the freed booking is returned."""
        with self._write() as conn:
            _admit(conn, patient, now)
            if (done := write_log.replay(conn, key, "cancel", patient.cpf)) is not None:
                return SlotRow(**done["rows"][0])
            row = _owned(conn, now, doctor, day, time, patient, code)
            _release(conn, doctor, day, time)
            write_log.remember(conn, key, "cancel", patient.cpf, {"rows": [asdict(row)]})
            return row

    def reschedule(self, now: datetime, doctor: str, old: tuple[str, str], new: tuple[str, str],
                   patient: Patient, code: str, key: str | None = None) -> tuple[SlotRow, SlotRow]:
        """Move this patient's booking to another free slot of the same doctor, all or nothing; the code stays."""
        if old == new:
            raise ToolError("same_slot", "O novo horário é igual ao atual.")
        with self._write() as conn:
            _admit(conn, patient, now)
            if (done := write_log.replay(conn, key, "reschedule", patient.cpf)) is not None:
                return SlotRow(**done["rows"][0]), SlotRow(**done["rows"][1])
            original = _owned(conn, now, doctor, *old, patient, code)
            target = _bookable(conn, now, doctor, *new)
            if not target.available:
                raise ToolError("slot_taken", "O novo horário não está disponível.")
            _release(conn, doctor, *old)
            moved = _take(conn, doctor, *new, patient, code=original.booking_code)
            write_log.remember(conn, key, "reschedule", patient.cpf, {"rows": [asdict(original), asdict(moved)]})
            return original, moved

    def _select(self, where: str, args: list) -> list[SlotRow]:
        rows = self._connect().execute(f"SELECT * FROM slots WHERE {where} ORDER BY date, time, doctor", args)
        return [_row(r) for r in rows]


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring a store made before booking codes and recorded names up to date, keeping its bookings."""
    columns = {r["name"] for r in conn.execute("PRAGMA table_info(slots)")}
    if "booking_code" not in columns:
        conn.execute("ALTER TABLE slots ADD COLUMN booking_code TEXT")
    conn.execute(_CODE_INDEX)
    for r in conn.execute("SELECT doctor, date, time, patient_name, cpf FROM slots "
                          "WHERE available = 0 AND booking_code IS NULL ORDER BY booked_at").fetchall():
        _assign_code(conn, r["doctor"], r["date"], r["time"])
        identity.record(conn, r["cpf"], r["patient_name"] or "")


def _admit(conn: sqlite3.Connection, patient: Patient, now: datetime, booking: bool = False) -> None:
    """Refuse a locked CPF, and a name that does not fit the one recorded for it (counted).

    Touching a booking, a wrong name reads exactly like "no such appointment". A new booking must say
    why it failed, so the patient can type the name as first given (it reveals only that the CPF
    has booked here before, and is counted towards the lock like any other failure).
    """
    identity.ensure_unlocked(conn, patient.cpf, now)
    if not identity.matches(conn, patient.cpf, patient.name):
        identity.count_failure(conn, patient.cpf, now)
        if booking:
            raise IdentityRefusal("identity_mismatch", "O nome não confere com o cadastro deste CPF nesta clínica.")
        raise IdentityRefusal("appointment_not_found", NOT_FOUND)


def _future_filter(now: datetime) -> tuple[str, list]:
    today, clock = now.date().isoformat(), now.strftime("%H:%M")
    return "(date > ? OR (date = ? AND time > ?))", [today, today, clock]


def _row(r: sqlite3.Row) -> SlotRow:
    return SlotRow(r["doctor"], r["specialty"], r["date"], r["time"], bool(r["available"]), r["patient_name"],
                   r["cpf"], r["booking_code"])


def _fetch(conn: sqlite3.Connection, doctor: str, day: str, time: str) -> SlotRow | None:
    r = conn.execute("SELECT * FROM slots WHERE doctor = ? AND date = ? AND time = ?", (doctor, day, time)).fetchone()
    return _row(r) if r else None


def _bookable(conn: sqlite3.Connection, now: datetime, doctor: str, day: str, time: str) -> SlotRow:
    row = _fetch(conn, doctor, day, time)
    if row is None:
        raise ToolError("slot_not_found", f"{doctor} não atende em {day} às {time}.")
    if row.starts_at() <= now:
        raise ToolError("slot_in_past", "Este horário já passou.")
    return row


def _owned(conn: sqlite3.Connection, now: datetime, doctor: str, day: str, time: str, patient: Patient,
           code: str) -> SlotRow:
    """The patient's booking at that slot under that code; anything else is "not found", whoever holds the slot."""
    row = _fetch(conn, doctor, day, time)
    if row is None or row.available or row.cpf != patient.cpf:
        raise ToolError("appointment_not_found", NOT_FOUND)
    if row.booking_code != canonical(code):
        identity.count_failure(conn, patient.cpf, now)
        raise IdentityRefusal("appointment_not_found", NOT_FOUND)
    if row.starts_at() <= now:
        raise ToolError("appointment_in_past", "Esta consulta já aconteceu.")
    return row


def _take(conn: sqlite3.Connection, doctor: str, day: str, time: str, patient: Patient,
          code: str | None = None) -> SlotRow:
    updated = conn.execute(
        "UPDATE slots SET available = 0, patient_name = ?, cpf = ?, booked_at = datetime('now') "
        "WHERE doctor = ? AND date = ? AND time = ? AND available = 1",
        (patient.name, patient.cpf, doctor, day, time))
    if updated.rowcount != 1:
        raise ToolError("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")
    _assign_code(conn, doctor, day, time, code)
    return _fetch(conn, doctor, day, time)


def _assign_code(conn: sqlite3.Connection, doctor: str, day: str, time: str, code: str | None = None) -> None:
    """Give a booked slot its code (a fresh one unless moving a booking), unique within the clinic."""
    for _ in range(5):
        try:
            conn.execute("UPDATE slots SET booking_code = ? WHERE doctor = ? AND date = ? AND time = ?",
                         (code or new_code(), doctor, day, time))
            return
        except sqlite3.IntegrityError:
            if code is not None:
                raise
    raise ToolError("internal_error", "Não foi possível gerar um código de reserva; tente de novo.")


def _release(conn: sqlite3.Connection, doctor: str, day: str, time: str) -> None:
    conn.execute("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL, "
                 "booking_code = NULL WHERE doctor = ? AND date = ? AND time = ?", (doctor, day, time))
