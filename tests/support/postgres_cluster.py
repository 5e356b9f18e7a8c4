"""A throwaway PostgreSQL cluster (Debian's `postgresql` package) in a temporary directory, on a free port.

`initdb` refuses to run as root, so as root the cluster belongs to the `postgres` user the package
creates and its commands run through `runuser`. Durability settings are off: the cluster is thrown
away, and it is the clinic processes, never this server, that the tests kill.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

import psycopg

FAST_AND_LOOSE = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def postgres_bin() -> Path:
    """The folder of `initdb` and `pg_ctl`: on PATH, else the newest of /usr/lib/postgresql/*/bin."""
    on_path = shutil.which("initdb")
    if on_path:
        return Path(os.path.realpath(on_path)).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)")
    return Path(found[-1]).parent


@dataclass
class PostgresCluster:
    """A running throwaway cluster; `new_database()` hands out empty databases."""
    folder: Path
    port: int
    _numbers: count = field(default_factory=lambda: count(1))

    def url(self, database: str = "postgres") -> str:
        """The URL of one database of the cluster."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, prefix: str = "clinic") -> str:
        """Create an empty database; its URL."""
        name = f"{prefix}_{os.getpid()}_{next(self._numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and delete its files."""
        _run([str(postgres_bin() / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)


def start_cluster(durable: bool = False) -> PostgresCluster:
    """initdb + pg_ctl start in a new temporary folder, listening on 127.0.0.1 only (durable: fsync as shipped)."""
    folder = Path(tempfile.mkdtemp(prefix="clinic-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port, binaries = _free_port(), postgres_bin()
    _run([str(binaries / "initdb"), "-D", str(folder / "data"), "-U", "postgres", "--auth=trust",
          "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
    options = f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={folder} -c max_connections=200"
    options += "" if durable else f" {FAST_AND_LOOSE}"
    _run([str(binaries / "pg_ctl"), "-D", str(folder / "data"), "-l", str(folder / "server.log"),
          "-o", options, "-w", "-t", "30", "start"])
    cluster = PostgresCluster(folder, port)
    _wait_ready(cluster)
    return cluster


def _run(command: list[str]) -> None:
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd="/")
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip() or done.stdout.strip()}")


def _wait_ready(cluster: PostgresCluster, timeout_s: float = 20) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            psycopg.connect(cluster.url(), connect_timeout=2).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
