"""`python -m clinic_servers`: six processes up, every one answering, all stopped on a signal."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import requests

from tests.support import free_port


def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listed:
        return [int(child) for child in listed.read().split()]


def staff_token_of(pid: int) -> str:
    with open(f"/proc/{pid}/environ", "rb") as environ:
        variables = dict(item.split(b"=", 1) for item in environ.read().split(b"\0") if b"=" in item)
    return variables[b"CLINIC_STAFF_TOKEN"].decode()


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_launcher_starts_six_clinics_and_stops_them_all(tmp_path, registry, stop_signal):
    ports = {c.id: free_port() for c in registry.clinics}
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLINIC_")}
    env |= {f"{cid.upper()}_PORT": str(port) for cid, port in ports.items()} | {"VAR_DIR": str(tmp_path)}
    launcher = subprocess.Popen([sys.executable, "-m", "clinic_servers"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        lines = [launcher.stdout.readline() for _ in range(7)]
        assert lines[-1].startswith("Clinics ready")
        tokens = json.loads((tmp_path / "clinic_tokens.json").read_text())
        assert oct((tmp_path / "clinic_tokens.json").stat().st_mode & 0o777) == "0o600"
        # Local clients get the patient token only: the staff token (addresses, conditions, medications)
        # lives in the clinics' own environment and in no file of var/.
        [staff] = {staff_token_of(pid) for pid in children(launcher.pid)}
        assert list(tokens) == ["CLINIC_TOKEN"] and tokens["CLINIC_TOKEN"] != staff
        assert [p.name for p in tmp_path.rglob("*") if p.is_file() and staff.encode() in p.read_bytes()] == []
        for port in ports.values():
            reply = requests.post(f"http://127.0.0.1:{port}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                  headers={"Authorization": f"Bearer {tokens['CLINIC_TOKEN']}"}, timeout=5)
            assert reply.json()["result"] == {}
        launcher.send_signal(stop_signal)
        assert launcher.wait(timeout=20) == 0
    finally:
        launcher.kill()
    time.sleep(0.2)
    for port in ports.values():
        with pytest.raises(requests.ConnectionError):
            requests.post(f"http://127.0.0.1:{port}/mcp", json={}, timeout=2)


def test_a_configured_patient_token_is_kept_and_only_the_staff_token_is_generated(tmp_path, registry):
    ports = {c.id: free_port() for c in registry.clinics}
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLINIC_")}
    env |= {f"{cid.upper()}_PORT": str(port) for cid, port in ports.items()} | {"VAR_DIR": str(tmp_path)}
    env |= {"CLINIC_TOKEN": "configured-patient-token", "ENV_FILE": os.devnull}
    launcher = subprocess.Popen([sys.executable, "-m", "clinic_servers"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert [launcher.stdout.readline() for _ in range(7)][-1].startswith("Clinics ready")
        [staff] = {staff_token_of(pid) for pid in children(launcher.pid)}
        assert staff and staff != "configured-patient-token"
        for port in ports.values():
            reply = requests.post(f"http://127.0.0.1:{port}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                  headers={"Authorization": "Bearer configured-patient-token"}, timeout=5)
            assert reply.json()["result"] == {}
        assert not (tmp_path / "clinic_tokens.json").exists()  # the configured token is the clients' already
    finally:
        launcher.terminate()
        launcher.wait(20)
