"""The store's rules, written once for every backend: who may book, cancel and move which slot.

Each write is one transaction, and each change of a slot is one conditional update that names the
state it expects (`available = 1` to take a slot; this CPF and this code to free one), so of two
concurrent callers exactly one changes the row, on SQLite's serialised writes and on PostgreSQL's
row locks alike. Identity checks, booking codes and idempotency keys are decided in the same
transaction as the write they guard, and each is backed by a constraint of the schema.
"""
from __future__ import annotations

from contextlib import AbstractContextManager, contextmanager
from dataclasses import asdict, replace
from datetime import date, datetime, timedelta
from typing import Iterator, Sequence

from clinic_servers import identity, write_log
from clinic_servers.callbacks import CallbackRequests
from clinic_servers.clinic_rules import with_notice, within_limit
from clinic_servers.contract.booking_codes import canonical, new_code
from clinic_servers.contract.registry import Clinic
from clinic_servers.erasure import PersonalDataErasure, future_filter
from clinic_servers.errors import IdentityRefusal, ToolError
from clinic_servers.contract.clock import BOOKING_WINDOW_DAYS
from clinic_servers.store import Patient, SlotRow
from clinic_servers.transaction import Transaction

NOT_FOUND = "Não encontrei essa consulta com os seus dados. Confira médico, data, horário e o código da reserva."
TAKEN = "Este horário acabou de ser reservado por outra pessoa."
MISMATCH = "O nome não confere com o cadastro deste CPF nesta clínica."


