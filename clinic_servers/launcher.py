"""Start every clinic as its own gunicorn process, wait until each answers, stop them together."""
from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import requests

from clinic_servers.contract.fleet_status import restarts_path, write_restarts
from clinic_servers.contract.registry import ClinicRegistry, configured_ports
from clinic_servers.contract.storage import create_private_dir
from clinic_servers.lifeline import die_with_parent

READY_TIMEOUT_S = 20.0
WATCH_INTERVAL_S = 0.5


def ensure_tokens(env: dict[str, str], var_dir: Path) -> dict[str, str]:
    """Generate whichever of CLINIC_TOKEN / CLINIC_STAFF_TOKEN is unset; a configured token is never replaced.

    A generated patient token is saved in var/ for local clients (a configured one is already theirs).
    The staff token reads patients' addresses, conditions and medications; the chat never needs it, so
    a generated one lives only in the clinics' environment (set CLINIC_STAFF_TOKEN to use staff tools).
    """
    tokens = {name: env.get(name) or secrets.token_urlsafe(32) for name in ("CLINIC_TOKEN", "CLINIC_STAFF_TOKEN")}
    if not env.get("CLINIC_TOKEN"):
        create_private_dir(var_dir)
        path = var_dir / "clinic_tokens.json"
        path.touch(mode=0o600)
        path.write_text(json.dumps({"CLINIC_TOKEN": tokens["CLINIC_TOKEN"]}), encoding="utf-8")
    return {**env, **tokens}


@dataclass
class ClinicFleet:
    """The running clinic processes."""
    env: dict[str, str]
    host: str = "127.0.0.1"
    ports: dict[str, int] = field(default_factory=dict)
    workers: int = 1
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    restarts: dict[str, int] = field(default_factory=dict)
    _stopped: set[str] = field(default_factory=set)
    _counts: Path | None = None  # where supervise() keeps the restart counts

    def url(self, clinic_id: str) -> str:
        """The MCP endpoint of one clinic."""
        return f"http://{self.host}:{self.ports[clinic_id]}/mcp"

    def start(self, clinic_id: str) -> None:
        """Start one clinic's gunicorn process (not waiting for it)."""
        self._stopped.discard(clinic_id)
        self._spawn(clinic_id)

    def _spawn(self, clinic_id: str) -> None:
        command = gunicorn_command(f'clinic_servers.app:create_app("{clinic_id}")', self.host, self.ports[clinic_id],
                                   self.workers)
        # Own session: a signal to one clinic (or its whole process group) never reaches the others.
        # Tied to this process: if it dies, even by SIGKILL, the kernel stops the clinic and frees its port.
        self.processes[clinic_id] = subprocess.Popen(command, env=self.env, cwd=Path(__file__).parent.parent,
                                                     start_new_session=True, preexec_fn=die_with_parent())

    def wait_ready(self, timeout_s: float = READY_TIMEOUT_S) -> None:
        """Block until every clinic answers `ping`; raise if one dies or the time runs out."""
        deadline = time.monotonic() + timeout_s
        pending = set(self.processes)
        while pending:
            for clinic_id in sorted(pending):
                if self.processes[clinic_id].poll() is not None:
                    raise RuntimeError(f"{clinic_id} exited with code {self.processes[clinic_id].returncode}")
                if self.answers(clinic_id):
                    pending.discard(clinic_id)
            if pending and time.monotonic() > deadline:
                raise TimeoutError(f"clinics not ready after {timeout_s:.0f}s: {', '.join(sorted(pending))}")
            time.sleep(0.05)

    def answers(self, clinic_id: str) -> bool:
        """Whether a clinic answers an authenticated `ping`."""
        headers = {"Authorization": f"Bearer {self.env['CLINIC_TOKEN']}"}
        try:
            reply = requests.post(self.url(clinic_id), json={"jsonrpc": "2.0", "id": 0, "method": "ping"},
                                  headers=headers, timeout=1)
        except requests.RequestException:
            return False
        return reply.status_code == 200

    def supervise(self, var_dir: Path) -> None:
        """Restart any clinic that exits without being stopped, counting restarts in var_dir for /api/health."""
        self.restarts, self._counts = {cid: 0 for cid in self.processes}, restarts_path(var_dir)
        write_restarts(self._counts, self.restarts)
        threading.Thread(target=self._watch, args=(os.getpid(), self._counts), daemon=True,
                         name="clinic-supervisor").start()

    def _watch(self, owner: int, counts: Path) -> None:
        # A process forked from the owner (a gunicorn worker) inherits this loop under gevent, not the clinics.
        while os.getpid() == owner:
            for cid, process in list(self.processes.items()):
                if cid not in self._stopped and _exited(process):
                    self._restart(cid)
                    write_restarts(counts, self.restarts)
            time.sleep(WATCH_INTERVAL_S)

    def _restart(self, clinic_id: str) -> None:
        # Its gunicorn workers may outlive a killed master and hold the port: end the whole group first.
        try:
            os.killpg(self.processes[clinic_id].pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.processes[clinic_id].poll()
        self.restarts[clinic_id] += 1
        self._spawn(clinic_id)

    def stop(self, clinic_id: str | None = None, timeout_s: float = 10.0) -> None:
        """Stop one clinic or all of them: SIGTERM, then SIGKILL after the timeout."""
        targets = [clinic_id] if clinic_id else list(self.processes)
        self._stopped.update(targets)
        for cid in targets:
            if self.processes[cid].poll() is None:
                self.processes[cid].terminate()
        for cid in targets:
            try:
                self.processes[cid].wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.processes[cid].kill()
                self.processes[cid].wait()
        if self._counts and not self._stopped.symmetric_difference(self.processes):
            self._counts.unlink(missing_ok=True)  # counts of a fleet that no longer runs would mislead /api/health


def _exited(process: subprocess.Popen) -> bool:
    """Whether a clinic process has ended, even when someone else reaped it (a gunicorn master reaps any child)."""
    if process.poll() is not None:
        return True
    if not Path("/proc/self").exists():  # no /proc (not Linux): poll() is all there is
        return False
    try:
        stat = Path(f"/proc/{process.pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def gunicorn_command(app: str, host: str, port: int, workers: int) -> list[str]:
    """The command that serves one clinic's WSGI app (the benchmark serves other apps the same way)."""
    return [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--threads", "8", "--worker-class", "gthread",
            "--bind", f"{host}:{port}", "--graceful-timeout", "5", "--log-level", "warning", "--no-control-socket", app]


def start_fleet(registry: ClinicRegistry, env: Mapping[str, str], var_dir: Path,
                ports: dict[str, int] | None = None, workers: int = 1) -> ClinicFleet:
    """Start all clinics of the registry (default ports unless given) and wait until they answer."""
    full_env = ensure_tokens({**os.environ, **env}, var_dir)
    full_env["VAR_DIR"] = str(var_dir)
    fleet = ClinicFleet(full_env, host=full_env.get("CLINIC_HOST", "127.0.0.1"),
                        ports=ports or configured_ports(registry, full_env), workers=workers)
    try:
        for clinic_id in fleet.ports:
            fleet.start(clinic_id)
        fleet.wait_ready()
    except BaseException:
        fleet.stop()
        raise
    return fleet
