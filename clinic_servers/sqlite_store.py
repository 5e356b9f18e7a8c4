"""The embedded backend: one SQLite file per clinic in WAL mode, every write one `BEGIN IMMEDIATE` transaction.

`BEGIN IMMEDIATE` takes the file's write lock before reading, so the writes of all worker processes
on one host are serialised and each rule sees the data it is about to change.
"""
from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, Iterator, Sequence

from clinic_servers import identity, schema
from clinic_servers.bookings import SlotLedger
from clinic_servers.contract.booking_codes import new_code
from clinic_servers.contract.registry import Clinic
from clinic_servers.contract.storage import create_private_file, enable_wal
from clinic_servers.errors import ToolError
from clinic_servers.store import BUSY_MESSAGE, WRITE_DEADLINE_MS


class SqliteTransaction:
    """A `Transaction` over a sqlite3 connection (timestamps stored as ISO-8601 UTC text)."""
    integrity_error: type[Exception] = sqlite3.IntegrityError

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def execute(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Run one statement."""
        return self.conn.execute(sql, [a.isoformat() if isinstance(a, datetime) else a for a in args])

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement per row."""
        self.conn.executemany(sql, rows)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A nested scope undone alone when it raises."""
        self.conn.execute("SAVEPOINT step")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK TO step")
            self.conn.execute("RELEASE step")
            raise
        self.conn.execute("RELEASE step")

    def script(self, text: str) -> None:
        """Run a file's statements one by one (executescript() would commit the open transaction)."""
        pending = ""
        for line in text.splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                self.conn.execute(pending)
                pending = ""


class SqliteSlotStore(SlotLedger):
    """The slots of one clinic, persisted in `var/<clinic>.sqlite3`."""

    def __init__(self, path: Path, clinic: Clinic):
        self.path = path
        self.clinic = clinic
        self._local = threading.local()
        create_private_file(path)
        with self._transaction() as tx:
            _add_code_column(tx)
            schema.apply(tx, "sqlite", f"{clinic.id}'s store {path}")
            _give_codes_to_old_bookings(tx)

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
            # Deleted or rewritten rows (a cancelled booking, an erased patient) are zeroed in the file.
            conn.execute("PRAGMA secure_delete = ON")
            self._local.conn = conn
        return conn

    @contextmanager
    def _transaction(self) -> Iterator[SqliteTransaction]:
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) and "busy" not in str(e):
                raise
            raise ToolError("clinic_busy", BUSY_MESSAGE) from e
        try:
            yield SqliteTransaction(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @contextmanager
    def _reading(self) -> Iterator[SqliteTransaction]:
        yield SqliteTransaction(self._connect())

    def erase(self, cpf: str, now: datetime) -> int:
        """Erase a patient's personal data, and fold the write-ahead log in so no old page of it keeps them."""
        kept = super().erase(cpf, now)
        self._connect().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return kept

    def forget_before(self, cutoff: date) -> tuple[int, int]:
        """The retention rule, with the write-ahead log folded in when it erased anything (as `erase` does)."""
        forgotten = super().forget_before(cutoff)
        if any(forgotten):
            self._connect().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return forgotten

    def close(self) -> None:
        """Close this thread's connection."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


def _add_code_column(tx: SqliteTransaction) -> None:
    """A store made before booking codes lacks the column its schema indexes: add it first."""
    columns = {r["name"] for r in tx.execute("PRAGMA table_info(slots)")}
    if columns and "booking_code" not in columns:
        tx.execute("ALTER TABLE slots ADD COLUMN booking_code TEXT")


def _give_codes_to_old_bookings(tx: SqliteTransaction) -> None:
    """Bookings made before codes and recorded names existed get a code, and their name is recorded."""
    for r in tx.execute("SELECT doctor, date, time, patient_name, cpf FROM slots "
                        "WHERE available = 0 AND booking_code IS NULL ORDER BY booked_at").fetchall():
        for _ in range(5):
            try:
                with tx.savepoint():
                    tx.execute("UPDATE slots SET booking_code = ? WHERE doctor = ? AND date = ? AND time = ?",
                               (new_code(), r["doctor"], r["date"], r["time"]))
                break
            except sqlite3.IntegrityError:
                continue
        identity.record(tx, r["cpf"], r["patient_name"] or "")
