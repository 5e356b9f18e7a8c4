"""Under gunicorn with two gthread workers, one session is one history whichever worker answers."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from tests.support import CLINIC_TODAY, PATIENT_TOKEN, free_port

ROOT = Path(__file__).resolve().parent.parent.parent


def start_web(clinics, tmp_path, port):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_"))}
    env |= {f"{cid.upper()}_URL": clinics.url(cid) for cid in clinics.ports}
    env |= {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "VAR_DIR": str(tmp_path)}
    log = tmp_path / "access.log"
    command = [sys.executable, "-m", "gunicorn", "-w", "2", "-k", "gthread", "--threads", "4", "--no-control-socket",
               "-b", f"127.0.0.1:{port}", "--access-logfile", str(log),
               "--access-logformat", "%(p)s %(m)s %(U)s %(s)s", "web_app:create_app()"]
    server = subprocess.Popen(command, env=env, cwd=ROOT)
    deadline = time.monotonic() + 20
    while True:
        try:
            requests.get(f"http://127.0.0.1:{port}/", timeout=5)
            return server, log
        except requests.RequestException:
            assert time.monotonic() < deadline and server.poll() is None, "gunicorn did not start"
            time.sleep(0.1)


def served_by(log: Path) -> list[tuple[str, str]]:
    """(worker pid, request line) for every logged request, in order."""
    lines = [line.split() for line in log.read_text().splitlines() if line.strip()]
    return [(parts[0].strip("<>"), f"{parts[1]} {parts[2]}") for parts in lines]


def test_two_workers_share_one_history(clinics, tmp_path):
    port = free_port()
    server, log = start_web(clinics, tmp_path, port)
    base = f"http://127.0.0.1:{port}"
    try:
        session_id = requests.post(f"{base}/api/session", timeout=10,
                                   json={"name": "Ana Paula Teixeira", "cpf": "390.533.447-05"}).json()["session_id"]
        messages = ["cardiologia", "dermatologia", "ortopedia", "oi", "minhas consultas", "clínica B"]
        for message in messages:
            # A new connection each time, so the kernel spreads requests over both workers.
            requests.post(f"{base}/api/chat", json={"session_id": session_id, "message": message},
                          headers={"Accept": "application/json", "Connection": "close"}, timeout=30)
        # Concurrent reads keep one worker busy, so the other one accepts connections too.
        histories = []
        for _ in range(10):
            with ThreadPoolExecutor(16) as pool:
                histories += pool.map(lambda _: requests.get(
                    f"{base}/api/session", headers={"X-Session-Id": session_id, "Connection": "close"},
                    timeout=10).json(), range(32))
            if len({pid for pid, line in served_by(log) if line.startswith("GET /api/session")}) == 2:
                break
    finally:
        server.terminate()
        server.wait(timeout=20)
    log_lines = served_by(log)
    writers = {pid for pid, line in log_lines if line.startswith("POST /api/chat")}
    readers = {pid for pid, line in log_lines if line.startswith("GET /api/session")}
    assert len(readers) == 2 and any(r != w for r in readers for w in writers), log_lines
    for history in histories:
        assert [t["text"] for t in history["history"] if t["role"] == "user"] == messages
