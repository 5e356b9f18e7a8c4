"""Backups of the SQLite stores taken while clinics keep booking, and their restore: `python -m clinic_servers.backup`
run as documented against real clinic processes and a session store in the same VAR_DIR."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent_system.domain.patient import Patient
from agent_system.sessions.store import SqliteSessions
from clinic_servers.backup import SESSIONS, inventory
from clinic_servers.launcher import ClinicFleet
from tests.support import call_tool, clinic_env, free_port, make_cpf

ROOT = Path(__file__).resolve().parents[2]
CLINICS = ("clinic_a", "clinic_d")
FIRST_CPF = 9500  # make_cpf(FIRST_CPF + n): the writers' patients


@dataclass
class Booking:
    """One booking a writer made, and when (on one clock with the backup's) it was asked for, made and undone."""
    clinic: str
    doctor: str
    date: str
    time: str
    cpf: str
    code: str
    asked: float
    made: float
    cancel_asked: float | None = None
    cancelled: float | None = None

    def row(self) -> tuple[str, str, str, str]:
        return self.doctor, self.date, self.time, self.code


def start_clinics(var_dir: Path) -> ClinicFleet:
    fleet = ClinicFleet(clinic_env(var_dir) | {"PATH": os.environ["PATH"]}, ports={c: free_port() for c in CLINICS})
    for clinic in CLINICS:
        fleet.start(clinic)
    fleet.wait_ready()
    return fleet


def backup_command(var_dir: Path, *arguments: str, **settings: str) -> subprocess.CompletedProcess:
    """The documented command, configured as the servers are (VAR_DIR, and any other setting given)."""
    env = {"PATH": os.environ["PATH"], "VAR_DIR": str(var_dir), "ENV_FILE": os.devnull, **settings}
    return subprocess.run([sys.executable, "-m", "clinic_servers.backup", *arguments], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def held(path: Path) -> set[tuple[str, str, str, str]]:
    """The bookings a clinic store holds for the writers' patients: (doctor, date, time, code)."""
    with sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True) as db:
        rows = db.execute("SELECT doctor, date, time, booking_code FROM slots WHERE patient_name LIKE 'Paciente %'")
        return set(rows.fetchall())


def name_of(cpf: str) -> str:
    return f"Paciente {cpf[-5:]}"


class Writers:
    """One thread per clinic writing until stopped: it books the first free slot for a new patient, and when the
    schedule is full it cancels its latest booking instead, so the writes never run out (and the first stay)."""

    def __init__(self, fleet: ClinicFleet):
        self.fleet, self.bookings, self.failures = fleet, [], []
        self._stop, self._lock, self._next = threading.Event(), threading.Lock(), FIRST_CPF
        self._threads = [threading.Thread(target=self._write, args=(c,)) for c in CLINICS]

    def __enter__(self) -> "Writers":
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()
        assert not self.failures, self.failures

    def wait_for(self, count: int) -> None:
        """Block until `count` more bookings are made (or a writer failed)."""
        with self._lock:
            wanted = len(self.bookings) + count
        while not self.failures and any(t.is_alive() for t in self._threads):
            with self._lock:
                if len(self.bookings) >= wanted:
                    return
            self._stop.wait(0.05)
        assert not self.failures, self.failures

    def _write(self, clinic: str) -> None:
        try:
            live: list[Booking] = []
            while not self._stop.is_set():
                free = call_tool(self.fleet.url(clinic), "list_available_slots", {})["structuredContent"]
                if free["available_slots"]:
                    live.append(self._book(clinic, free["available_slots"][0]))
                else:
                    self._cancel(live.pop())
        except Exception as e:  # noqa: BLE001 - reported by the test, not lost with the thread
            self.failures.append(repr(e))

    def _book(self, clinic: str, slot: dict) -> Booking:
        with self._lock:
            cpf, self._next = make_cpf(self._next), self._next + 1
        asked = time.monotonic()
        made = call_tool(self.fleet.url(clinic), "book_appointment", {
            "doctor": slot["doctor"], "date": slot["date"], "time": slot["time"], "patient_name": name_of(cpf),
            "cpf": cpf})
        assert made["isError"] is False, made
        booking = Booking(clinic, slot["doctor"], slot["date"], slot["time"], cpf,
                          made["structuredContent"]["appointment"]["booking_code"], asked, time.monotonic())
        with self._lock:
            self.bookings.append(booking)
        return booking

    def _cancel(self, booking: Booking) -> None:
        booking.cancel_asked = time.monotonic()
        freed = call_tool(self.fleet.url(booking.clinic), "cancel_appointment", {
            "doctor": booking.doctor, "date": booking.date, "time": booking.time, "patient_name": name_of(booking.cpf),
            "cpf": booking.cpf, "booking_code": booking.code})
        assert freed["isError"] is False, freed
        booking.cancelled = time.monotonic()


def appointments(fleet: ClinicFleet, booking: Booking) -> list[tuple[str, str, str]]:
    """What the clinic shows the booking's patient with its code: (doctor, date, time)."""
    listed = call_tool(fleet.url(booking.clinic), "list_my_appointments", {
        "cpf": booking.cpf, "patient_name": name_of(booking.cpf), "booking_codes": [booking.code]})
    return [(a["doctor"], a["date"], a["time"]) for a in listed["structuredContent"]["appointments"]]


def alive_throughout(b: Booking, began: float, ended: float) -> bool:
    return b.made < began and (b.cancel_asked is None or b.cancel_asked > ended)


def test_a_backup_taken_under_writes_restores_exactly_what_it_saw(tmp_path):
    var_dir, folder = tmp_path / "var", tmp_path / "backup"
    fleet = start_clinics(var_dir)
    sessions = SqliteSessions(var_dir / "sessions.sqlite3")
    kept_session = sessions.create(Patient(name="Ana Paula Teixeira", cpf="39053344705"))
    try:
        with Writers(fleet) as writers:
            writers.wait_for(6)
            began = time.monotonic()
            made = backup_command(var_dir, "create", str(folder))
            ended = time.monotonic()
            writers.wait_for(6)
        later_session = sessions.create(Patient(name="Bruno Carvalho Dias", cpf="11144477735"))
    finally:
        fleet.stop()
    assert made.returncode == 0, made.stderr
    bookings = writers.bookings
    for clinic in CLINICS:
        mine = [b for b in bookings if b.clinic == clinic]
        copied = held(folder / f"{clinic}.sqlite3")
        # One snapshot: a booking alive all through the backup is in it; one asked for after it, or gone before
        # it began, is not; and it holds no booking the clinic never confirmed.
        alive = {b.row() for b in mine if alive_throughout(b, began, ended)}
        outside = {b.row() for b in mine if b.asked > ended or (b.cancelled is not None and b.cancelled < began)}
        assert alive and alive <= copied <= {b.row() for b in mine} and not copied & outside

    restored = backup_command(var_dir, "restore", str(folder))
    assert restored.returncode == 0, restored.stderr
    for clinic in CLINICS:
        assert held(var_dir / f"{clinic}.sqlite3") == held(folder / f"{clinic}.sqlite3")
    sessions = SqliteSessions(var_dir / "sessions.sqlite3")
    assert sessions.load(kept_session) is not None and sessions.load(later_session) is None

    fleet = start_clinics(var_dir)
    try:
        kept = next(b for b in bookings if alive_throughout(b, began, ended))
        lost = next(b for b in bookings if b.asked > ended)
        assert appointments(fleet, kept) == [(kept.doctor, kept.date, kept.time)]
        assert appointments(fleet, lost) == []
    finally:
        fleet.stop()


@pytest.fixture
def backed_up(tmp_path):
    """A var/ with two clinic stores and a session store, and a backup of it."""
    var_dir, folder = tmp_path / "var", tmp_path / "backup"
    start_clinics(var_dir).stop()
    SqliteSessions(var_dir / "sessions.sqlite3").create(Patient(name="Ana Paula Teixeira", cpf="39053344705"))
    made = backup_command(var_dir, "create", str(folder))
    assert made.returncode == 0, made.stderr
    return var_dir, folder, made


def test_a_backup_holds_every_sqlite_store_privately_and_says_so(backed_up):
    var_dir, folder, made = backed_up
    assert sorted(p.name for p in folder.iterdir()) == ["clinic_a.sqlite3", "clinic_d.sqlite3", "manifest.json",
                                                        "sessions.sqlite3"]
    assert {oct(p.stat().st_mode & 0o777) for p in folder.iterdir()} == {"0o600"}
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    assert "clinic_a: " in made.stdout and "sessions: " in made.stdout


def test_a_damaged_backup_restores_nothing(backed_up):
    var_dir, folder, _ = backed_up
    before = (var_dir / "clinic_a.sqlite3").read_bytes()
    with (folder / "clinic_d.sqlite3").open("r+b") as f:
        f.seek(5000)
        f.write(b"\xff" * 64)
    refused = backup_command(var_dir, "restore", str(folder))
    assert refused.returncode == 1 and "nothing was restored" in refused.stderr and "Traceback" not in refused.stderr
    assert (var_dir / "clinic_a.sqlite3").read_bytes() == before


def test_an_unfinished_backup_is_not_restored(backed_up):
    var_dir, folder, _ = backed_up
    (folder / "manifest.json").unlink()
    refused = backup_command(var_dir, "restore", str(folder))
    assert refused.returncode == 1 and "did not finish" in refused.stderr


def test_a_backup_never_writes_into_a_folder_in_use(backed_up):
    var_dir, folder, _ = backed_up
    refused = backup_command(var_dir, "create", str(folder))
    assert refused.returncode == 1 and "not empty" in refused.stderr


def test_stores_kept_in_postgresql_or_redis_are_named_not_copied(tmp_path):
    found = inventory({"VAR_DIR": str(tmp_path), "CLINIC_B_DATABASE_URL": "postgresql://clinic@db-b/clinic_b",
                       "CLINIC_C_DATABASE_URL": f"sqlite:///{tmp_path}/c.sqlite3", "REDIS_URL": "redis://r:6379/0"})
    assert [(s.name, s.path) for s in found.sqlite] == [
        ("clinic_a", tmp_path / "clinic_a.sqlite3"), ("clinic_c", tmp_path / "c.sqlite3"),
        *((c, tmp_path / f"{c}.sqlite3") for c in ("clinic_d", "clinic_e", "clinic_f"))]
    assert found.elsewhere == ("clinic_b: PostgreSQL (pg_dump)", f"{SESSIONS}: Redis (its own persistence)")


def test_the_documented_pg_dump_and_pg_restore_round_trip_a_postgresql_clinic(tmp_path, postgres):
    from tests.support.postgres_cluster import postgres_bin
    url, dump, var_dir = postgres.new_database(), tmp_path / "clinic_b.dump", tmp_path / "var"

    def clinic_b() -> ClinicFleet:
        fleet = ClinicFleet(clinic_env(var_dir) | {"PATH": os.environ["PATH"], "CLINIC_B_DATABASE_URL": url},
                            ports={"clinic_b": free_port()})
        fleet.start("clinic_b")
        fleet.wait_ready()
        return fleet

    def book(fleet: ClinicFleet, n: int) -> Booking:
        slot = call_tool(fleet.url("clinic_b"), "list_available_slots", {})["structuredContent"]["available_slots"][0]
        cpf = make_cpf(FIRST_CPF + 300 + n)
        made = call_tool(fleet.url("clinic_b"), "book_appointment", {
            "doctor": slot["doctor"], "date": slot["date"], "time": slot["time"], "patient_name": name_of(cpf),
            "cpf": cpf})
        assert made["isError"] is False, made
        code = made["structuredContent"]["appointment"]["booking_code"]
        return Booking("clinic_b", slot["doctor"], slot["date"], slot["time"], cpf, code, 0.0, 0.0)

    fleet = clinic_b()
    try:
        kept = book(fleet, 0)
        subprocess.run([str(postgres_bin() / "pg_dump"), "--format=custom", f"--file={dump}", url], check=True,
                       timeout=60)
        lost = book(fleet, 1)
    finally:
        fleet.stop()
    named = backup_command(var_dir, "create", str(tmp_path / "backup"), CLINIC_B_DATABASE_URL=url)
    subprocess.run([str(postgres_bin() / "pg_restore"), "--clean", "--if-exists", "--no-owner", f"--dbname={url}",
                    str(dump)], check=True, timeout=60)
    fleet = clinic_b()
    try:
        assert appointments(fleet, kept) == [(kept.doctor, kept.date, kept.time)]
        assert appointments(fleet, lost) == []
    finally:
        fleet.stop()
    assert named.returncode == 0 and "not copied: clinic_b: PostgreSQL (pg_dump)" in named.stdout
