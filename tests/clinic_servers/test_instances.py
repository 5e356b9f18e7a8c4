"""Two server instances of one clinic (standing in for two hosts) on one PostgreSQL database."""
from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
import requests

from clinic_servers.launcher import ClinicFleet
from tests.clinic_servers.test_concurrency import DOCTOR, book, free_slots
from tests.support import call_tool, clinic_env, free_port, make_cpf

CLINIC = "clinic_b"


@pytest.fixture
def instances(postgres, tmp_path):
    """Two gunicorn processes serving clinic_b from one fresh database, each with its own var/."""
    url = postgres.new_database()
    fleets = []
    for name in ("host-one", "host-two"):
        env = clinic_env(tmp_path / name) | {"PATH": os.environ["PATH"], "CLINIC_B_DATABASE_URL": url}
        fleets.append(ClinicFleet(env, ports={CLINIC: free_port()}, workers=1))
    try:
        for fleet in fleets:
            fleet.start(CLINIC)
        for fleet in fleets:
            fleet.wait_ready()
        yield fleets, url
    finally:
        for fleet in fleets:
            fleet.stop()


def booked_in_database(url: str, cpf: str | None = None) -> list[tuple]:
    with psycopg.connect(url) as conn:
        sql = "SELECT doctor, date, time, cpf FROM slots WHERE available = 0"
        rows = conn.execute(sql + (" AND cpf = %s" if cpf else ""), (cpf,) if cpf else ()).fetchall()
    return sorted(rows)


def test_fifty_bookings_of_one_slot_across_two_instances_confirm_exactly_one(instances):
    (one, two), url = instances
    urls = [one.url(CLINIC), two.url(CLINIC)]
    assert free_slots(urls[0]) == free_slots(urls[1])
    slot, cpfs, barrier = free_slots(urls[0])[0], [make_cpf(n) for n in range(50)], threading.Barrier(50)
    with ThreadPoolExecutor(50) as pool:
        replies = list(pool.map(lambda n: book(urls[n % 2], slot, cpfs[n], barrier), range(50)))
    results = [r.json()["result"]["structuredContent"] for r in replies]
    outcomes = [r.get("status") or r["error"]["code"] for r in results]
    assert (outcomes.count("confirmed"), outcomes.count("slot_taken")) == (1, 49), outcomes
    winner = cpfs[outcomes.index("confirmed")]
    holder = [row for row in booked_in_database(url) if (row[0], row[1], row[2]) == (DOCTOR, *slot)]
    assert holder == [(DOCTOR, *slot, digits(winner))]
    assert slot not in free_slots(urls[0]) and slot not in free_slots(urls[1])


def test_an_instance_killed_mid_race_loses_no_confirmed_booking(instances):
    """Eight patients race for the same slots, half through each instance; one instance is killed -9 midway."""
    (one, two), url = instances
    slots, confirmed, killed, codes = free_slots(one.url(CLINIC))[:24], [], threading.Event(), {}
    cpfs = [make_cpf(900 + n) for n in range(8)]

    def race(n):
        fleet = one if n % 2 == 0 else two
        for slot in slots:
            try:
                reply = book(fleet.url(CLINIC), slot, cpfs[n])
            except requests.RequestException:
                return  # the killed instance: its in-flight booking was never confirmed
            if not reply.json()["result"]["isError"]:
                confirmed.append((*slot, digits(cpfs[n])))
                codes.setdefault(cpfs[n], []).append(
                    reply.json()["result"]["structuredContent"]["appointment"]["booking_code"])
            if len(confirmed) >= 6 and not killed.is_set():
                killed.set()
                os.killpg(one.processes[CLINIC].pid, signal.SIGKILL)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(race, range(8)))
    one.processes[CLINIC].wait()
    assert killed.is_set() and len(confirmed) > 6
    assert len({(day, time) for day, time, _ in confirmed}) == len(confirmed)  # never two winners of one slot
    held = {(day, time, cpf) for _, day, time, cpf in booked_in_database(url) if cpf in map(digits, cpfs)}
    assert set(confirmed) <= held
    for cpf in cpfs:  # the surviving instance reports exactly what the database holds
        listed = call_tool(two.url(CLINIC), "list_my_appointments", {
            "cpf": cpf, "patient_name": f"Paciente {cpf[:3]}", "booking_codes": codes.get(cpf, [])})
        assert {(a["date"], a["time"], digits(cpf)) for a in listed["structuredContent"]["appointments"]} == \
            {booking for booking in held if booking[2] == digits(cpf)}


def digits(cpf: str) -> str:
    return "".join(c for c in cpf if c.isdigit())
