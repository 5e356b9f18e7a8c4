"""Who may touch a CPF's appointments: the name recorded at its first booking, and a lock after failed tries.

A CPF is printed on receipts and invoices, so it proves nothing alone. The clinic records the
patient's name with the CPF the first time it sees them and never overwrites it; later calls must
bring the same name (compared loosely: case, accents and spaces ignored). Failed tries are counted
per CPF, and too many in a short window lock that CPF's patient tools for a while.
"""
from __future__ import annotations

import logging
import sqlite3
import unicodedata
from datetime import datetime, timedelta

from .errors import ToolError

log = logging.getLogger(__name__)

MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=15)
LOCK_DURATION = timedelta(minutes=15)

SCHEMA = """
CREATE TABLE IF NOT EXISTS patients (
    cpf         TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS identity_failures (cpf TEXT NOT NULL, at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS identity_failures_by_cpf ON identity_failures (cpf, at);
"""

LOCKED_MESSAGE = ("Por segurança, as consultas deste CPF estão bloqueadas por 15 minutos após várias tentativas "
                  "com dados que não conferem. Tente mais tarde ou fale com a clínica.")


def name_key(name: str) -> str:
    """The name as identity compares it: NFC, case-folded, without accents or spaces."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFC", name).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c) and not c.isspace())


def recorded_name(conn: sqlite3.Connection, cpf: str) -> str | None:
    """The name key recorded for this CPF, or None for a CPF this clinic has never booked."""
    row = conn.execute("SELECT name_key FROM patients WHERE cpf = ?", (cpf,)).fetchone()
    return row[0] if row else None


def record(conn: sqlite3.Connection, cpf: str, name: str) -> None:
    """Record the name of a CPF seen for the first time; a recorded name is never overwritten."""
    conn.execute("INSERT OR IGNORE INTO patients (cpf, name, name_key) VALUES (?, ?, ?)",
                 (cpf, unicodedata.normalize("NFC", name), name_key(name)))


def ensure_unlocked(conn: sqlite3.Connection, cpf: str, now: datetime) -> None:
    """Refuse every patient tool of a CPF with too many recent failures."""
    since = (now - FAILURE_WINDOW).isoformat(timespec="seconds")
    recent = conn.execute("SELECT COUNT(*), MAX(at) FROM identity_failures WHERE cpf = ? AND at > ?",
                          (cpf, since)).fetchone()
    if recent[0] >= MAX_FAILURES and datetime.fromisoformat(recent[1]) + LOCK_DURATION > now:
        raise ToolError("locked", LOCKED_MESSAGE)


def matches(conn: sqlite3.Connection, cpf: str, name: str) -> bool:
    """Whether the name fits the one recorded for the CPF (an unrecorded CPF fits any name)."""
    recorded = recorded_name(conn, cpf)
    return recorded is None or recorded == name_key(name)


def count_failure(conn: sqlite3.Connection, cpf: str, now: datetime) -> None:
    """Count a failed try (wrong name or wrong code) against a CPF; the fifth locks it."""
    conn.execute("INSERT INTO identity_failures (cpf, at) VALUES (?, ?)", (cpf, now.isoformat(timespec="seconds")))
    conn.execute("DELETE FROM identity_failures WHERE at < ?",
                 ((now - FAILURE_WINDOW - LOCK_DURATION).isoformat(timespec="seconds"),))
    since = (now - FAILURE_WINDOW).isoformat(timespec="seconds")
    failures = conn.execute("SELECT COUNT(*) FROM identity_failures WHERE cpf = ? AND at > ?",
                            (cpf, since)).fetchone()[0]
    if failures == MAX_FAILURES:
        log.warning("patient tools locked for one CPF after %d failed identity checks", failures)
