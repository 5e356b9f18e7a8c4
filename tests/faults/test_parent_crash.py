"""`kill -9` of the launcher: its clinics stop with it, and a start right after on the same ports works."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.support import free_port, wait_for

ROOT = Path(__file__).resolve().parent.parent.parent
PORTS_FREED_S = 15


def port_in_use(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def launch(command: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)


@pytest.fixture
def launcher_env(tmp_path, registry):
    ports = {c.id: free_port() for c in registry.clinics}
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_PORT": str(port) for cid, port in ports.items()}
    env |= {"PORT": str(free_port()), "VAR_DIR": str(tmp_path), "ENV_FILE": os.devnull}
    return env, list(ports.values())


@pytest.mark.parametrize("command", [["web_app.py"], ["-m", "gunicorn", "-c", "gunicorn_web.conf.py"]],
                         ids=["development", "production"])
def test_clinics_die_with_a_killed_web_app_and_a_restart_works(launcher_env, command):
    env, clinic_ports = launcher_env
    health_url = f"http://127.0.0.1:{env['PORT']}/api/health"
    app = launch(command, env)
    try:
        assert wait_for(health_url, app).json()["status"] == "ok"
        app.kill()  # SIGKILL: no handler runs, no clean-up in the parent
        app.wait(10)
        ports = [*clinic_ports, int(env["PORT"])]  # gunicorn's workers leave too once their master is gone
        deadline = time.monotonic() + PORTS_FREED_S
        while any(port_in_use(p) for p in ports) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [p for p in ports if port_in_use(p)] == []
        app = launch(command, env)
        health = wait_for(health_url, app).json()
        assert health["status"] == "ok" and set(health["clinics"].values()) == {"up"}
    finally:
        app.send_signal(signal.SIGTERM)
        app.wait(30)


def test_clinics_die_with_a_killed_clinic_launcher(launcher_env):
    env, clinic_ports = launcher_env
    launcher = subprocess.Popen([sys.executable, "-m", "clinic_servers"], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, text=True)
    try:
        assert [launcher.stdout.readline() for _ in range(7)][-1].startswith("Clinics ready")
        assert all(port_in_use(p) for p in clinic_ports)
    finally:
        launcher.kill()
        launcher.wait(10)
    deadline = time.monotonic() + PORTS_FREED_S
    while any(port_in_use(p) for p in clinic_ports) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [p for p in clinic_ports if port_in_use(p)] == []
    with pytest.raises(requests.ConnectionError):
        requests.post(f"http://127.0.0.1:{clinic_ports[0]}/mcp", json={}, timeout=2)
