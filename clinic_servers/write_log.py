"""Idempotency keys: the outcome of every write, kept so a retried call returns it instead of writing twice."""
from __future__ import annotations

import json
import sqlite3

from .errors import ToolError

SCHEMA = """
CREATE TABLE IF NOT EXISTS writes (
    idempotency_key TEXT PRIMARY KEY,
    tool            TEXT NOT NULL,
    cpf             TEXT NOT NULL,
    outcome         TEXT NOT NULL,
    at              TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX IF NOT EXISTS writes_by_age ON writes (at);
"""
# A retry comes within seconds; a day is ample, and no outcome (CPF, code) is kept longer than that.
KEEP_FOR = "-1 day"


def replay(conn: sqlite3.Connection, key: str | None, tool: str, cpf: str) -> dict | None:
    """The stored outcome of an earlier call with this key, or None when the key is new."""
    if key is None:
        return None
    row = conn.execute("SELECT tool, cpf, outcome FROM writes WHERE idempotency_key = ?", (key,)).fetchone()
    if row is None:
        return None
    if (row[0], row[1]) != (tool, cpf):
        raise ToolError("invalid_arguments", "Esta chave de idempotência já foi usada em outra operação.")
    return json.loads(row[2])


def remember(conn: sqlite3.Connection, key: str | None, tool: str, cpf: str, outcome: dict) -> None:
    """Store a write's outcome under its key, inside the write's own transaction."""
    conn.execute("DELETE FROM writes WHERE at < datetime('now', ?)", (KEEP_FOR,))
    if key is not None:
        conn.execute("INSERT INTO writes (idempotency_key, tool, cpf, outcome) VALUES (?, ?, ?, ?)",
                     (key, tool, cpf, json.dumps(outcome)))
