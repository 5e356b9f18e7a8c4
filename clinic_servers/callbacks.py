"""Callback requests: a patient asks to be called by the clinic's staff, who list them and close them when done."""
from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from dataclasses import asdict
from datetime import datetime, timedelta

from clinic_servers import identity, write_log
from clinic_servers.contract.booking_codes import new_code
from clinic_servers.errors import IdentityRefusal, ToolError
from clinic_servers.identity import utc_now
from clinic_servers.store import CallbackRow, Patient
from clinic_servers.transaction import Transaction

log = logging.getLogger(__name__)

# A patient waiting for a call needs one request, two at most: more in a day floods the staff's list.
MAX_PER_DAY = 3
RATE_WINDOW = timedelta(days=1)
TOO_MANY = "Você já pediu que a clínica ligue de volta; a equipe vai retornar. Se for urgente, ligue para a clínica."
NOT_FOUND = "Pedido de retorno não encontrado."
MISMATCH = "O nome não confere com o cadastro deste CPF nesta clínica."


class CallbackRequests:
    """The store's callback requests, over the transactions of the ledger it is part of."""

    def _write(self, patient: Patient | None = None) -> AbstractContextManager[Transaction]:
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Transaction]:
        raise NotImplementedError

    def request_callback(self, patient: Patient, phone: str, reason: str, best_time: str | None,
                         key: str | None = None) -> CallbackRow:
        """Record a patient's request to be called back; a name that does not fit the CPF is refused (and counted)."""
        with self._write(patient) as tx:
            if identity.check(tx, patient.cpf, patient.name) == "mismatch":
                raise IdentityRefusal("identity_mismatch", MISMATCH)
            if (done := write_log.claim(tx, key, "request_callback", patient.cpf)) is not None:
                return CallbackRow(**done["callback"])
            row = request(tx, patient, phone, reason, best_time)
            write_log.remember(tx, key, {"callback": asdict(row)})
            return row

    def callbacks(self, include_closed: bool = False) -> list[CallbackRow]:
        """The callback requests, oldest first: the open ones, or all."""
        with self._reading() as tx:
            return listed(tx, include_closed)

    def close_callback(self, reference: str) -> CallbackRow:
        """Mark a callback request as done (closing it twice changes nothing)."""
        with self._write() as tx:
            return close(tx, reference)


def request(tx: Transaction, patient: Patient, phone: str, reason: str, best_time: str | None) -> CallbackRow:
    """Record one request, unless this CPF asked too often today; the audit log names its reference, never the CPF."""
    now = utc_now()
    recent = tx.execute("SELECT COUNT(*) AS n FROM callbacks WHERE cpf = ? AND requested_at > ?",
                        (patient.cpf, now - RATE_WINDOW)).fetchone()["n"]
    if recent >= MAX_PER_DAY:
        raise ToolError("too_many_callbacks", TOO_MANY)
    reference = f"R-{new_code()}"
    tx.execute("INSERT INTO callbacks (reference, cpf, patient_name, phone, reason, best_time, requested_at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)", (reference, patient.cpf, patient.name, phone, reason, best_time, now))
    log.info("callback %s requested", reference)
    return _fetch(tx, reference)


def listed(tx: Transaction, include_closed: bool) -> list[CallbackRow]:
    """The requests, oldest first: the open ones, or all."""
    where = "" if include_closed else " WHERE closed_at IS NULL"
    return [_row(r) for r in tx.execute(f"SELECT * FROM callbacks{where} ORDER BY requested_at, reference").fetchall()]


def close(tx: Transaction, reference: str) -> CallbackRow:
    """Mark a request as done; closing it again keeps the first time it was closed."""
    tx.execute("UPDATE callbacks SET closed_at = ? WHERE reference = ? AND closed_at IS NULL",
               (utc_now(), reference.strip().upper()))
    row = _fetch(tx, reference.strip().upper())
    log.info("callback %s closed", row.reference)
    return row


def _fetch(tx: Transaction, reference: str) -> CallbackRow:
    found = tx.execute("SELECT * FROM callbacks WHERE reference = ?", (reference,)).fetchone()
    if found is None:
        raise ToolError("callback_not_found", NOT_FOUND)
    return _row(found)


def _row(r) -> CallbackRow:
    closed = r["closed_at"]
    return CallbackRow(r["reference"], r["patient_name"], r["cpf"], r["phone"], r["reason"], r["best_time"],
                       _text(r["requested_at"]), None if closed is None else _text(closed))


def _text(value: object) -> str:
    """A stored time as ISO text: PostgreSQL hands back a datetime, SQLite the text it stored."""
    return value.isoformat(timespec="seconds") if isinstance(value, datetime) else str(value)
