"""The measurements: turn latency, throughput under concurrency, clinic fan-out, and the booking race.

Every loop is bounded twice, by a count and by a deadline, so a stuck server cannot hang the run.
"""
from __future__ import annotations

import itertools
import sqlite3
from contextlib import closing
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from .client import TurnResult, WebClient
from .serve_load import address
from .workload import LISTINGS, MIX, ONE_CLINIC, SIX_CLINICS, TWO_CLINICS, Slot, patient, percentile

SESSION_TURNS = 10  # a patient's visit is a handful of turns; then a new patient (identity) arrives
_patients = itertools.count()
_patients_lock = threading.Lock()


def new_patient(client: WebClient) -> None:
    """Open a session for a patient no one has used yet, from that patient's own client address."""
    with _patients_lock:
        n = next(_patients)
    client.address = address(n)
    client.open_session(*patient(n))


@dataclass
class Timings:
    """Latencies (ms) of one kind of turn, and the failures among them."""
    total_ms: list[float] = field(default_factory=list)
    first_ms: list[float] = field(default_factory=list)
    first_stage_ms: list[float] = field(default_factory=list)
    first_text_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def add(self, result: TurnResult) -> None:
        if not result.ok:
            self.failures.append(result.failure or "failed")
            return
        self.total_ms.append(result.total_s * 1000)
        self.first_ms.append((result.first_event_s or result.total_s) * 1000)
        self.first_stage_ms.append((result.first_stage_s or result.total_s) * 1000)
        self.first_text_ms.append((result.first_answer_text_s or result.total_s) * 1000)

    def summary(self, values: list[float] | None = None) -> dict[str, float]:
        """n, p50, p95, p99 and max of the totals (or of the given values)."""
        values = self.total_ms if values is None else values
        if not values:
            return {"n": 0}
        return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
                "p99": percentile(values, 99), "max": max(values)}


def warm_up(port: int, turns: int) -> Timings:
    """Turns on a few connections so every web worker has imported, connected and cached what it needs;
    their failures are counted like any other turn's."""
    timings, lock = Timings(), threading.Lock()

    def one_connection() -> None:
        client = WebClient("127.0.0.1", port)
        for n, message in enumerate(itertools.islice(itertools.cycle(MIX), turns)):
            if n % SESSION_TURNS == 0:
                new_patient(client)
            result = client.turn(message)
            with lock:
                timings.add(result)
        client.close()
    _run_threads([one_connection] * 4)
    return timings


