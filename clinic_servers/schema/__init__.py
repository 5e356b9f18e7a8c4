"""Versioned schema files per backend (`<backend>/NNN_name.sql`), applied in order at start, once each.

Every store records the versions applied to it in `schema_version`. A store whose version is newer
than the newest file here was written by newer code: it is refused rather than guessed at.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..identity import utc_now
from ..transaction import Transaction

FOLDER = Path(__file__).parent
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of the code than this one."""


@dataclass(frozen=True)
class SchemaFile:
    version: int
    name: str
    text: str


def files(backend: str) -> list[SchemaFile]:
    """The backend's schema files, oldest first."""
    found = [(int(m.group(1)), p) for p in (FOLDER / backend).iterdir() if (m := _NAME.match(p.name))]
    return [SchemaFile(version, path.name, path.read_text(encoding="utf-8")) for version, path in sorted(found)]


def apply(tx: Transaction, backend: str, store_name: str) -> int:
    """Bring the store to the newest schema version (inside the caller's transaction); the version reached."""
    tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
               "applied_at TEXT NOT NULL)")
    current = tx.execute("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version").fetchone()["v"]
    known = files(backend)
    newest = known[-1].version
    if current > newest:
        raise SchemaTooNew(f"{store_name} has schema version {current}, newer than this code knows ({newest}); "
                           f"run the newer code, or restore a backup made for this version")
    for schema in known:
        if schema.version > current:
            tx.script(schema.text)
            tx.execute("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                       (schema.version, schema.name, utc_now().isoformat(timespec="seconds")))
    return max(current, newest)
