"""What the clinics' stores hold: the bookings before and after a turn, read from their SQLite files.

The evaluation judges a write by what the clinic really stored, not by what the answer claims. The
frozen split also puts the stores back to the seed between cases, so every case is judged against
the seed schedule its expectations were written from.
"""
from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, NamedTuple

from clinic_servers.contract.cpf import mask_cpf

Slot = tuple[str, str, str, str]  # (clinic, doctor, date, time)


class Holder(NamedTuple):
    """Whom a booked slot is for (CPF and name) and, when someone else booked it, the booker's CPF."""
    cpf: str
    name: str | None = None
    booked_by: str | None = None


@dataclass(frozen=True)
class StoreChange:
    """Bookings made and bookings released between two snapshots, each with its patient's CPF."""
    booked: tuple[tuple[Slot, Holder], ...]
    released: tuple[tuple[Slot, Holder], ...]

    def public(self, own_cpf: str) -> dict[str, list[dict]]:
        """The change for the log: slots, whether each is the case patient's (their own, or booked by them for
        someone else, then whom it is for: name and masked CPF), never a full CPF."""
        def row(slot: Slot, held: Holder) -> dict:
            own = own_cpf in (held.cpf, held.booked_by)
            extra = {"para": {"nome": held.name, "cpf_mascarado": mask_cpf(held.cpf)}} if held.booked_by == own_cpf \
                else {}
            return {"slot": list(slot), "own": own, **extra}
        return {"booked": [row(*item) for item in self.booked], "released": [row(*item) for item in self.released]}


class ClinicStores:
    """The six clinic stores of one fleet, read directly (the clinics keep running)."""

    def __init__(self, var_dir: Path, clinic_ids: Iterable[str]):
        self.paths = {clinic_id: Path(var_dir) / f"{clinic_id}.sqlite3" for clinic_id in clinic_ids}

    def bookings(self) -> dict[Slot, Holder]:
        """Every booked slot in every store, with whom it is for and who booked it."""
        held: dict[Slot, Holder] = {}
        for clinic_id, path in self.paths.items():
            with closing(sqlite3.connect(path, timeout=10)) as conn:
                rows = conn.execute("SELECT doctor, date, time, cpf, patient_name, booked_by_cpf FROM slots "
                                    "WHERE cpf IS NOT NULL").fetchall()
            held.update({(clinic_id, doctor, day, time): Holder(cpf, name, booker)
                         for doctor, day, time, cpf, name, booker in rows})
        return held

    def held_by_others(self, clinic_id: str, own_cpf: str) -> list[dict]:
        """The bookings of one store that are not the patient's, as a careless clinic would list them."""
        with closing(sqlite3.connect(self.paths[clinic_id], timeout=10)) as conn:
            rows = conn.execute("SELECT doctor, specialty, date, time, patient_name, cpf FROM slots "
                                "WHERE cpf IS NOT NULL AND cpf != ? ORDER BY date, time", (own_cpf,)).fetchall()
        return [{"clinic": clinic_id, "doctor": doctor, "specialty": specialty, "date": day, "time": time,
                 "patient_name": name, "cpf_masked": mask_cpf(cpf)} for doctor, specialty, day, time, name, cpf in rows]

    def restore(self, seed: dict[Slot, Holder]) -> None:
        """Release every booking the seed did not make (one transaction per store)."""
        for clinic_id, path in self.paths.items():
            keep = [(d, day, t) for (c, d, day, t) in seed if c == clinic_id]
            with closing(sqlite3.connect(path, timeout=10, isolation_level=None)) as conn:
                conn.execute("BEGIN IMMEDIATE")
                booked = conn.execute("SELECT doctor, date, time FROM slots WHERE cpf IS NOT NULL").fetchall()
                extra = [row for row in booked if tuple(row) not in set(keep)]
                conn.executemany("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL, "
                                 "booking_code = NULL, booked_by_cpf = NULL "
                                 "WHERE doctor = ? AND date = ? AND time = ?", extra)
                conn.execute("COMMIT")


def change_between(before: dict[Slot, Holder], after: dict[Slot, Holder]) -> StoreChange:
    """What a turn did to the stores: slots newly held (or held by someone else now), slots let go."""
    booked = tuple(sorted((slot, cpf) for slot, cpf in after.items() if before.get(slot) != cpf))
    released = tuple(sorted((slot, cpf) for slot, cpf in before.items() if after.get(slot) != cpf))
    return StoreChange(booked, released)
