"""What one clinic call costs before any clinic work: the HTTP hop the federation makes on every call.

Every clinic call of a turn is an HTTP/1.1 request from the router (the product's `ClinicHTTP`, one
kept-alive connection) to a gunicorn process. This section times, one call at a time, the same hop
against three servers started the way the clinics are (`clinic_servers.launcher.gunicorn_command`):
an empty WSGI app (gunicorn alone), a clinic's `ping` (plus Flask, the bearer check and JSON-RPC)
and a clinic's listing of its two weeks (plus the tool, the store and the result's encoding). Server
CPU is the gunicorn process tree's user+system time; client CPU is this process's.
"""
from __future__ import annotations

import json
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from agent_system.dispatch.clinic_http import ClinicHTTP
from bench.memory import tree_cpu_s
from bench.system import TOKEN, free_port
from clinic_servers.launcher import gunicorn_command

ROOT = Path(__file__).resolve().parent.parent
_EMPTY_REPLY = b'{"jsonrpc": "2.0", "id": 1, "result": {}}'


def empty_app(environ, start_response):
    """A WSGI app that reads the request and answers an empty JSON-RPC result: gunicorn's own cost."""
    environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(_EMPTY_REPLY)))])
    return [_EMPTY_REPLY]


@dataclass(frozen=True)
class HopCost:
    """CPU and time of one call, averaged over a serial run."""
    server_cpu_ms: float
    client_cpu_ms: float
    wall_ms: float


def measure(clinic_url: str, clinic_pid: int, workers: int, calls: int) -> dict[str, HopCost]:
    """The three hops: an empty app in the clinics' gunicorn layout, a clinic's ping, a clinic's listing."""
    port = free_port()
    empty = subprocess.Popen(gunicorn_command("bench.floor:empty_app", "127.0.0.1", port, workers), cwd=ROOT,
                             start_new_session=True)
    try:
        costs = {"empty WSGI app (gunicorn alone)": _hop(f"http://127.0.0.1:{port}/mcp", empty.pid, "ping", calls)}
    finally:
        empty.terminate()
        empty.wait(10)
    costs["clinic ping (Flask, token check, JSON-RPC)"] = _hop(clinic_url, clinic_pid, "ping", calls)
    costs["clinic listing (two weeks of one clinic)"] = _hop(clinic_url, clinic_pid, "list", calls)
    return costs


def _hop(url: str, server_pid: int, kind: str, calls: int) -> HopCost:
    http = ClinicHTTP()
    message = {"jsonrpc": "2.0", "id": 1, "method": "ping"} if kind == "ping" else {
        "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_available_slots", "arguments": {}}}
    body = json.dumps(message).encode()
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json",
               "Accept": "application/json, text/event-stream"}
    _wait_answer(http, url, body, headers)
    for _ in range(max(calls // 10, 20)):  # warm-up: connection, imports, caches
        http.post(url, body, headers, 5.0)
    server, client, wall = tree_cpu_s(server_pid), time.process_time(), time.perf_counter()
    for _ in range(calls):
        status, _ = http.post(url, body, headers, 5.0)
        if status != 200:
            raise RuntimeError(f"{url} answered {status}")
    per_call = 1000 / calls
    cost = HopCost((tree_cpu_s(server_pid) - server) * per_call, (time.process_time() - client) * per_call,
                   (time.perf_counter() - wall) * per_call)
    http.close()
    return cost


def _wait_answer(http: ClinicHTTP, url: str, body: bytes, headers: dict[str, str]) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            http.post(url, body, headers, 1.0)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
