"""Two web instances (two hosts behind a load balancer) sharing one Redis: a session continues on either."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.support import CLINIC_TODAY, PATIENT_TOKEN, free_port, make_cpf, store_bookings
from tests.web.test_sessions import redis_url  # noqa: F401 (the real redis-server fixture)

ROOT = Path(__file__).resolve().parent.parent.parent


def start_instance(clinics, redis: str, var_dir: Path) -> tuple[subprocess.Popen, str]:
    """`gunicorn 'web_app:create_app()'` with its own var/ and the shared Redis; (process, base URL)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_URL": clinics.url(cid) for cid in clinics.ports}
    env |= {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "VAR_DIR": str(var_dir), "REDIS_URL": redis}
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "1", "-k", "gthread", "--threads", "4",
                               "--no-control-socket", "-b", f"127.0.0.1:{port}", "web_app:create_app()"],
                              env=env, cwd=ROOT)
    deadline = time.monotonic() + 20
    while True:
        try:
            requests.get(f"http://127.0.0.1:{port}/api/health", timeout=5)
            return server, f"http://127.0.0.1:{port}"
        except requests.RequestException:
            assert time.monotonic() < deadline and server.poll() is None, "gunicorn did not start"
            time.sleep(0.1)


@pytest.fixture
def two_instances(clinics, redis_url, tmp_path):  # noqa: F811
    started = [start_instance(clinics, redis_url, tmp_path / name) for name in ("web-one", "web-two")]
    yield [base for _, base in started]
    for server, _ in started:
        server.terminate()
        server.wait(timeout=20)


def says(base: str, session_id: str, message: str) -> dict:
    reply = requests.post(f"{base}/api/chat", json={"session_id": session_id, "message": message},
                          headers={"Accept": "application/json"}, timeout=30)
    assert reply.status_code == 200, reply.text
    return reply.json()


def answer_of(reply: dict) -> dict:
    return next(e for e in reply["events"] if e["type"] == "answer")


def test_a_session_opened_on_one_instance_continues_on_the_other(two_instances, clinics):
    one, two = two_instances
    cpf = make_cpf(7301)
    session_id = requests.post(f"{one}/api/session", json={"name": "Ana Paula Teixeira", "cpf": cpf},
                               timeout=10).json()["session_id"]
    first = answer_of(says(one, session_id, "Quero consulta com Dr. Ricardo Lopes"))["slots"][0]
    # The other instance knows the listing shown by the first: "o primeiro" is that slot.
    answer = answer_of(says(two, session_id, "Quero agendar o primeiro"))
    assert [(a["date"], a["time"], a["status"]) for a in answer["appointments"]] == \
        [(first["date"], first["time"], "confirmed")]
    assert store_bookings(clinics, "clinic_a", cpf) == [("clinic_a", "Dr. Ricardo Lopes", first["date"], first["time"])]
    for base in (one, two):
        history = requests.get(f"{base}/api/session", headers={"X-Session-Id": session_id}, timeout=10).json()
        assert [t["text"] for t in history["history"] if t["role"] == "user"] == \
            ["Quero consulta com Dr. Ricardo Lopes", "Quero agendar o primeiro"]
