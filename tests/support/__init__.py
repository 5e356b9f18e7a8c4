"""Helpers the suites share. Here: free ports, JSON-RPC calls, clinic fleets on ephemeral ports; beside it the
throwaway PostgreSQL cluster, the seventh clinic and the inventory of the docs' generated blocks."""
from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

import requests

CLINIC_TODAY = "2026-11-23"  # a Monday
PATIENT_TOKEN = "test-patient-token"
STAFF_TOKEN = "test-staff-token"
ANA_CPF = "390.533.447-05"
BRUNO_CPF = "111.444.777-35"


def free_port() -> int:
    """A TCP port that is free right now on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clinic_env(var_dir) -> dict[str, str]:
    """The environment of test clinics: fixed today, known tokens, a private var/."""
    return {"CLINIC_TODAY": CLINIC_TODAY, "CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_STAFF_TOKEN": STAFF_TOKEN,
            "VAR_DIR": str(var_dir)}


def rpc(url: str, method: str, params: dict | None = None, token: str = PATIENT_TOKEN,
        request_id: Any = 1, **kwargs) -> requests.Response:
    """POST one JSON-RPC request to a clinic."""
    body = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        body["params"] = params
    headers = {"Authorization": f"Bearer {token}", **kwargs.pop("headers", {})}
    return requests.post(url, json=body, headers=headers, timeout=10, **kwargs)


def call_tool(url: str, name: str, arguments: dict, token: str = PATIENT_TOKEN) -> dict:
    """Call a tool and return the JSON-RPC `result` (content, structuredContent, isError)."""
    reply = rpc(url, "tools/call", {"name": name, "arguments": arguments}, token=token)
    assert reply.status_code == 200, reply.text
    return reply.json()["result"]


def make_cpf(n: int) -> str:
    """The n-th of a family of valid, distinct test CPFs."""
    from clinic_servers.contract.cpf import _check_digit, format_cpf
    base = f"{200_000_000 + n * 7919:09d}"
    digits = base + _check_digit(base)
    return format_cpf(digits + _check_digit(digits))


def single_clinic(clinic_id: str, var_dir, workers: int = 1):
    """Start one clinic (gunicorn with `workers` processes) on a free port; the caller stops it."""
    from clinic_servers.launcher import ClinicFleet
    fleet = ClinicFleet(clinic_env(var_dir) | {"PATH": __import__("os").environ["PATH"]},
                        ports={clinic_id: free_port()}, workers=workers)
    fleet.start(clinic_id)
    fleet.wait_ready()
    return fleet


def clinic_on_day(clinic_id: str, var_dir, today: str, **env: str):
    """One clinic process on its store in `var_dir`, its clock on `today` ("" for the real date), started and ready.

    Restarted on the same store with a later `today`, its appointments are past: how erasure and retention are
    tried against a real process."""
    from clinic_servers.launcher import ClinicFleet
    fleet = ClinicFleet(clinic_env(var_dir) | {"PATH": os.environ["PATH"], "CLINIC_TODAY": today, **env},
                        ports={clinic_id: free_port()})
    fleet.start(clinic_id)
    fleet.wait_ready()
    return fleet


def store_rows(var_dir, clinic_id: str, sql: str, *args) -> list[tuple]:
    """A read-only query of a clinic's SQLite store."""
    with sqlite3.connect(f"file:{var_dir / f'{clinic_id}.sqlite3'}?mode=ro", uri=True) as db:
        return db.execute(sql, args).fetchall()


def agent_settings(urls: dict[str, str], var_dir, **overrides):
    """Orchestrator settings for tests: given clinic URLs, the test token, CLINIC_TODAY fixed.

    The LLM's triage check is off unless asked for: tests of the other stages script their LLM
    replies one by one; tests/agent_system/triage/test_triage_llm.py covers the check itself.
    """
    from datetime import date

    from agent_system.settings import AgentSettings
    from clinic_servers.contract.clock import Clock
    overrides.setdefault("triage_llm_check", False)
    return AgentSettings(clinic_urls=urls, clinic_token=PATIENT_TOKEN, clock=Clock(date.fromisoformat(CLINIC_TODAY)),
                         var_dir=var_dir, **overrides)


def run_turn(pipeline, conversation, message: str):
    """Run one pipeline turn; returns (events, answer event)."""
    events = list(pipeline.run(conversation, message))
    answers = [e for e in events if e.type == "answer"]
    assert len(answers) == 1, [e.type for e in events]
    return events, answers[0]


def moved_with_a_yes(pipeline, clinics, conversation, turns: list[str], change: str, yes: str):
    """Run the earlier turns and the change; return (the change's answer, the stores before and after the yes)."""
    for turn in turns:
        run_turn(pipeline, conversation, turn)
    _, asked = run_turn(pipeline, conversation, change)
    before = all_store_bookings(clinics, conversation.patient.cpf)
    run_turn(pipeline, conversation, yes)
    return asked, before, all_store_bookings(clinics, conversation.patient.cpf)


def store_bookings(fleet, clinic_id: str, cpf: str) -> list[tuple[str, str, str, str]]:
    """A CPF's bookings as the clinic's SQLite store holds them: (clinic, doctor, date, time), sorted."""
    import sqlite3
    from pathlib import Path
    digits = "".join(c for c in cpf if c.isdigit())
    path = Path(fleet.env["VAR_DIR"]) / f"{clinic_id}.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT doctor, date, time FROM slots WHERE cpf = ? ORDER BY date, time", (digits,))
        return [(clinic_id, *row) for row in rows]


def all_store_bookings(fleet, cpf: str) -> list[tuple[str, str, str, str]]:
    """A CPF's bookings in every clinic's store."""
    return sorted(b for clinic_id in fleet.ports for b in store_bookings(fleet, clinic_id, cpf))


@contextmanager
def served(app, request_handler=None) -> Iterator[str]:
    """A WSGI app over real HTTP (threaded werkzeug) on an ephemeral port; yields its base URL."""
    from werkzeug.serving import make_server
    options = {"request_handler": request_handler} if request_handler else {}
    server = make_server("127.0.0.1", 0, app, threaded=True, **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def wait_for_redis(url: str, timeout_s: float = 10) -> None:
    """Block until a redis-server just started answers PING at `url`."""
    import redis
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            redis.Redis.from_url(url).ping()
            return
        except redis.ConnectionError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)


def wait_for(url: str, process: subprocess.Popen, timeout_s: float = 60) -> requests.Response:
    """The first answer from `url`, while `process` is alive (its first request may be slow: a booting worker)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return requests.get(url, timeout=10)
        except requests.RequestException:
            assert process.poll() is None, "the web app exited"
            assert time.monotonic() < deadline, "the web app did not start"
            time.sleep(0.2)


def page_codes(*conversations) -> dict[str, list[str]]:
    """The booking codes a page holds after these conversations, by clinic: what it sends with a new session."""
    held: dict[str, list[str]] = {}
    for conversation in conversations:
        for key, code in conversation.codes.items():
            held.setdefault(key.split("|", 1)[0], []).append(code)
    return held


def give_back(fleet, conversation) -> None:
    """Cancel every booking a test's conversation made: the clinics serve the whole test session."""
    for key, code in conversation.codes.items():
        clinic, doctor, day, time_ = key.split("|")
        freed = call_tool(fleet.url(clinic), "cancel_appointment", {
            "doctor": doctor, "date": day, "time": time_, "patient_name": conversation.patient.name,
            "cpf": conversation.patient.cpf, "booking_code": code})
        assert freed["isError"] is False, freed
