"""Files that hold patients' data are readable by their owner only (LGPD: health data at rest)."""
from __future__ import annotations

import os
import stat
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
