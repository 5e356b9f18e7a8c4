"""`/api/health` has its own threads, connections and short timeout, and caches its answer briefly."""
from __future__ import annotations

import signal
import threading
import time

import requests

from agent_system.dispatch.health import CACHE_S
from tests.faults.conftest import chat_client, signal_group
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import served

STUCK_TURNS = 34  # more than the router's parallel calls, so chat calls queue behind the frozen clinic


class CountingProxy(ClinicProxy):
    """Forwards to the clinic and counts the calls."""

    calls = 0

    def forward(self, body: bytes, headers: dict) -> tuple[int, bytes]:
        self.calls += 1
        return super().forward(body, headers)


def test_health_answers_while_chat_turns_are_stuck_on_a_frozen_clinic(own_clinic, clinic_urls, app_for):
    clinic_e = own_clinic("clinic_e")
    app = app_for(clinic_urls | {"clinic_e": clinic_e.url("clinic_e")}, dispatch_timeout_s=20.0)
    signal_group(clinic_e.processes["clinic_e"], signal.SIGSTOP)
    with served(app) as base:
        clients = [chat_client(base) for _ in range(STUCK_TURNS)]
        turns = [threading.Thread(target=c.turn, args=("horários de ortopedia",)) for c in clients]
        for turn in turns:
            turn.start()
        time.sleep(1.0)  # every turn is now waiting on Clínica E
        try:
            health = requests.get(f"{base}/api/health", timeout=3).json()
        finally:
            signal_group(clinic_e.processes["clinic_e"], signal.SIGCONT)
            for turn in turns:
                turn.join(60)
    assert health["clinics"]["clinic_e"] == "down" and health["clinics"]["clinic_d"] == "up"
    assert health["status"] == "degraded"


def test_health_pings_each_clinic_at_most_once_per_cache_period(clinic_urls, app_for):
    proxy = CountingProxy(clinic_urls["clinic_a"])
    try:
        with served(app_for(clinic_urls | {"clinic_a": proxy.url})) as base:
            polls = [requests.get(f"{base}/api/health", timeout=5).json() for _ in range(5)]
            assert proxy.calls == 1
            time.sleep(CACHE_S + 0.2)
            requests.get(f"{base}/api/health", timeout=5)
            assert proxy.calls == 2
    finally:
        proxy.stop()
    assert {p["clinics"]["clinic_a"] for p in polls} == {"up"}
