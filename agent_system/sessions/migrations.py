"""The session store's versioned schema: numbered SQL files in `schema/`, applied in order at start, forward only.

The version a store has reached is SQLite's own `user_version` (stores recorded it there before the
files existed; a store of the first layout says 0). Every worker runs this at start; the first takes
the write lock and migrates, the others then find nothing left to do.
"""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from agent_system.errors import SessionStoreTooNew

FOLDER = Path(__file__).parent / "schema"
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def schema_files() -> list[tuple[int, str]]:
    """(version, SQL text) of every schema file, oldest first."""
    found = [(int(m.group(1)), p) for p in FOLDER.iterdir() if (m := _NAME.match(p.name))]
    return [(version, path.read_text(encoding="utf-8")) for version, path in sorted(found)]


def newest_version() -> int:
    """The version a store reaches with this code."""
    return schema_files()[-1][0]


def migrate(db: sqlite3.Connection, store_name: str) -> int:
    """Bring the store to the newest version in one write transaction (all files or none); the version reached."""
    db.execute("BEGIN IMMEDIATE")
    try:
        current, newest = db.execute("PRAGMA user_version").fetchone()[0], newest_version()
        if current > newest:
            raise SessionStoreTooNew(store_name, current, newest)
        for version, text in schema_files():
            if version > current:
                _run(db, text)
        db.execute(f"PRAGMA user_version = {max(current, newest)}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return max(current, newest)


def _run(db: sqlite3.Connection, text: str) -> None:
    """A file's statements one by one (executescript() would commit the migration's transaction halfway)."""
    pending = ""
    for line in text.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            db.execute(pending)
            pending = ""
