"""The operators' audit trail: one JSON line per turn saying what was asked of which clinic, and the verdict.

It never holds message text, names or CPFs; the session appears only as a one-way hash. A turn the
red-flag screen halted also keeps its category and the red-flag words found (not the message).
"""
from __future__ import annotations

import hashlib
import json
import threading
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
    elif event.type == "error":
        record["error"] = event.code
    elif event.type == "done":
        record["ms"] = event.ms
        if event.llm_calls is not None:
            record["llm_calls"] = event.llm_calls


class AuditLog:
    """Appends audit lines to a file shared by every worker process (one short write per line)."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        create_private_file(path)

    def write(self, session_id: str, events: Iterable) -> None:
        """Record one finished turn."""
        line = json.dumps(audit_record(session_id, events), ensure_ascii=False) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as trail:
            trail.write(line)
