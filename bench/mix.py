"""The realistic mix: patients who mostly look, sometimes book, now and then cancel or move, under the
shipped rate limits.

A visit is 20 turns: 14 listings (70%), 3 bookings (15%), a cancel or a reschedule of the visit's
first booking with the "sim" that confirms it (2 turns, 10%: the assistant asks before it writes, so
the write happens on the second turn and is judged there), and one "my appointments" (5%). A booking
the assistant holds back (it overlaps another appointment) is confirmed with "sim" too. Visits
alternate between cancelling and moving. Each visit is a new patient (identity, session,
connection) with its own client address (X-Forwarded-For through the trusted-proxy setting), so
neither the per-session message limit nor any per-address limit is lifted. Slots come from a shared
pool so no two visits want the same one; at the end of a visit its bookings are released straight in
the clinics' stores (setup, not measured) and its slots go back to the pool.
"""
from __future__ import annotations

import itertools
import sqlite3
import threading
import time
from collections import defaultdict
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from .client import TurnResult, WebClient
from .serve_load import address
from .workload import LISTINGS, SIX_CLINICS, Slot, patient

KINDS = ("listing", "booking", "booking confirmation", "cancel", "cancel confirmation", "reschedule",
         "reschedule confirmation", "my appointments")
_visits = itertools.count(50_000)  # identities apart from the other scenarios' (CPF bases stay 9 digits)
_visits_lock = threading.Lock()


class SlotPool:
    """Free slots by doctor, handed out so that no two visits book the same one."""

    def __init__(self, slots: list[Slot]):
        self._lock = threading.Lock()
        self._by_doctor: dict[tuple[str, str], list[Slot]] = defaultdict(list)
        for slot in slots:
            self._by_doctor[(slot.clinic, slot.doctor)].append(slot)

    def take(self, count: int) -> list[Slot] | None:
        """`count` slots of one doctor, or None when no doctor has that many left."""
        with self._lock:
            for free in sorted(self._by_doctor.values(), key=len, reverse=True):
                if len(free) >= count:
                    return [free.pop() for _ in range(count)]
        return None

    def give_back(self, slots: list[Slot]) -> None:
        """Slots free again in the stores."""
        with self._lock:
            for slot in slots:
                self._by_doctor[(slot.clinic, slot.doctor)].append(slot)


@dataclass
class MixTimings:
    """Per kind of turn: latencies (ms) of good turns, first-stage and first-text times, failures."""
    total_ms: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    first_stage_ms: list[float] = field(default_factory=list)
    first_text_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(self, kind: str, failure: str) -> None:
        """A failure outside any turn (a refused session)."""
        with self.lock:
            self.failures.append(f"{kind}: {failure}")

    def add(self, kind: str, result: TurnResult) -> None:
        with self.lock:
            if not result.ok:
                self.failures.append(f"{kind}: {result.failure or 'failed'}")
                return
            self.total_ms[kind].append(result.total_s * 1000)
            if result.first_stage_s is not None:
                self.first_stage_ms.append(result.first_stage_s * 1000)
            if result.first_answer_text_s is not None:
                self.first_text_ms.append(result.first_answer_text_s * 1000)

    @property
    def turns(self) -> int:
        """Good turns of every kind."""
        return sum(len(v) for v in self.total_ms.values())


def visit(port: int, pool: SlotPool, clinic_var: Path, timings: MixTimings) -> bool:
    """One patient's whole 20-turn visit (so the mix holds); False when the pool ran dry (no visit made)."""
    slots = pool.take(2), pool.take(1), pool.take(1)
    if any(s is None for s in slots):
        pool.give_back([slot for group in slots if group for slot in group])
        return False
    (first, moved_to), (second,), (third,) = slots
    with _visits_lock:
        n = next(_visits)
    client = WebClient("127.0.0.1", port, address=address(n))
    try:
        client.open_session(*patient(n))
        for kind, message, status in _script(n % 2 == 0, first, moved_to, second, third):
            _turn(client, kind, message, status, timings)
    except RuntimeError as e:  # the app refused the session: an error of the run like any failed turn
        timings.fail("session", str(e))
    finally:
        client.close()
        _release(clinic_var, client.cpf, [first, moved_to, second, third])
        pool.give_back([first, moved_to, second, third])
    return True


def _script(cancels: bool, first: Slot, moved_to: Slot, second: Slot, third: Slot):
    """(kind, message, status the answer must report) for each request of the visit, in order."""
    listings = itertools.cycle(LISTINGS)
    change = ("cancel", first.cancellation(), "cancelled") if cancels else \
        ("reschedule", moved_to.move_here(), "rescheduled")
    plan = ["L", "L", ("booking", first), "L", "L", "L", change, "L", "L", "M", "L",
            ("booking", second), "L", "L", "L", ("booking", third), "L", "L", "L"]
    for step in plan:
        if step == "L":
            yield "listing", next(listings), None
        elif step == "M":
            yield "my appointments", SIX_CLINICS, None
        elif step[0] == "booking":
            yield "booking", step[1].booking(), "confirmed"
        else:
            yield step


def _turn(client: WebClient, kind: str, message: str, status: str | None, timings: MixTimings) -> None:
    """One request, and the "sim" that confirms it when the assistant asks (always for a cancel or a move;
    for a booking when it overlaps another appointment); the write is judged on the turn that makes it."""
    result = client.turn(message)
    if kind in ("cancel", "reschedule") and result.ok and not result.answer.get("confirm"):
        result.ok, result.failure = False, "no confirmation asked"
    if result.ok and (result.answer.get("confirm") or (kind == "booking" and _held_back(result))):
        timings.add(kind, result)
        kind, result = f"{kind} confirmation", client.turn("sim")
    if status and result.ok and not any(a.get("status") == status for a in result.answer.get("appointments", [])):
        result.ok, result.failure = False, f"no {status} appointment in the answer"
    timings.add(kind, result)


def _held_back(result: TurnResult) -> bool:
    """A booking turn that asked the patient instead of booking (it overlaps another appointment)."""
    return not result.of_type("dispatch") and not result.answer.get("appointments")


def _release(clinic_var: Path, cpf: str | None, slots: list[Slot]) -> None:
    """Free whatever this visit's patient still holds (setup between visits, not a measured turn)."""
    digits = "".join(c for c in cpf or "" if c.isdigit())
    for clinic in {slot.clinic for slot in slots}:
        with closing(sqlite3.connect(clinic_var / f"{clinic}.sqlite3", timeout=10, isolation_level=None)) as db:
            db.execute("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL, "
                       "booking_code = NULL "
                       "WHERE cpf = ?", (digits,))


def run_mix(port: int, sessions: int, duration_s: float, pool: SlotPool, clinic_var: Path) -> tuple[MixTimings, float, int]:
    """`sessions` visits at a time, new ones started for `duration_s`: (timings, elapsed seconds, visits made).

    Visits under way at the deadline are finished, and the elapsed time includes them.
    """
    timings, made, lock = MixTimings(), [0], threading.Lock()
    deadline = time.monotonic() + duration_s

    def worker(offset: int) -> None:
        while time.monotonic() < deadline:
            if not visit(port, pool, clinic_var, timings):
                time.sleep(0.01)
                continue
            with lock:
                made[0] += 1

    began = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(duration_s + 60)
    return timings, time.perf_counter() - began, made[0]
