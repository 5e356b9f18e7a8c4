"""One clinic's appointment store: SQLite in WAL mode, every write one `BEGIN IMMEDIATE` transaction.

Booking is a conditional update inside a write transaction, so exactly one caller wins a slot even
when several gunicorn worker processes share the file.
"""
from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Iterator

from .errors import ToolError
from .registry import Clinic

WINDOW_DAYS = 14
BUSY_TIMEOUT_MS = 10_000

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
    PRIMARY KEY (doctor, date, time),
    CHECK ((available = 1) = (cpf IS NULL))
);
CREATE INDEX IF NOT EXISTS slots_by_cpf ON slots (cpf) WHERE cpf IS NOT NULL;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


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

    def starts_at(self) -> datetime:
        """The slot's start as a naive local datetime."""
        return datetime.fromisoformat(f"{self.date}T{self.time}")


class SlotStore:
    """The slots of one clinic, persisted in `var/<clinic>.sqlite3`."""

    def __init__(self, path: Path, clinic: Clinic):
        self.path = path
        self.clinic = clinic
        self._local = threading.local()
        self._materialised_for: date | None = None
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._write() as conn:
            # Statement by statement: executescript() would commit the surrounding transaction.
            for statement in filter(str.strip, _SCHEMA.split(";")):
                conn.execute(statement)

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            enable_wal(conn)
            # WAL with synchronous=NORMAL never loses a committed transaction to a process crash.
            conn.execute("PRAGMA synchronous = NORMAL")
            self._local.conn = conn
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
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

    def seed_once(self, prebooked: list[tuple[str, int, str, str]]) -> None:
        """Book the seed file's (doctor, nth slot, name, cpf) once, the first time the store is created."""
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM meta WHERE key = 'seeded'").fetchone():
                return
            for doctor, nth, name, cpf in prebooked:
                row = conn.execute("SELECT date, time FROM slots WHERE doctor = ? ORDER BY date, time "
                                   "LIMIT 1 OFFSET ?", (doctor, nth)).fetchone()
                if row:
                    _take(conn, doctor, row["date"], row["time"], name, cpf)
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

    def appointments_of(self, cpf: str, now: datetime) -> list[SlotRow]:
        """This CPF's future bookings, earliest first."""
        sql, args = _future_filter(now)
        return self._select(f"{sql} AND cpf = ?", [*args, cpf])

    def book(self, now: datetime, doctor: str, day: str, time: str, name: str, cpf: str) -> tuple[SlotRow, bool]:
        """Take a free slot; (row, False) when booked now, (row, True) when this CPF already had it."""
        with self._write() as conn:
            row = _bookable(conn, now, doctor, day, time)
            if not row.available and row.cpf == cpf:
                return row, True
            if not row.available:
                raise ToolError("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")
            return _take(conn, doctor, day, time, name, cpf), False

    def cancel(self, now: datetime, doctor: str, day: str, time: str, cpf: str) -> SlotRow:
        """Free a slot booked by this CPF; the freed booking is returned."""
        with self._write() as conn:
            row = _owned(conn, now, doctor, day, time, cpf)
            _release(conn, doctor, day, time)
            return row

    def reschedule(self, now: datetime, doctor: str, old: tuple[str, str], new: tuple[str, str],
                   name: str, cpf: str) -> tuple[SlotRow, SlotRow]:
        """Move this CPF's booking to another free slot of the same doctor, all or nothing."""
        if old == new:
            raise ToolError("same_slot", "O novo horário é igual ao atual.")
        with self._write() as conn:
            original = _owned(conn, now, doctor, *old, cpf)
            target = _bookable(conn, now, doctor, *new)
            if not target.available:
                raise ToolError("slot_taken", "O novo horário não está disponível.")
            _release(conn, doctor, *old)
            return original, _take(conn, doctor, *new, name, cpf)

    def integrity_ok(self) -> bool:
        """Whether SQLite's own integrity check passes."""
        return self._connect().execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def _select(self, where: str, args: list) -> list[SlotRow]:
        rows = self._connect().execute(f"SELECT * FROM slots WHERE {where} ORDER BY date, time, doctor", args)
        return [_row(r) for r in rows]


def _future_filter(now: datetime) -> tuple[str, list]:
    today, clock = now.date().isoformat(), now.strftime("%H:%M")
    return "(date > ? OR (date = ? AND time > ?))", [today, today, clock]


def _row(r: sqlite3.Row) -> SlotRow:
    return SlotRow(r["doctor"], r["specialty"], r["date"], r["time"], bool(r["available"]), r["patient_name"], r["cpf"])


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


def _owned(conn: sqlite3.Connection, now: datetime, doctor: str, day: str, time: str, cpf: str) -> SlotRow:
    row = _fetch(conn, doctor, day, time)
    if row is None or row.available:
        raise ToolError("appointment_not_found", f"Não há consulta agendada com {doctor} em {day} às {time}.")
    if row.cpf != cpf:
        raise ToolError("not_your_appointment", "Esta consulta não está no seu CPF.")
    if row.starts_at() <= now:
        raise ToolError("appointment_in_past", "Esta consulta já aconteceu.")
    return row


def _take(conn: sqlite3.Connection, doctor: str, day: str, time: str, name: str, cpf: str) -> SlotRow:
    updated = conn.execute(
        "UPDATE slots SET available = 0, patient_name = ?, cpf = ?, booked_at = datetime('now') "
        "WHERE doctor = ? AND date = ? AND time = ? AND available = 1", (name, cpf, doctor, day, time))
    if updated.rowcount != 1:
        raise ToolError("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")
    return _fetch(conn, doctor, day, time)


def _release(conn: sqlite3.Connection, doctor: str, day: str, time: str) -> None:
    conn.execute("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL "
                 "WHERE doctor = ? AND date = ? AND time = ?", (doctor, day, time))
