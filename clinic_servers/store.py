"""One clinic's appointment store: the contract every backend keeps, and the choice of backend.

Two backends keep it: SQLite (the default, a file in `var/`, for one host) and PostgreSQL (chosen by
a `CLINIC_<ID>_DATABASE_URL`, for several server instances of a clinic on several hosts). Both
decide every rule inside one transaction, and the database's own constraints (primary keys, unique
indexes, checks) back each rule, so no two instances can disagree about who holds a slot.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Protocol, Sequence

from clinic_servers.contract.registry import Clinic

WINDOW_DAYS = 14
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

    def starts_at(self) -> datetime:
        """The slot's start as a naive local datetime."""
        return datetime.fromisoformat(f"{self.date}T{self.time}")


@dataclass(frozen=True)
class Patient:
    """Who a patient tool acts for: the CPF and the name the caller gave with it."""
    name: str
    cpf: str


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
             key: str | None = None) -> tuple[SlotRow, bool]:
        """Take a free slot; (row, False) when booked now, (row, True) when this patient already had it."""

    def cancel(self, now: datetime, doctor: str, day: str, time: str, patient: Patient, code: str,
               key: str | None = None) -> SlotRow:
        """Free a slot booked by this patient under this code; the freed booking is returned."""

    def reschedule(self, now: datetime, doctor: str, old: tuple[str, str], new: tuple[str, str],
                   patient: Patient, code: str, key: str | None = None) -> tuple[SlotRow, SlotRow]:
        """Move this patient's booking to another free slot of the same doctor, all or nothing; the code stays."""

    def erase(self, cpf: str, now: datetime) -> int:
        """Erase a patient's name, CPF and codes after their last appointment; how many past bookings stay, anonymous."""

    def forget_before(self, cutoff: date) -> tuple[int, int]:
        """Erase the personal data of bookings dated before `cutoff` and of names no booking holds; (bookings, names)."""

    def close(self) -> None:
        """Release the store's connections."""


class StoreUnavailable(RuntimeError):
    """The clinic's database cannot be reached or used; the server cannot start without it."""


def open_store(clinic: Clinic, database_url: str | None, default_path: Path) -> SlotStore:
    """The clinic's store: PostgreSQL for a `postgresql://` URL, else SQLite (at `default_path` when no URL)."""
    if not database_url:
        from .sqlite_store import SqliteSlotStore
        return SqliteSlotStore(default_path, clinic)
    scheme = database_url.split("://", 1)[0].lower()
    if scheme in ("postgresql", "postgres"):
        from .postgres_store import PostgresSlotStore
        return PostgresSlotStore(database_url, clinic)
    if scheme == "sqlite" and database_url.startswith("sqlite:///"):
        from .sqlite_store import SqliteSlotStore
        return SqliteSlotStore(Path(database_url.removeprefix("sqlite:///")), clinic)
    raise ValueError(f"{clinic.id}: database URL must start with postgresql:// or sqlite:///, got {scheme}://")
