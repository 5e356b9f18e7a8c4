"""The router's HTTP client on the listing turn: its own HTTP/1.1 pool against a `requests` Session per clinic.

    .venv/bin/python bench/router_http.py                 # 5 rounds x 100 turns per client, alternating
    .venv/bin/python bench/router_http.py --rounds 3 --turns 50

The six clinics run as in the benchmark (their own gunicorn processes); the pipeline runs in this
process, rules path, each turn a fresh conversation asking for a specialty ("cardiologia": two
clinics listed in parallel) or a doctor (one clinic). Only the router's HTTP client differs between
the two runs. Printed per client: the turn's wall time (median, p90) and this process's CPU per turn.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from datetime import date
from http.cookiejar import DefaultCookiePolicy
from pathlib import Path
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

if __package__ in (None, ""):  # `python bench/router_http.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent_system.assembly import build_pipeline  # noqa: E402
from agent_system.dispatch.clinic_http import ClinicHTTP  # noqa: E402
from agent_system.dispatch.router import Router  # noqa: E402
from agent_system.sessions.conversation import Conversation  # noqa: E402
from agent_system.domain.patient import Patient  # noqa: E402
from agent_system.settings import AgentSettings  # noqa: E402
from bench.system import TODAY, TOKEN, Layout, start_clinics  # noqa: E402
from bench.workload import ONE_CLINIC, TWO_CLINICS  # noqa: E402
from clinic_servers.contract.clock import Clock  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402

PATIENT = Patient(name="Bianca Prado", cpf="39053344705")


class RequestsHTTP:
    """A pooled `requests` Session per clinic, environment reading, redirects and cookies off."""

    def __init__(self) -> None:
        self._sessions: dict[str, requests.Session] = {}
        self._lock = threading.Lock()

    def post(self, url: str, body: bytes, headers: dict[str, str], timeout_s: float) -> tuple[int, bytes]:
        """(status, body) of one POST through the clinic's Session."""
        try:
            reply = self._session(url).post(url, data=body, headers=headers, timeout=timeout_s,
                                            allow_redirects=False)
            return reply.status_code, reply.content
        except requests.Timeout as e:
            raise TimeoutError(url) from e
        except requests.RequestException as e:
            raise ConnectionError(url) from e

    def close(self) -> None:
        """Close every Session."""
        for session in self._sessions.values():
            session.close()

    def _session(self, url: str) -> requests.Session:
        origin = urlsplit(url).netloc
        with self._lock:
            if origin not in self._sessions:
                session = requests.Session()
                session.trust_env = False
                session.cookies.set_policy(DefaultCookiePolicy(allowed_domains=[]))
                session.mount("http://", HTTPAdapter(pool_connections=1, pool_maxsize=32, max_retries=0))
                self._sessions[origin] = session
            return self._sessions[origin]


def main(argv: list[str] | None = None) -> int:
    """Run alternating rounds of listing turns with each client and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, default=100)
    options = parser.parse_args(argv)
    registry = ClinicRegistry.load()
    with tempfile.TemporaryDirectory(prefix="router-http-") as var_dir:
        fleet = start_clinics(registry, Path(var_dir) / "clinics", Layout(clinic_workers=1))
        try:
            urls = {cid: fleet.url(cid) for cid in fleet.ports}
            settings = AgentSettings(clinic_urls=urls, clinic_token=TOKEN, clock=Clock(date.fromisoformat(TODAY)),
                                     var_dir=Path(var_dir) / "web", triage_llm_check=False)
            pipeline = build_pipeline(settings, registry)
            figures = _measure(pipeline, settings, options.rounds, options.turns)
        finally:
            fleet.stop()
    _report(figures, options.rounds * options.turns)
    return 0


def _measure(pipeline, settings: AgentSettings, rounds: int, turns: int) -> dict:
    clients = {"requests (Session per clinic)": RequestsHTTP, "the router's own (ClinicHTTP)": ClinicHTTP}
    figures = {(name, message): ([], 0.0) for name in clients for message in (TWO_CLINICS, ONE_CLINIC)}
    for _ in range(rounds):
        for name, client in clients.items():
            pipeline.router = Router(settings.clinic_urls, settings.clinic_token, settings.dispatch_timeout_s,
                                     http=client())
            for message in (TWO_CLINICS, ONE_CLINIC):
                _turns(pipeline, message, 10)  # warm the connections
                walls, cpu = figures[(name, message)]
                figures[(name, message)] = (walls, cpu + _turns(pipeline, message, turns, walls))
            pipeline.router.close()
    return figures


def _turns(pipeline, message: str, count: int, walls: list[float] | None = None) -> float:
    """Run `count` turns; appends each one's wall ms to `walls`; returns the CPU seconds they took."""
    cpu_start = time.process_time()
    for _ in range(count):
        started = time.perf_counter()
        events = list(pipeline.run(Conversation(patient=PATIENT), message))
        assert events[-1].type == "done" and any(e.type == "answer" and e.slots for e in events)
        if walls is not None:
            walls.append((time.perf_counter() - started) * 1000)
    return time.process_time() - cpu_start


def _report(figures: dict, turns: int) -> None:
    print(f"{'client':32} {'turn':34} {'median ms':>10} {'p90 ms':>8} {'CPU ms/turn':>12}")
    for (name, message), (walls, cpu) in figures.items():
        p90 = statistics.quantiles(walls, n=10)[-1]
        print(f"{name:32} {message!r:34} {statistics.median(walls):10.2f} {p90:8.2f} {cpu * 1000 / turns:12.2f}")


if __name__ == "__main__":
    sys.exit(main())
