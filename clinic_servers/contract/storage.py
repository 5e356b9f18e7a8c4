"""How both sides keep patients' data on disk: owner-only files (LGPD: health data at rest), SQLite in WAL mode."""
from __future__ import annotations

import os
import sqlite3
import stat
import time
from pathlib import Path


def create_private_dir(path: Path) -> Path:
    """Create the directory if needed and make it owner-only (0700).

    A shared directory with the sticky bit (VAR_DIR=/tmp) is left as it is: it is not ours to close.
    """
    path.mkdir(parents=True, exist_ok=True)
    if not path.stat().st_mode & stat.S_ISVTX:
        os.chmod(path, 0o700)
    return path


def create_private_file(path: Path) -> Path:
    """Create the file if needed, owner-only (0600), before anything writes to it.

    SQLite gives its -wal and -shm files the database file's mode, so a database created this way
    keeps all three private.
    """
    create_private_dir(path.parent)
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)
    return path


def enable_wal(conn: sqlite3.Connection, attempts: int = 200, pause_s: float = 0.01) -> None:
    """Put the file in WAL mode, retrying while a sibling process holds it.

    Worker processes booting together on a new file all switch it to WAL at once; SQLite answers
    the losers "database is locked" at once instead of waiting out the busy timeout, which made a
    gunicorn worker fail to boot (and gunicorn then stops the whole server).
    """
    for _ in range(attempts - 1):
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e):
                raise
            time.sleep(pause_s)
    conn.execute("PRAGMA journal_mode = WAL")
