"""Erasing patients' personal data: on request after their last appointment (LGPD Art. 18), and by retention.

Past slots stay booked, anonymously, so the schedule's history still adds up.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import date, datetime, timezone

from clinic_servers.errors import ToolError
from clinic_servers.store import Patient
from clinic_servers.transaction import Transaction

__all__ = ["ERASED_CPF", "PersonalDataErasure", "future_filter"]

UPCOMING = ("O paciente ainda tem consulta marcada nesta clínica: os dados só são apagados depois da última "
            "consulta (cancele as próximas antes, se for o caso).")
ERASED_CPF = "0" * 11  # never a person's: a CPF of repeated digits is never issued


class PersonalDataErasure:
    """The store's erasures, over the transactions of the ledger it is part of."""

    _forgotten_before: date | None = None

    def _write(self, patient: Patient | None = None) -> AbstractContextManager[Transaction]:
        raise NotImplementedError

    def erase(self, cpf: str, now: datetime) -> int:
        """Erase a patient's name, CPF and codes after their last appointment (LGPD Art. 18).

        Their past slots stay booked, anonymously, so the schedule's history still adds up; the name
        recorded for the CPF, its failed checks and the write log's outcomes (which hold codes) go.
        """
        with self._write() as tx:
            sql, args = future_filter(now)
            if tx.execute(f"SELECT 1 FROM slots WHERE {sql} AND cpf = ?", [*args, cpf]).fetchone():
                raise ToolError("upcoming_appointments", UPCOMING)
            for table in ("patients", "identity_failures", "writes", "callbacks"):
                tx.execute(f"DELETE FROM {table} WHERE cpf = ?", (cpf,))
            tx.execute("UPDATE slots SET booked_by_cpf = NULL WHERE booked_by_cpf = ?", (cpf,))
            return _anonymise(tx, "cpf = ?", [cpf])

    def forget_before(self, cutoff: date) -> tuple[int, int]:
        """Erase the personal data of appointments before `cutoff`, and the names no booking needs; (bookings, names).

        The retention rule, run by the clinic itself once a day: bookings dated before the cutoff are
        anonymised as an erasure leaves them (the slot history stays), and the name recorded for a CPF
        goes once it was recorded before the cutoff and no booking of the store holds that CPF any more.
        Asked again for the same cutoff, it does nothing.
        """
        if self._forgotten_before == cutoff:
            return 0, 0
        with self._write() as tx:
            anonymised = _anonymise(tx, "available = 0 AND date < ? AND cpf <> ?", [cutoff.isoformat(), ERASED_CPF])
            names = tx.execute("DELETE FROM patients WHERE recorded_at < ? AND cpf NOT IN "
                               "(SELECT cpf FROM slots WHERE cpf IS NOT NULL)",
                               (datetime.combine(cutoff, datetime.min.time(), timezone.utc),)).rowcount
        self._forgotten_before = cutoff
        return anonymised, names


def future_filter(now: datetime) -> tuple[str, list]:
    """SQL that keeps the slots after `now`, and its arguments."""
    today, clock = now.date().isoformat(), now.strftime("%H:%M")
    return "(date > ? OR (date = ? AND time > ?))", [today, today, clock]


def _anonymise(tx: Transaction, where: str, args: list) -> int:
    """Past bookings (those `where` picks) kept in the schedule's history, with nothing left that points at a person.

    A booked slot must hold a CPF and a code (the schema checks it): the CPF becomes one no person has
    (repeated digits are never issued) and the code one nobody can type (it names the slot, in lower case).
    """
    return tx.execute("UPDATE slots SET patient_name = NULL, cpf = ?, booked_by_cpf = NULL, booking_code = 'erased ' || "
                      f"date || ' ' || time || ' ' || doctor WHERE {where}", [ERASED_CPF, *args]).rowcount