class SlotLedger(CallbackRequests, PersonalDataErasure):
    """The `SlotStore` contract over a backend's transactions (subclasses open them)."""

    clinic: Clinic
    _materialised_for: date | None = None

    def _transaction(self) -> AbstractContextManager[Transaction]:
        """A write transaction: committed when the block ends, rolled back when it raises."""
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Transaction]:
        """A connection for reads (each statement sees the latest committed data)."""
        raise NotImplementedError

    @contextmanager
    def _write(self, patient: Patient | None = None) -> Iterator[Transaction]:
        """A write transaction; a refusal for a wrong name or code undoes the call but counts the failed try."""
        try:
            with self._transaction() as tx:
                yield tx
        except IdentityRefusal:
            if patient is not None:
                with self._transaction() as tx:
                    identity.count_failure(tx, patient.cpf, patient.name)
            raise

    def materialise(self, today: date) -> None:
        """Create the slots of the next 14 days from the weekly templates (idempotent, cheap when done)."""
        if self._materialised_for == today:
            return
        rows = [(d.name, self.clinic.specialty.name_pt, day.isoformat(), t)
                for day in (today + timedelta(n) for n in range(BOOKING_WINDOW_DAYS))
                for d in self.clinic.doctors for t in d.schedule.get(day.weekday(), ())]
        with self._write() as tx:
            tx.executemany("INSERT INTO slots (doctor, specialty, date, time) VALUES (?, ?, ?, ?) "
                           "ON CONFLICT (doctor, date, time) DO NOTHING", rows)
        self._materialised_for = today

    def seed_once(self, patients: list[Patient], prebooked: list[tuple[str, int, Patient]]) -> None:
        """Record the registry's patients and book the seed file's (doctor, nth slot, patient), once per database."""
        with self._write() as tx:
            if tx.execute("INSERT INTO meta (key, value) VALUES ('seeded', '1') ON CONFLICT (key) DO NOTHING"
                          ).rowcount == 0:
                return
            for patient in patients:
                identity.record(tx, patient.cpf, patient.name)
            for doctor, nth, patient in prebooked:
                row = tx.execute("SELECT date, time FROM slots WHERE doctor = ? ORDER BY date, time "
                                 "LIMIT 1 OFFSET ?", (doctor, nth)).fetchone()
                if row:
                    _take(tx, doctor, row["date"], row["time"], patient)

    def available(self, now: datetime, doctor: str | None = None,
                  date_from: str | None = None, date_to: str | None = None) -> list[SlotRow]:
        """Free future slots, optionally for one doctor and a date range, earliest first."""
        sql, args = future_filter(now)
        sql += " AND available = 1"
        for clause, value in (("doctor = ?", doctor), ("date >= ?", date_from), ("date <= ?", date_to)):
            if value:
                sql, args = f"{sql} AND {clause}", [*args, value]
        with self._reading() as tx:
            return _select(tx, sql, args)

    def appointments_of(self, patient: Patient, now: datetime, codes: Sequence[str] = ()) -> list[SlotRow]:
        """This patient's future bookings among those whose codes are given, earliest first.

        Name and CPF are semi-public, so they open nothing alone: without a code the answer is empty
        (and checks nothing, so counts nothing), as for a CPF never seen. Codes that open nothing count
        one failed try, under the name presented, whether the CPF is unknown, bound to another name or locked.
        """
        if not codes:
            return []
        with self._reading() as tx:
            rows = []
            # A parent who booked only for a child has no name recorded here: the codes alone open those bookings.
            if identity.recorded_name(tx, patient.cpf) in (None, identity.name_key(patient.name)):
                sql, args = future_filter(now)
                marks = ", ".join("?" * len(codes))
                # The patient's own bookings, and those the patient made for someone else (a child, a parent).
                rows = _select(tx, f"{sql} AND (cpf = ? OR booked_by_cpf = ?) AND booking_code IN ({marks})",
                               [*args, patient.cpf, patient.cpf, *map(canonical, codes)])
        if not rows:
            with self._write() as tx:
                identity.count_failure(tx, patient.cpf, patient.name)
        return rows

    def book(self, now: datetime, doctor: str, day: str, time: str, patient: Patient,
             key: str | None = None, booked_by: str | None = None) -> tuple[SlotRow, bool]:
        """Take a free slot; (row, False) when booked now, (row, True) when this patient already had it.

        Only a booking made now carries its code (and its retry with the same key): whoever knows a
        CPF and its name must not learn the code of a booking by asking for the same slot again.
        A booking made for someone else (a child, a parent) is the patient's, under the patient's own
        name and CPF (bound like any other), with the booker's CPF beside it.
        """
        booked_by = None if booked_by == patient.cpf else booked_by
        with self._write(patient) as tx:
            known = _admit(tx, patient, booking=True)
            if (done := write_log.claim(tx, key, "book", patient.cpf)) is not None:
                return SlotRow(**done["rows"][0]), done.get("already", False)
            row = _bookable(tx, now, doctor, day, time)
            if row.cpf == patient.cpf:
                held = replace(row, booking_code=None)
                write_log.remember(tx, key, {"rows": [asdict(held)], "already": True})
                return held, True
            if not row.available:
                raise ToolError("slot_taken", TAKEN)
            if not known and not identity.record(tx, patient.cpf, patient.name):
                raise IdentityRefusal("identity_mismatch", MISMATCH)
            within_limit(tx, self.clinic.rules, now, patient.cpf)
            booked = _take(tx, doctor, day, time, patient, booked_by=booked_by)
            write_log.remember(tx, key, {"rows": [asdict(booked)], "already": False})
            return booked, False

    def cancel(self, now: datetime, doctor: str, day: str, time: str, patient: Patient, code: str,
               key: str | None = None) -> SlotRow:
        """Free a slot booked by this patient under this code; the freed booking is returned."""
        with self._write(patient) as tx:
            _admit(tx, patient)
            if (done := write_log.claim(tx, key, "cancel", patient.cpf)) is not None:
                return SlotRow(**done["rows"][0])
            row = _owned(tx, now, doctor, day, time, patient, code)
            with_notice(self.clinic.rules, now, row)
            _release(tx, row)
            write_log.remember(tx, key, {"rows": [asdict(row)]})
            return row

    def reschedule(self, now: datetime, doctor: str, old: tuple[str, str], new: tuple[str, str],
                   patient: Patient, code: str, key: str | None = None) -> tuple[SlotRow, SlotRow]:
        """Move this patient's booking to another free slot of the same doctor, all or nothing; the code stays."""
        if old == new:
            raise ToolError("same_slot", "O novo horário é igual ao atual.")
        with self._write(patient) as tx:
            _admit(tx, patient)
            if (done := write_log.claim(tx, key, "reschedule", patient.cpf)) is not None:
                return SlotRow(**done["rows"][0]), SlotRow(**done["rows"][1])
            original = _owned(tx, now, doctor, *old, patient, code)
            with_notice(self.clinic.rules, now, original)
            if not _bookable(tx, now, doctor, *new).available:
                raise ToolError("slot_taken", "O novo horário não está disponível.")
            _release(tx, original)
            # The booking stays whose it was: moved by the booker, it is still the dependant's.
            holder = Patient(original.patient_name or patient.name, original.cpf or patient.cpf)
            moved = _take(tx, doctor, *new, holder, code=original.booking_code, booked_by=original.booked_by_cpf)
            write_log.remember(tx, key, {"rows": [asdict(original), asdict(moved)]})
            return original, moved


