"""`python web_app.py` with no configuration: clinics started, the app answering, all stopped on Ctrl-C."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.support import free_port, wait_for

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_web_app_entry_point_starts_everything_and_stops_cleanly(tmp_path, registry, stop_signal):
    ports = {c.id: free_port() for c in registry.clinics}
    web_port = free_port()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_PORT": str(port) for cid, port in ports.items()}
    env |= {"PORT": str(web_port), "VAR_DIR": str(tmp_path)}
    app = subprocess.Popen([sys.executable, "web_app.py"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{web_port}"
    try:
        health = wait_for(f"{base}/api/health", app).json()
        assert health == {"status": "ok", "llm": "none", "redis": "none", "clinics": {c: "up" for c in ports},
                          "restarts": {c: 0 for c in ports}}
        assert 'id="identify-form"' in requests.get(base + "/", timeout=5).text
        session = requests.post(f"{base}/api/session", json={"name": "Ana Paula Teixeira", "cpf": "390.533.447-05"},
                                timeout=5).json()
        reply = requests.post(f"{base}/api/chat", json={"session_id": session["session_id"], "message": "dermatologia"},
                              headers={"Accept": "application/json"}, timeout=30).json()
        assert "Clínica B" in reply["answer"] and "Clínica F" in reply["answer"]
        app.send_signal(stop_signal)
        assert app.wait(timeout=30) == 0
    finally:
        app.kill()
    for port in [*ports.values(), web_port]:
        with pytest.raises(requests.ConnectionError):
            requests.get(f"http://127.0.0.1:{port}/", timeout=2)


@pytest.mark.parametrize("command, says", [
    (["-m", "clinic_servers"], "Start the registry's clinics"),
    (["-m", "agent_system"], "Chat with the assistant in the terminal"),
    (["-m", "agent_system.terminal.client"], "--url URL"),
    (["web_app.py"], "Start the six clinics"),
    (["-m", "clinic_servers.backup"], "Back up every SQLite store"),
], ids=["clinic_servers", "agent_system", "client", "web_app", "backup"])
def test_help_prints_usage_and_starts_nothing(tmp_path, registry, command, says):
    ports = [free_port() for _ in registry.clinics]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{c.id.upper()}_PORT": str(port) for c, port in zip(registry.clinics, ports)}
    env |= {"PORT": str(free_port()), "VAR_DIR": str(tmp_path / "var"), "ENV_FILE": os.devnull}
    # A command that started anything would not end by itself: clinics and the web app serve until stopped.
    done = subprocess.run([sys.executable, *command, "--help"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("usage: ") and says in " ".join(done.stdout.split())
    assert "Nome completo" not in done.stdout  # the terminal chat did not start asking
    assert not (tmp_path / "var").exists()  # no store, session file or token was created
    for port in [*ports, int(env["PORT"])]:
        with pytest.raises(requests.ConnectionError):
            requests.get(f"http://127.0.0.1:{port}/", timeout=2)
