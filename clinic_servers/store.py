"""One clinic's appointment store: the contract every backend keeps, and the choice of backend.

Two backends keep it: SQLite (the default, a file in `var/`, for one host) and PostgreSQL (chosen by
a `CLINIC_<ID>_DATABASE_URL`, for several server instances of a clinic on several hosts). Both
decide every rule inside one transaction, and the database's own constraints (primary keys, unique
indexes, checks) back each rule, so no two instances can disagree about who holds a slot.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol, Sequence


# How long a write may wait for the database. Shorter than the router's timeout (5 s by default),
# so a write either commits or fails while the caller is still listening: no booking can commit
# after the patient was told it failed.
WRITE_DEADLINE_MS = 2_000
BUSY_MESSAGE = "A agenda da clínica está ocupada agora; nada foi alterado. Tente de novo em instantes."


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
    booked_by_cpf: str | None = None  # who booked it for the patient (a parent for a child); None: the patient

    def starts_at(self) -> datetime:
        """The slot's start as a naive local datetime."""
        return datetime.fromisoformat(f"{self.date}T{self.time}")


@dataclass(frozen=True)
class Patient:
    """Who a patient tool acts for: the CPF and the name the caller gave with it."""
    name: str
    cpf: str


@dataclass(frozen=True)
class CallbackRow:
    """A patient's request to be called back, as the clinic's staff see it."""
    reference: str
    patient_name: str
    cpf: str
    phone: str
    reason: str
    best_time: str | None
    requested_at: str
    closed_at: str | None


class SlotStore(Protocol):
    """What the clinic's tools need from its store, whatever the database behind it."""

    def materialise(self, today: date) -> None:
        """Create the slots of the next 14 days from the weekly templates (idempotent, cheap when done)."""

    def seed_once(self, patients: list[Patient], prebooked: list[tuple[str, int, Patient]]) -> None:
        """Record the registry's patients and book the seed file's (doctor, nth slot, patient), once per database."""

    def available(self, now: datetime, doctor: str | None = None,
                  date_from: str | None = None, date_to: str | None = None) -> list[SlotRow]:
        """Free future slots, optionally for one doctor and a date range, earliest first."""

    def appointments_of(self, patient: Patient, now: datetime, codes: Sequence[str] = ()) -> list[SlotRow]:
        """This patient's future bookings among those whose codes are given; none without a code or a fitting name."""

    def book(self, now: datetime, doctor: str, day: str, time: str, patient: Patient,
             key: str | None = None, booked_by: str | None = None) -> tuple[SlotRow, bool]:
        """Take a free slot for the patient (booked by `booked_by`'s CPF when someone else books it);
        (row, False) when booked now, (row, True) when this patient already had it."""

    def cancel(self, now: datetime, doctor: str, day: str, time: str, patient: Patient, code: str,
               key: str | None = None) -> SlotRow:
        """Free a slot booked by this patient under this code; the freed booking is returned."""

    def reschedule(self, now: datetime, doctor: str, old: tuple[str, str], new: tuple[str, str],
                   patient: Patient, code: str, key: str | None = None) -> tuple[SlotRow, SlotRow]:
        """Move this patient's booking to another free slot of the same doctor, all or nothing; the code stays."""

    def request_callback(self, patient: Patient, phone: str, reason: str, best_time: str | None,
                         key: str | None = None) -> CallbackRow:
        """Record a patient's request to be called back (a few a day per CPF)."""

    def callbacks(self, include_closed: bool = False) -> list[CallbackRow]:
        """The callback requests, oldest first: the open ones, or all."""

    def close_callback(self, reference: str) -> CallbackRow:
        """Mark a callback request as done."""

    def erase(self, cpf: str, now: datetime) -> int:
        """Erase a patient's name, CPF and codes after their last appointment; how many past bookings stay, anonymous."""

    def forget_before(self, cutoff: date) -> tuple[int, int]:
        """Erase the personal data of bookings dated before `cutoff` and of names no booking holds; (bookings, names)."""

    def close(self) -> None:
        """Release the store's connections."""


class StoreUnavailable(RuntimeError):
    """The clinic's database cannot be reached or used; the server cannot start without it."""
