"""The README production command (`gunicorn -c gunicorn_web.conf.py`): slow clients, oversized bodies,
its control socket and `.env`.

Small versions of what bench/serve.py measures at scale: they prove the mechanism, not the figures.
"""
from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from agent_system.terminal.client import ChatClient
from clinic_servers.app import create_app as create_clinic_app
from clinic_servers.contract.environment import read_environment
from tests.support import ANA_CPF, CLINIC_TODAY, PATIENT_TOKEN, STAFF_TOKEN, free_port

ROOT = Path(__file__).resolve().parent.parent.parent
SLOWLORIS = 40  # more than the 2 x 16 threads that 32 such connections stalled under gthread
ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}


class Production:
    """One running instance of the production command, wired to the test clinics."""

    def __init__(self, env: dict[str, str], var_dir: Path):
        self.port, self.var_dir = free_port(), var_dir
        self.process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn_web.conf.py"], cwd=ROOT,
                                        env=env | {"PORT": str(self.port), "VAR_DIR": str(var_dir)},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(f"{self.url}/api/health", timeout=5)
                return
            except requests.ConnectionError:
                assert self.process.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


@pytest.fixture(scope="module")
def production_env(clinics, tmp_path_factory):
    """Environment for the command: the test clinics as remote ones; limits and proxies from a `.env` file."""
    env_file = tmp_path_factory.mktemp("dotenv") / ".env"
    env_file.write_text("SESSIONS_PER_IP=3 per minute\nTRUSTED_PROXIES=127.0.0.1\nWEB_WORKERS=1\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_URL": clinics.url(cid) for cid in clinics.ports}
    return env | {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "ENV_FILE": str(env_file)}


@pytest.fixture(scope="module")
def production(production_env, tmp_path_factory):
    server = Production(production_env, tmp_path_factory.mktemp("production-var"))
    yield server
    server.stop()


def as_client(address: str) -> dict[str, str]:
    """Headers of a request relayed by the trusted local proxy for `address` (each test its own budget)."""
    return {"X-Forwarded-For": address}


def slowloris(port: int) -> socket.socket:
    """A connection that has sent only the start of its request line, and goes quiet."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=5)
    conn.sendall(b"P")
    return conn


def test_slow_clients_do_not_hold_up_a_chat_turn(production):
    held = [slowloris(production.port) for _ in range(SLOWLORIS)]
    try:
        for conn in held:
            conn.sendall(b"O")  # each one byte at a time, still not a whole request line
        client = ChatClient(production.url, timeout_s=10)
        client.http.headers.update(as_client("198.51.100.10"))
        client.open(ANA["name"], ANA["cpf"])
        answer = next(e for e in client.turn("dermatologia") if e.type == "answer")
        assert {s.clinic for s in answer.slots} == {"clinic_b", "clinic_f"}
    finally:
        for conn in held:
            conn.close()


def test_env_file_limits_apply_under_gunicorn_and_forwarded_addresses_count(production):
    opened = [requests.post(f"{production.url}/api/session", json=ANA, headers=as_client("198.51.100.20"),
                            timeout=5) for _ in range(4)]
    assert [r.status_code for r in opened] == [201, 201, 201, 429]
    assert int(opened[-1].headers["Retry-After"]) >= 1
    other = requests.post(f"{production.url}/api/session", json=ANA, headers=as_client("198.51.100.21"), timeout=5)
    assert other.status_code == 201


def send_chunked(port: int, path: str, body: bytes, headers: str = "") -> tuple[int, dict]:
    """POST `body` with Transfer-Encoding: chunked (no Content-Length); returns (status, JSON answer)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{headers}"
                     "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n".encode())
        try:
            for start in range(0, len(body), 4096):
                part = body[start:start + 4096]
                conn.sendall(b"%x\r\n%s\r\n" % (len(part), part))
            conn.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server may answer and close before reading everything
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
    head, _, payload = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(payload)


def padded_session(size: int) -> bytes:
    return json.dumps(ANA | {"pad": "x" * size}).encode()


def test_a_chunked_body_over_the_limit_is_413_and_one_under_it_is_read(production):
    relayed = "X-Forwarded-For: 198.51.100.30\r\n"
    status, answer = send_chunked(production.port, "/api/session", padded_session(40_000), relayed)
    assert (status, answer["error"]["code"]) == (413, "too_large")
    status, answer = send_chunked(production.port, "/api/session", padded_session(8_000), relayed)
    assert status == 201 and answer["patient"]["cpf_masked"] == "***.533.447-**"


def test_a_clinic_answers_413_to_a_chunked_body_over_its_limit(clinics):
    rpc = lambda size: json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping",  # noqa: E731
                                   "params": {"pad": "x" * size}}).encode()
    auth = f"Authorization: Bearer {PATIENT_TOKEN}\r\n"
    status, answer = send_chunked(clinics.ports["clinic_a"], "/mcp", rpc(100_000), auth)
    assert status == 413 and answer["error"]["code"] == -32600
    assert send_chunked(clinics.ports["clinic_a"], "/mcp", rpc(1_000), auth) == (200, {"jsonrpc": "2.0", "id": 1,
                                                                                      "result": {}})


def test_two_instances_on_one_machine_have_their_own_control_sockets(production, production_env, tmp_path):
    second = Production(production_env, production.var_dir)  # same var/: only the port differs
    try:
        sockets = sorted(production.var_dir.glob("gunicorn-web-*.ctl"))
        assert [p.name for p in sockets] == sorted(f"gunicorn-web-{s.port}.ctl" for s in (production, second))
        assert all(stat.S_ISSOCK(p.stat().st_mode) for p in sockets)
        assert requests.get(f"{production.url}/api/health", timeout=5).status_code == 200
    finally:
        second.stop()


def test_env_file_is_read_under_the_environment(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("CLINIC_TODAY=2026-01-05\nPORT=7001\n")
    env = read_environment({"ENV_FILE": str(env_file), "PORT": "7002"})
    assert (env["CLINIC_TODAY"], env["PORT"]) == ("2026-01-05", "7002")  # the environment wins
    assert read_environment({"ENV_FILE": str(tmp_path / "missing")}) == {"ENV_FILE": str(tmp_path / "missing")}


def test_the_clinic_factory_reads_env_file(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text(f"CLINIC_TOKEN={PATIENT_TOKEN}\nCLINIC_STAFF_TOKEN={STAFF_TOKEN}\nVAR_DIR={tmp_path}\n")
    for name in ("CLINIC_TOKEN", "CLINIC_STAFF_TOKEN", "VAR_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ENV_FILE", str(env_file))
    reply = create_clinic_app("clinic_a").test_client().post(
        "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"Authorization": f"Bearer {STAFF_TOKEN}"})
    assert reply.get_json() == {"jsonrpc": "2.0", "id": 1, "result": {}}