def _admit(tx: Transaction, patient: Patient, booking: bool = False) -> bool:
    """Refuse a locked CPF, and a name that does not fit the one recorded for it (counted by `_write`).

    Whether the CPF's name is recorded already (recorded names never change, so it needs no recording).
    Touching a booking, a wrong name reads exactly like "no such appointment". A new booking must say
    why it failed, so the patient can type the name as first given (it reveals only that the CPF
    has booked here before, and is counted towards the lock like any other failure).
    """
    state = identity.check(tx, patient.cpf, patient.name)
    if state == "mismatch":
        raise IdentityRefusal("identity_mismatch", MISMATCH) if booking else \
            IdentityRefusal("appointment_not_found", NOT_FOUND)
    return state == "recorded"


def _select(tx: Transaction, where: str, args: list) -> list[SlotRow]:
    rows = tx.execute(f"SELECT * FROM slots WHERE {where} ORDER BY date, time, doctor", args).fetchall()
    return [_row(r) for r in rows]


def _row(r) -> SlotRow:
    return SlotRow(r["doctor"], r["specialty"], r["date"], r["time"], bool(r["available"]), r["patient_name"],
                   r["cpf"], r["booking_code"], r["booked_by_cpf"])


def _fetch(tx: Transaction, doctor: str, day: str, time: str) -> SlotRow | None:
    r = tx.execute("SELECT * FROM slots WHERE doctor = ? AND date = ? AND time = ?", (doctor, day, time)).fetchone()
    return _row(r) if r else None


def _bookable(tx: Transaction, now: datetime, doctor: str, day: str, time: str) -> SlotRow:
    row = _fetch(tx, doctor, day, time)
    if row is None:
        raise ToolError("slot_not_found", f"{doctor} não atende em {day} às {time}.")
    if row.starts_at() <= now:
        raise ToolError("slot_in_past", "Este horário já passou.")
    return row


def _owned(tx: Transaction, now: datetime, doctor: str, day: str, time: str, patient: Patient,
           code: str) -> SlotRow:
    """The booking at that slot under that code, the patient's own or one the patient made for someone else;
    anything else is "not found", whoever holds the slot."""
    row = _fetch(tx, doctor, day, time)
    # Counted alike, whoever holds the slot: the refusal costs the same work for an unknown CPF as for a wrong code.
    if row is None or row.available or patient.cpf not in (row.cpf, row.booked_by_cpf) \
            or row.booking_code != canonical(code):
        raise IdentityRefusal("appointment_not_found", NOT_FOUND)
    if row.starts_at() <= now:
        raise ToolError("appointment_in_past", "Esta consulta já aconteceu.")
    return row


def _take(tx: Transaction, doctor: str, day: str, time: str, patient: Patient, code: str | None = None,
          booked_by: str | None = None) -> SlotRow:
    """Book a free slot in one conditional update, with a fresh code unless moving a booking (codes are unique)."""
    for _ in range(5):
        try:
            with tx.savepoint():
                updated = tx.execute(
                    "UPDATE slots SET available = 0, patient_name = ?, cpf = ?, booked_at = ?, booking_code = ?, "
                    "booked_by_cpf = ? WHERE doctor = ? AND date = ? AND time = ? AND available = 1",
                    (patient.name, patient.cpf, identity.utc_now(), code or new_code(), booked_by, doctor, day,
                     time))
        except tx.integrity_error:
            if code is not None:
                raise
            continue
        if updated.rowcount != 1 or (taken := _fetch(tx, doctor, day, time)) is None:
            raise ToolError("slot_taken", TAKEN)
        return taken
    raise ToolError("internal_error", "Não foi possível gerar um código de reserva; tente de novo.")


def _release(tx: Transaction, booking: SlotRow) -> None:
    """Free a booked slot in one conditional update: only while it still holds this patient's booking."""
    freed = tx.execute("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL, "
                       "booking_code = NULL, booked_by_cpf = NULL WHERE doctor = ? AND date = ? AND time = ? AND cpf = ? "
                       "AND booking_code = ?",
                       (booking.doctor, booking.date, booking.time, booking.cpf, booking.booking_code))
    if freed.rowcount != 1:
        raise ToolError("appointment_not_found", NOT_FOUND)
