"""Who may touch a CPF's appointments: the name recorded at its first booking, and a lock on a name that keeps failing.

A CPF is printed on receipts and invoices, so it proves nothing alone. The clinic records the
patient's name with the CPF the first time it sees them and never overwrites it (the `patients`
primary key decides which name came first; the database refuses any update of it); later calls must
bring the same name (compared loosely: case, accents and Unicode form ignored, inner spaces collapsed).
Failed tries are counted per (CPF, name presented): a stranger's wrong name locks only that name, never
the recorded one, so nobody can lock the owner out of her own bookings. The lock runs on UTC
wall-clock time, whatever day the clinic's clock says it is.
"""
from __future__ import annotations

import logging
import unicodedata
from datetime import datetime, timedelta, timezone

from clinic_servers.errors import IdentityRefusal
from clinic_servers.transaction import Transaction

log = logging.getLogger(__name__)

MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=15)
LOCK_DURATION = timedelta(minutes=15)

LOCKED_MESSAGE = ("Por segurança, este nome está bloqueado por 15 minutos para este CPF após várias tentativas "
                  "com dados que não conferem.")


def utc_now() -> datetime:
    """The current instant in UTC, as every store timestamp is kept."""
    return datetime.now(timezone.utc)


def name_key(name: str) -> str:
    """The name as identity compares it: NFC, case-folded, without accents, inner spaces collapsed to one.

    Spaces are collapsed, not removed: "Ana Maria" and "Anamaria" are two people.
    """
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFC", name).casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def recorded_name(tx: Transaction, cpf: str) -> str | None:
    """The key of the name recorded for this CPF, or None for a CPF this clinic has never booked.

    The key is derived from the recorded name itself, so a change of how names compare needs no migration.
    """
    row = tx.execute("SELECT name FROM patients WHERE cpf = ?", (cpf,)).fetchone()
    return name_key(row["name"]) if row else None


def record(tx: Transaction, cpf: str, name: str) -> bool:
    """Record the name of a CPF seen for the first time; whether `name` fits the name recorded now.

    The insert and the primary key decide: of two first bookings racing for one CPF under two names,
    one name is recorded and the other caller learns it does not fit.
    """
    tx.execute("INSERT INTO patients (cpf, name, name_key, recorded_at) VALUES (?, ?, ?, ?) "
               "ON CONFLICT (cpf) DO NOTHING", (cpf, unicodedata.normalize("NFC", name), name_key(name), utc_now()))
    return recorded_name(tx, cpf) == name_key(name)


def fits(tx: Transaction, cpf: str, name: str) -> bool:
    """Whether `name` is the name recorded for this CPF."""
    return recorded_name(tx, cpf) == name_key(name)


def check(tx: Transaction, cpf: str, name: str) -> str:
    """"recorded" (the name fits the recorded one), "new" (none recorded) or "mismatch".

    Only a mismatched name can be locked: the recorded name is never refused for anyone's failures.
    """
    recorded, key = recorded_name(tx, cpf), name_key(name)
    if recorded is None:
        return "new"
    if recorded == key:
        return "recorded"
    if _locked(tx, cpf, key):
        raise IdentityRefusal("locked", LOCKED_MESSAGE)
    return "mismatch"


def _locked(tx: Transaction, cpf: str, key: str) -> bool:
    now = utc_now()
    row = tx.execute("SELECT COUNT(*) AS failures, MAX(at) > ? AS fresh FROM identity_failures "
                     "WHERE cpf = ? AND name_key = ? AND at > ?",
                     (now - LOCK_DURATION, cpf, key, now - FAILURE_WINDOW)).fetchone()
    return row["failures"] >= MAX_FAILURES and bool(row["fresh"])


def count_failure(tx: Transaction, cpf: str, name: str) -> None:
    """Count one failed try (wrong name, wrong code, no such booking) against this CPF under this name."""
    now, key = utc_now(), name_key(name)
    tx.execute("INSERT INTO identity_failures (cpf, name_key, at) VALUES (?, ?, ?)", (cpf, key, now))
    tx.execute("DELETE FROM identity_failures WHERE at < ?", (now - FAILURE_WINDOW - LOCK_DURATION,))
    failures = tx.execute("SELECT COUNT(*) AS n FROM identity_failures WHERE cpf = ? AND name_key = ? AND at > ?",
                          (cpf, key, now - FAILURE_WINDOW)).fetchone()["n"]
    if failures == MAX_FAILURES:
        log.warning("one name locked for one CPF after %d failed identity checks", failures)
