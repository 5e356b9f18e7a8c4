"""The web process restarted mid-conversation (gracefully, or killed mid-turn): the session and its history survive.

The web app runs as in production (`gunicorn -k gthread 'web_app:create_app()'`, two workers) on a
private VAR_DIR; the restarted server reads the same session store.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

from agent_system.errors import ApiRefusal
from agent_system.terminal.client import ChatClient
from tests.faults.conftest import ANA, signal_group, slot_rows
from tests.support import CLINIC_TODAY, PATIENT_TOKEN, free_port

ROOT = Path(__file__).resolve().parent.parent.parent
START_TIMEOUT_S = 30


class WebServer:
    """One gunicorn web app process group; `restart()` starts a new one on the same port and store."""

    def __init__(self, clinic_urls: dict[str, str], var_dir: Path, timeout_s: float = 5.0):
        self.port, self.var_dir = free_port(), var_dir
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_"))}
        env |= {f"{cid.upper()}_URL": url for cid, url in clinic_urls.items()}
        self.env = env | {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "VAR_DIR": str(var_dir),
                          "CLINIC_TIMEOUT_S": str(timeout_s)}
        self.process = self._start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self, signum: int = signal.SIGTERM) -> None:
        """SIGTERM (graceful) or SIGKILL (a crash) to the master and its workers, then wait."""
        signal_group(self.process, signum)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            signal_group(self.process, signal.SIGKILL)
            self.process.wait(10)

    def restart(self, signum: int = signal.SIGTERM) -> None:
        self.stop(signum)
        self.process = self._start()

    def _start(self) -> subprocess.Popen:
        command = [sys.executable, "-m", "gunicorn", "-w", "2", "-k", "gthread", "--threads", "4",
                   "--no-control-socket", "--log-level", "warning", "-b", f"127.0.0.1:{self.port}",
                   "web_app:create_app()"]
        process = subprocess.Popen(command, env=self.env, cwd=ROOT, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                requests.get(f"{self.url}/api/health", timeout=10)
                return process
            except (requests.ConnectionError, requests.Timeout):  # not listening yet, or still booting
                assert process.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)


def user_texts(client: ChatClient) -> list[str]:
    return [t["text"] for t in client.history()["history"] if t["role"] == "user"]


def test_a_graceful_restart_keeps_the_session_its_history_and_its_state(clinic_urls, fleet_var, tmp_path):
    server = WebServer(clinic_urls, tmp_path / "web")
    try:
        client = ChatClient(server.url, timeout_s=60)
        client.open(*ANA)
        listing = next(e for e in client.turn("horários do Dr. Eduardo Nunes") if e.type == "answer")
        before = client.history()
        server.restart()
        # Same session id, new processes: the history is intact ...
        assert client.history() == before
        # ... and so is the state behind it: "o primeiro" still means the first slot listed before.
        booked = next(e for e in client.turn("quero o primeiro") if e.type == "answer")
        first = listing.slots[0]
        assert [(a.clinic, a.doctor, a.date, a.time, a.status) for a in booked.appointments] == [
            (first.clinic, first.doctor, first.date, first.time, "confirmed")]
        assert user_texts(client) == ["horários do Dr. Eduardo Nunes", "quero o primeiro"]
        client.turn(f"cancelar a consulta com {first.doctor} dia {first.date[8:]}/{first.date[5:7]} às {first.time}")
        client.turn("sim")
    finally:
        server.stop()
    assert (first.doctor, first.date, first.time, 1, None, None) in slot_rows(fleet_var, "clinic_f")


def test_a_crash_mid_turn_loses_only_the_unfinished_turn(own_clinic, clinic_urls, tmp_path):
    clinic_e = own_clinic("clinic_e")
    server = WebServer(clinic_urls | {"clinic_e": clinic_e.url("clinic_e")}, tmp_path / "web", timeout_s=30)
    try:
        client = ChatClient(server.url, timeout_s=60)
        client.open(*ANA)
        client.turn("horários de dermatologia")
        # Clínica E frozen: the next turn waits on it, and the web server is killed (SIGKILL) meanwhile.
        signal_group(clinic_e.processes["clinic_e"], signal.SIGSTOP)
        waiting = threading.Event()
        in_flight = threading.Thread(target=_turn_until_cut, args=(client, "horários de ortopedia", waiting))
        in_flight.start()
        assert waiting.wait(30)
        server.restart(signal.SIGKILL)
        in_flight.join(60)
        signal_group(clinic_e.processes["clinic_e"], signal.SIGCONT)
        # The finished turn survived, the unfinished one left no trace, and the session goes on.
        assert user_texts(client) == ["horários de dermatologia"]
        answer = next(e for e in client.turn("horários de ortopedia") if e.type == "answer")
        assert {s.clinic for s in answer.slots} == {"clinic_d", "clinic_e"}
        assert user_texts(client) == ["horários de dermatologia", "horários de ortopedia"]
    finally:
        server.stop()


def _turn_until_cut(client: ChatClient, message: str, waiting: threading.Event) -> None:
    """Chat until the server dies; `waiting` is set once the turn waits on Clínica E."""
    try:
        for event in client.chat(message):
            if event.type == "dispatch" and event.clinic == "clinic_e" and event.status == "start":
                waiting.set()
    except (requests.RequestException, ApiRefusal):
        pass  # the stream breaks with the server: expected
