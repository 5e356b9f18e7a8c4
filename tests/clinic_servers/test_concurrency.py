"""Booking races across gunicorn worker processes, and a clinic killed in the middle of a burst."""
from __future__ import annotations

import os
import signal
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

import requests

from tests.support import PATIENT_TOKEN, call_tool, make_cpf, single_clinic

DOCTOR = "Dr. Paulo Henrique Lima"


def book(url, slot, cpf, barrier=None):
    if barrier:
        barrier.wait()
    body = {"jsonrpc": "2.0", "id": cpf, "method": "tools/call", "params": {"name": "book_appointment", "arguments": {
        "doctor": DOCTOR, "date": slot[0], "time": slot[1], "patient_name": f"Paciente {cpf[:3]}", "cpf": cpf}}}
    return requests.post(url, json=body, headers={"Authorization": f"Bearer {PATIENT_TOKEN}"}, timeout=30)


def free_slots(url):
    listing = call_tool(url, "list_available_slots", {"doctor": DOCTOR})["structuredContent"]["available_slots"]
    return [(s["date"], s["time"]) for s in listing]


def test_fifty_concurrent_bookings_of_one_slot_confirm_exactly_one(tmp_path):
    fleet = single_clinic("clinic_b", tmp_path, workers=4)
    try:
        url, slot = fleet.url("clinic_b"), free_slots(fleet.url("clinic_b"))[0]
        barrier = threading.Barrier(50)
        with ThreadPoolExecutor(50) as pool:
            replies = list(pool.map(lambda n: book(url, slot, make_cpf(n), barrier), range(50)))
    finally:
        fleet.stop()
    assert [r.status_code for r in replies] == [200] * 50
    outcomes = [r.json()["result"]["structuredContent"].get("status") or
                r.json()["result"]["structuredContent"]["error"]["code"] for r in replies]
    assert (outcomes.count("confirmed"), outcomes.count("slot_taken")) == (1, 49)
    with sqlite3.connect(tmp_path / "clinic_b.sqlite3") as db:
        booked = db.execute("SELECT count(*) FROM slots WHERE doctor = ? AND date = ? AND time = ? AND available = 0",
                            (DOCTOR, *slot)).fetchone()[0]
    assert booked == 1


def test_a_clinic_killed_mid_burst_keeps_every_confirmed_booking(tmp_path):
    fleet = single_clinic("clinic_b", tmp_path, workers=2)
    url = fleet.url("clinic_b")
    slots, cpf, confirmed, codes = free_slots(url), make_cpf(999), [], []
    killed = threading.Event()

    def burst(chunk):
        for slot in chunk:
            try:
                reply = book(url, slot, cpf)
            except requests.RequestException:
                return
            if reply.ok and not reply.json()["result"]["isError"]:
                confirmed.append(slot)
                codes.append(reply.json()["result"]["structuredContent"]["appointment"]["booking_code"])
            if len(confirmed) >= 3 and not killed.is_set():
                killed.set()
                os.killpg(fleet.processes["clinic_b"].pid, signal.SIGKILL)

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(burst, [slots[i::4] for i in range(4)]))
    fleet.processes["clinic_b"].wait()
    assert killed.is_set() and len(confirmed) < len(slots)

    with sqlite3.connect(tmp_path / "clinic_b.sqlite3") as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    restarted = single_clinic("clinic_b", tmp_path)
    try:
        mine = call_tool(restarted.url("clinic_b"), "list_my_appointments",
                         {"cpf": cpf, "patient_name": f"Paciente {cpf[:3]}", "booking_codes": codes}
                         )["structuredContent"]
    finally:
        restarted.stop()
    assert set(confirmed) <= {(a["date"], a["time"]) for a in mine["appointments"]}
