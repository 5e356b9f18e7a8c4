"""A turn in progress holds a place among its client's turns (STREAMS_PER_IP) and its session (one turn at a
time); both are given back whatever ends the turn's stream, under both servers the README runs.

Regression: under `python web_app.py`, clients that stopped reading as soon as `done` arrived left their
turns counted as in progress, until every turn from their address was refused with 429.
"""
from __future__ import annotations

import json
import os
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
import requests
from werkzeug.test import EnvironBuilder

from agent_system.domain.events import SessionEvent
from agent_system.web.dev_server import dev_server
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import ANA_CPF, CLINIC_TODAY, PATIENT_TOKEN, free_port, wait_for

ROOT = Path(__file__).resolve().parent.parent.parent
ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}
TURNS = 30
# The two commands of the README: development (werkzeug) and production (gunicorn with gevent workers).
SERVERS = {"werkzeug": [sys.executable, "web_app.py"],
           "gunicorn": [sys.executable, "-m", "gunicorn", "-c", "gunicorn_web.conf.py"]}


@contextmanager
def running(server: str, clinics, slow_clinic_b: str, var_dir: Path) -> Iterator[int]:
    """The README's command for `server`, on the test clinics (Clínica B behind a slow proxy), with two
    turns in progress allowed per address; yields its port."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_URL": clinics.url(cid) for cid in clinics.ports} | {"CLINIC_B_URL": slow_clinic_b}
    env |= {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "PORT": str(port), "VAR_DIR": str(var_dir),
            "ENV_FILE": str(var_dir / "no.env"), "STREAMS_PER_IP": "2", "MESSAGES_PER_MINUTE": "1000",
            "CHATS_PER_IP": "1000 per minute", "WEB_WORKERS": "1"}
    process = subprocess.Popen(SERVERS[server], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        wait_for(f"http://127.0.0.1:{port}/api/health", process)
        yield port
    finally:
        process.terminate()
        process.wait(30)


def send_chat(port: int, session_id: str, message: str) -> tuple[socket.socket, bytes]:
    """A raw chat request; returns the connection and what arrived up to the end of the response's head."""
    body = json.dumps({"session_id": session_id, "message": message}).encode()
    conn = socket.create_connection(("127.0.0.1", port), timeout=30)
    conn.sendall(b"POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    return conn, read_until(conn, b"\r\n\r\n")


def read_until(conn: socket.socket, mark: bytes, received: bytes = b"") -> bytes:
    while mark not in received:
        chunk = conn.recv(65536)
        assert chunk, received
        received += chunk
    return received


def turn_dropped_after_done(port: int, session_id: str, reset: bool) -> bytes:
    """One turn read up to its `done` event; then the client goes: a reset (a phone that locks), or a close."""
    conn, received = send_chat(port, session_id, "cardiologia")
    try:
        if received.startswith(b"HTTP/1.1 200"):
            received = read_until(conn, b"event: done", received)
        if reset:  # closed with data still unread, or with no linger: the server gets a reset, not an end
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    finally:
        conn.close()
    return received


def status_of(received: bytes) -> int:
    return int(received.split(b" ", 2)[1])


def held_sessions(var_dir: Path) -> int:
    """Sessions with a turn in progress, as the server's session store records them."""
    with sqlite3.connect(f"file:{var_dir / 'sessions.sqlite3'}?mode=ro", uri=True) as db:
        return db.execute("SELECT count(*) FROM turns_running").fetchone()[0]


@pytest.mark.parametrize("server", list(SERVERS))
def test_turns_dropped_right_after_done_are_no_longer_in_progress(server, clinics, tmp_path):
    slow_b = ClinicProxy(clinics.url("clinic_b"), delay_s=3.0)
    try:
        with running(server, clinics, slow_b.url, tmp_path) as port:
            base = f"http://127.0.0.1:{port}"
            sessions = [requests.post(f"{base}/api/session", json=ANA, timeout=10).json()["session_id"]
                        for _ in range(3)]
            turns = [turn_dropped_after_done(port, sessions[0], reset=n % 2 == 0) for n in range(TURNS)]
            assert [status_of(t) for t in turns] == [200] * TURNS, next(t for t in turns if status_of(t) != 200)
            # Both places of this address are free: two turns waiting on Clínica B run at once, a third waits.
            probes = [send_chat(port, session_id, "dermatologia") for session_id in sessions[1:]]
            assert [status_of(received) for _, received in probes] == [200, 200]
            third = requests.post(f"{base}/api/chat", json={"session_id": sessions[0], "message": "oi"}, timeout=10)
            assert third.status_code == 429 and "conversas demais abertas" in third.json()["error"]["message"]
            for conn, received in probes:
                read_until(conn, b"event: done", received)
                conn.close()
            assert held_sessions(tmp_path) == 0
            again = requests.post(f"{base}/api/chat", json={"session_id": sessions[0], "message": "oi"},
                                  headers={"Accept": "application/json"}, timeout=30)
            assert again.status_code == 200 and again.json()["answer"]
    finally:
        slow_b.stop()


def chat(client, session_id: str):
    return client.post("/api/chat", json={"session_id": session_id, "message": "cardiologia"})


def assert_nothing_held(app, session_id: str) -> None:
    app.extensions["turn_workers"].shutdown(wait=True)  # every turn's worker has ended
    assert app.extensions["stream_gate"].open_count("127.0.0.1") == 0
    assert app.extensions["sessions"].begin_turn(session_id) is True


def test_a_stream_closed_before_it_started_gives_back_its_place_and_its_session(app, client):
    session_id = client.post("/api/session", json=ANA).get_json()["session_id"]
    environ = EnvironBuilder(method="POST", path="/api/chat", json={"session_id": session_id, "message": "cardiologia"},
                             environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_environ()
    statuses = []
    body = app(environ, lambda status, headers: statuses.append(status))
    body.close()  # the server gave up on the response before sending a byte of it
    assert statuses == ["200 OK"]
    assert_nothing_held(app, session_id)


class FailingTurns:
    """A turn runner whose store fails once the turn has started."""

    def events(self, session_id, conversation, message, stop=None):
        yield SessionEvent(session_id=session_id)
        raise RuntimeError("the session store went away")


def test_a_turn_that_fails_midway_gives_back_its_place_and_its_session(app, client):
    session_id = client.post("/api/session", json=ANA).get_json()["session_id"]
    app.extensions["turns"] = FailingTurns()
    with chat(client, session_id) as response:
        assert response.status_code == 200 and "event: session" in response.get_data(as_text=True)
    assert_nothing_held(app, session_id)


def test_the_dev_server_closes_a_response_whose_client_reset_the_connection():
    """werkzeug alone skips `close()` when the client's reset makes its read of the request's rest fail."""
    gone, closed = threading.Event(), threading.Event()

    class Body:
        def __iter__(self):
            yield b"first"
            gone.wait(10)

        def close(self) -> None:
            closed.set()

    def app(environ, start_response):  # a sized body: nothing is written after it, the reset meets the read
        start_response("200 OK", [("Content-Length", "5")])
        return Body()

    server = dev_server(app, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        conn = socket.create_connection(("127.0.0.1", server.server_port), timeout=10)
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        read_until(conn, b"first")
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.close()
        gone.set()
        assert closed.wait(10)
    finally:
        server.shutdown()
        server.server_close()