def latency(port: int, listing_turns: int, booking_slots: list[Slot], deadline_s: float) -> dict[str, Timings]:
    """One patient at a time: listing turns, then book-and-cancel pairs, timed end to end through SSE."""
    deadline = time.monotonic() + deadline_s
    kinds = {"listing": Timings(), "booking": Timings(), "cancel": Timings()}
    client = WebClient("127.0.0.1", port)
    for n, message in enumerate(itertools.islice(itertools.cycle(LISTINGS), listing_turns)):
        if n % SESSION_TURNS == 0:
            new_patient(client)
        if time.monotonic() > deadline:
            break
        kinds["listing"].add(client.turn(message))
    for n, slot in enumerate(booking_slots):
        if n % (SESSION_TURNS // 2) == 0:
            new_patient(client)
        if time.monotonic() > deadline:
            break
        kinds["booking"].add(_expect(client.turn(slot.booking()), "confirmed"))
        cancel = client.turn(slot.cancellation())
        if cancel.ok and cancel.answer.get("confirm"):  # the assistant asks first: answer "sim"
            kinds["cancel"].add(cancel)
            kinds.setdefault("cancel confirmation", Timings()).add(_expect(client.turn("sim"), "cancelled"))
        else:
            kinds["cancel"].add(_expect(cancel, "cancelled"))
    client.close()
    return kinds


def fan_out(port: int, rounds: int, deadline_s: float) -> dict[str, Timings]:
    """One-, two- and six-clinic turns, interleaved, against clinics behind a delaying proxy."""
    deadline = time.monotonic() + deadline_s
    kinds = {"one clinic (a doctor)": (ONE_CLINIC, 1), "two clinics (a specialty)": (TWO_CLINICS, 2),
             "six clinics (my appointments)": (SIX_CLINICS, 6)}
    timings = {name: Timings() for name in kinds}
    client = WebClient("127.0.0.1", port)
    for n in range(rounds):
        if n % 3 == 0:
            new_patient(client)
        if time.monotonic() > deadline:
            break
        for name, (message, clinics) in kinds.items():
            timings[name].add(_expect_calls(client.turn(message), clinics))
    client.close()
    return timings


@dataclass
class RaceRound:
    slot: Slot
    confirmed: int
    refused: int
    errors: int
    winner_cpfs: list[str]
    holder_cpf: str | None  # who holds the slot in the clinic's SQLite store afterwards

    @property
    def double_bookings(self) -> int:
        """Patients told "confirmed" who do not hold the slot in the store."""
        return sum(1 for cpf in self.winner_cpfs if cpf != self.holder_cpf)

    @property
    def unconfirmed_holder(self) -> bool:
        """The store gave the slot to someone who was never told so."""
        return self.holder_cpf is not None and self.holder_cpf not in self.winner_cpfs


def booking_race(port: int, slots: list[Slot], contenders: int, var_dir: Path) -> list[RaceRound]:
    """For each slot, `contenders` patients (each their own session) book it at the same instant."""
    return [_race(port, slot, contenders, var_dir) for slot in slots]


def _race(port: int, slot: Slot, contenders: int, var_dir: Path) -> RaceRound:
    clients = [WebClient("127.0.0.1", port) for _ in range(contenders)]
    for client in clients:
        new_patient(client)
    results: dict[int, TurnResult] = {}
    start = threading.Barrier(contenders)

    def contender(i: int) -> None:
        start.wait()
        results[i] = clients[i].turn(slot.booking())

    _run_threads([lambda i=i: contender(i) for i in range(contenders)])
    for client in clients:
        client.close()
    outcome = [_race_outcome(results.get(i)) for i in range(contenders)]
    winners = [_digits(clients[i].cpf) for i, kind in enumerate(outcome) if kind == "confirmed"]
    return RaceRound(slot, outcome.count("confirmed"), outcome.count("refused"), outcome.count("error"),
                     winners, _slot_holder(var_dir, slot))


def _digits(cpf: str | None) -> str:
    return "".join(c for c in cpf or "" if c.isdigit())


def _race_outcome(result: TurnResult | None) -> str:
    if result is None or not result.ok:
        return "error"
    if any(a.get("status") == "confirmed" for a in result.answer.get("appointments", [])):
        return "confirmed"
    codes = {(d.get("error") or {}).get("code") for d in result.of_type("dispatch")}
    return "refused" if "slot_taken" in codes else "error"


def _slot_holder(var_dir: Path, slot: Slot) -> str | None:
    """The CPF the clinic's own SQLite store holds for a slot (read-only)."""
    with closing(sqlite3.connect(f"file:{var_dir / slot.clinic}.sqlite3?mode=ro", uri=True)) as db:
        row = db.execute("SELECT cpf FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                         (slot.doctor, slot.date, slot.time)).fetchone()
    return row[0] if row else None


def _expect(result: TurnResult, status: str) -> TurnResult:
    """A booking or cancel turn only counts when the answer reports that change."""
    if result.ok and not any(a.get("status") == status for a in result.answer.get("appointments", [])):
        result.ok, result.failure = False, f"no {status} appointment in the answer"
    return result


def _expect_calls(result: TurnResult, clinics: int) -> TurnResult:
    """A fan-out turn only counts when it asked as many clinics as it should, all successfully."""
    ended = [d for d in result.of_type("dispatch") if d.get("status") != "start"]
    if result.ok and (len(ended) != clinics or any(d.get("status") != "ok" for d in ended)):
        result.ok, result.failure = False, f"expected {clinics} successful calls, got {ended}"
    return result


def _run_threads(targets: list) -> None:
    threads = [threading.Thread(target=t, daemon=True) for t in targets]
    for thread in threads:
        thread.start()
    _join(threads, 120)


def _join(threads: list[threading.Thread], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
