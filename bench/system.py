"""The system as in production: six gunicorn clinics and the web app by its production command, on 127.0.0.1."""
from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.launcher import ClinicFleet, start_fleet

ROOT = Path(__file__).resolve().parent.parent
TODAY = "2026-11-23"  # a Monday: the same fixed "today" as the test suite
TOKEN, STAFF_TOKEN = "bench-patient-token", "bench-staff-token"
READY_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Layout:
    """Process counts: worker processes per clinic and of the web app."""
    clinic_workers: int = 1
    web_workers: int = 2


def start_clinics(registry: ClinicRegistry, var_dir: Path, layout: Layout) -> ClinicFleet:
    """The six clinics, each its own gunicorn with its own store, on free ports."""
    env = {"CLINIC_TODAY": TODAY, "CLINIC_TOKEN": TOKEN, "CLINIC_STAFF_TOKEN": STAFF_TOKEN, "VAR_DIR": str(var_dir)}
    ports = {c.id: free_port() for c in registry.clinics}
    return start_fleet(registry, env, var_dir, ports=ports, workers=layout.clinic_workers)


@dataclass
class WebApp:
    """A running `gunicorn -c gunicorn_web.conf.py` (the README's production command)."""
    process: subprocess.Popen
    port: int

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after ten seconds."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_web(clinic_urls: dict[str, str], var_dir: Path, layout: Layout,
              messages_per_minute: int | None = None) -> WebApp:
    """The web app in rules mode (no LLM variables) against the given clinic endpoints, with the shipped
    limits unless `messages_per_minute` overrides the per-session one."""
    port = free_port()
    # The shipped configuration (gevent workers), told its port and worker count as an operator would;
    # ENV_FILE keeps a developer's .env out of the figures.
    env = web_env(clinic_urls, var_dir, messages_per_minute) | {
        "PORT": str(port), "WEB_WORKERS": str(layout.web_workers), "WEB_LOG_LEVEL": "warning", "ENV_FILE": os.devnull}
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn_web.conf.py"], env=env, cwd=ROOT,
                               start_new_session=True)
    app = WebApp(process, port)
    try:
        _wait_ready(app)
    except BaseException:
        app.stop()
        raise
    return app


def web_env(clinic_urls: dict[str, str], var_dir: Path, messages_per_minute: int | None = None) -> dict[str, str]:
    """The process environment without LLM, clinic or limit settings of the caller, plus the benchmark's."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS_URL", "MESSAGES_PER_MINUTE",
                                "SESSIONS_PER_IP", "CHATS_PER_IP", "STREAMS_PER_IP", "TRUSTED_PROXIES"))}
    env |= {f"{cid.upper()}_URL": url for cid, url in clinic_urls.items()}
    # The load generator stands where a reverse proxy would: each simulated patient is its own address
    # (X-Forwarded-For), and the shipped per-address limits apply to each.
    env |= {"CLINIC_TOKEN": TOKEN, "CLINIC_TODAY": TODAY, "VAR_DIR": str(var_dir), "TRUSTED_PROXIES": "127.0.0.1"}
    return env | ({"MESSAGES_PER_MINUTE": str(messages_per_minute)} if messages_per_minute else {})


def free_port() -> int:
    """A TCP port free right now on 127.0.0.1."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_ready(app: WebApp) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if app.process.poll() is not None:
            raise RuntimeError(f"the web app exited with code {app.process.returncode}")
        if _answers(app.port):
            return
        time.sleep(0.1)
    raise TimeoutError(f"the web app did not answer within {READY_TIMEOUT_S:.0f}s")


def _answers(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/api/health")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()
