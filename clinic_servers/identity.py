"""Who may touch a CPF's appointments: the name recorded at its first booking, and a lock after failed tries.

A CPF is printed on receipts and invoices, so it proves nothing alone. The clinic records the
patient's name with the CPF the first time it sees them and never overwrites it (the `patients`
primary key decides which name came first; the database refuses any update of it); later calls must
bring the same name (compared loosely: case, accents and spaces ignored). Failed tries are counted
per CPF, and too many in a short window lock that CPF's patient tools for a while. The lock runs on
UTC wall-clock time, whatever day the clinic's clock says it is.
"""
from __future__ import annotations

import logging
import unicodedata
from datetime import datetime, timedelta, timezone

from clinic_servers.errors import ToolError
from clinic_servers.transaction import Transaction

log = logging.getLogger(__name__)

MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=15)
LOCK_DURATION = timedelta(minutes=15)

LOCKED_MESSAGE = ("Por segurança, as consultas deste CPF estão bloqueadas por 15 minutos após várias tentativas "
                  "com dados que não conferem. Tente mais tarde ou fale com a clínica.")


def utc_now() -> datetime:
    """The current instant in UTC, as every store timestamp is kept."""
    return datetime.now(timezone.utc)


def name_key(name: str) -> str:
    """The name as identity compares it: NFC, case-folded, without accents or spaces."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFC", name).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c) and not c.isspace())


def recorded_name(tx: Transaction, cpf: str) -> str | None:
    """The name key recorded for this CPF, or None for a CPF this clinic has never booked."""
    row = tx.execute("SELECT name_key FROM patients WHERE cpf = ?", (cpf,)).fetchone()
    return row["name_key"] if row else None


def record(tx: Transaction, cpf: str, name: str) -> bool:
    """Record the name of a CPF seen for the first time; whether `name` fits the name recorded now.

    The insert and the primary key decide: of two first bookings racing for one CPF under two names,
    one name is recorded and the other caller learns it does not fit.
    """
    tx.execute("INSERT INTO patients (cpf, name, name_key, recorded_at) VALUES (?, ?, ?, ?) "
               "ON CONFLICT (cpf) DO NOTHING", (cpf, unicodedata.normalize("NFC", name), name_key(name), utc_now()))
    return recorded_name(tx, cpf) == name_key(name)


def check(tx: Transaction, cpf: str, name: str) -> str:
    """Refuse a locked CPF; else "recorded" (the name fits the recorded one), "new" (none recorded) or "mismatch"."""
    now = utc_now()
    row = tx.execute("SELECT (SELECT name_key FROM patients WHERE cpf = ?) AS recorded, COUNT(*) AS failures, "
                     "MAX(at) > ? AS fresh FROM identity_failures WHERE cpf = ? AND at > ?",
                     (cpf, now - LOCK_DURATION, cpf, now - FAILURE_WINDOW)).fetchone()
    if row["failures"] >= MAX_FAILURES and row["fresh"]:
        raise ToolError("locked", LOCKED_MESSAGE)
    if row["recorded"] is None:
        return "new"
    return "recorded" if row["recorded"] == name_key(name) else "mismatch"


def count_failure(tx: Transaction, cpf: str) -> None:
    """Count a failed try (wrong name or wrong code) against a CPF; the fifth locks it."""
    now = utc_now()
    tx.execute("INSERT INTO identity_failures (cpf, at) VALUES (?, ?)", (cpf, now))
    tx.execute("DELETE FROM identity_failures WHERE at < ?", (now - FAILURE_WINDOW - LOCK_DURATION,))
    failures = tx.execute("SELECT COUNT(*) AS n FROM identity_failures WHERE cpf = ? AND at > ?",
                          (cpf, now - FAILURE_WINDOW)).fetchone()["n"]
    if failures == MAX_FAILURES:
        log.warning("patient tools locked for one CPF after %d failed identity checks", failures)
