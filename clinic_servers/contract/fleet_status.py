"""How the launcher tells the web app how often it restarted each clinic: a small JSON file in var/.

The launcher runs in the web app's master process (or `python -m clinic_servers`), the health
endpoint in its workers: a file beside the stores is the one place both see, whatever forked what.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from clinic_servers.contract.storage import create_private_dir

RESTARTS_FILE = "clinic_restarts.json"


def restarts_path(var_dir: Path) -> Path:
    """Where the launcher keeps its restart counts."""
    return var_dir / RESTARTS_FILE


def write_restarts(path: Path, restarts: dict[str, int]) -> None:
    """Replace the counts at once, so a reader never sees half a file."""
    create_private_dir(path.parent)
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(partial, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(restarts, out)
    os.replace(partial, path)


def read_restarts(path: Path) -> dict[str, int]:
    """The counts the launcher wrote; empty when no launcher runs here (remote clinics)."""
    try:
        counts = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): int(v) for k, v in counts.items()} if isinstance(counts, dict) else {}
