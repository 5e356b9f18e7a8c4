"""The operators' audit trail: one JSON line per turn saying what was asked of which clinic, and the verdict.

It never holds message text, names or CPFs; the session appears only as a one-way hash. A turn the
red-flag screen halted also keeps its category and the red-flag words found (not the message).
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

from clinic_servers.contract.storage import create_private_file


def audit_record(session_id: str, events: Iterable) -> dict:
    """The audit line of one turn, built from its events alone."""
    record: dict = {"at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "session": hashlib.sha256(session_id.encode()).hexdigest()[:16], "dispatch": []}
    for event in events:
        _absorb(record, event)
    return record


def _absorb(record: dict, event) -> None:
    if event.type == "plan":
        record["planner"] = event.source
        record["steps"] = [[s["clinic"], s["action"]] for s in event.steps]
        if event.checks:  # reads dispatched before the steps (a booking's overlap check)
            record["checks"] = [[s["clinic"], s["action"]] for s in event.checks]
    elif event.type == "dispatch" and event.status != "start":
        error = (event.error or {}).get("code")
        record["dispatch"].append({"clinic": event.clinic, "action": event.action, "status": event.status,
                                   "ms": event.ms, **({"error": error} if error is not None else {})})
    elif event.type == "verification":
        record["safe"], record["rules"] = event.safe, event.rules
        if event.llm_flags_dropped:
            record["llm_flags_dropped"] = event.llm_flags_dropped
    elif event.type == "answer":
        record["blocked"], record["emergency"] = event.blocked, event.emergency
        if event.triage is not None:  # the category and red-flag words, for clinical review
            record["triage"] = event.triage
        if event.wording is not None:  # how often the LLM's answer is shown, and why it is not
            record["wording"] = event.wording
    elif event.type == "error":
        record["error"] = event.code
    elif event.type == "done":
        record["ms"] = event.ms
        if event.llm_calls is not None:
            record["llm_calls"] = event.llm_calls


@dataclass(frozen=True)
class AuditRotation:
    """When the trail is rotated (AUDIT_MAX_BYTES; 0 never) and how many rotated files are kept (AUDIT_BACKUPS)."""
    max_bytes: int = 10 * 1024 * 1024
    backups: int = 5

    def due(self, size: int, adding: int) -> bool:
        """Whether a line of `adding` bytes would take a non-empty trail of `size` bytes past the limit."""
        return self.max_bytes > 0 and size > 0 and size + adding > self.max_bytes


class AuditLog:
    """Appends audit lines to a file shared by every worker process, rotating it by size.

    `audit.jsonl` becomes `audit.jsonl.1`, the older ones move up by one, and the one past the retention
    count is dropped. Workers append and rotate under one file lock, so no line lands in a file being renamed.
    The lock file and the trail stay open between turns (a process that finds the trail renamed or
    removed by another opens the new one): opening both on every turn was most of a line's cost.
    """

    def __init__(self, path: Path, rotation: AuditRotation = AuditRotation()):
        self.path, self.rotation = path, rotation
        self._lock = threading.Lock()
        self._lock_path = create_private_file(path.with_name(path.name + ".lock"))
        create_private_file(path)
        self._files: _OpenFiles | None = None

    def write(self, session_id: str, events: Iterable) -> None:
        """Record one finished turn."""
        line = (json.dumps(audit_record(session_id, events), ensure_ascii=False) + "\n").encode()
        with self._lock:
            files = self._open_files()
            fcntl.flock(files.lock, fcntl.LOCK_EX)
            try:
                trail = self._current_trail(files)
                if self.rotation.due(os.fstat(trail).st_size, len(line)):
                    self._rotate()
                    trail = self._current_trail(files)
                _write_all(trail, line)
            finally:
                fcntl.flock(files.lock, fcntl.LOCK_UN)

    def _open_files(self) -> "_OpenFiles":
        """This process's lock file, opened once (a forked process opens its own: a lock shared with the
        parent's open file would exclude neither)."""
        if self._files is None or self._files.pid != os.getpid():
            self._files = _OpenFiles(os.getpid(), os.open(self._lock_path, os.O_RDONLY))
        return self._files

    def _current_trail(self, files: "_OpenFiles") -> int:
        """The open trail, reopened when the file at `path` is no longer the one open (rotated, removed)."""
        try:
            at_path = os.stat(self.path)
        except FileNotFoundError:
            at_path = None
        if files.trail is None or at_path is None or (at_path.st_dev, at_path.st_ino) != files.trail_id:
            if files.trail is not None:
                os.close(files.trail)
            files.trail = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            opened = os.fstat(files.trail)
            files.trail_id = (opened.st_dev, opened.st_ino)
        return files.trail

    def _rotate(self) -> None:
        if self.rotation.backups < 1:
            self.path.unlink()
            return
        for n in range(self.rotation.backups - 1, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{n}")
            if older.exists():
                os.replace(older, self.path.with_name(f"{self.path.name}.{n + 1}"))
        os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))


@dataclass
class _OpenFiles:
    """The descriptors one process keeps: the lock file, and the trail with its identity (device, inode)."""
    pid: int
    lock: int
    trail: int | None = None
    trail_id: tuple[int, int] = (0, 0)


def _write_all(fd: int, data: bytes) -> None:
    """The whole line, however many writes it takes (one, but for a full disk or a signal)."""
    while data:
        data = data[os.write(fd, data):]
