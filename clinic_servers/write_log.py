"""Idempotency keys: the outcome of every write, kept so a retried call returns it instead of writing twice.

A write claims its key first (the `writes` primary key admits one claim per key), then stores its
outcome under it in the same transaction. A second call with the key finds the claim (on PostgreSQL
it waits until the first call's transaction ends) and returns the first outcome; a write that failed
rolled its claim back with everything else, so the key is free again.
"""
from __future__ import annotations

import json
from datetime import timedelta

from clinic_servers.errors import ToolError
from clinic_servers.identity import utc_now
from clinic_servers.transaction import Transaction


# A retry comes within seconds; a day is ample, and no outcome (CPF, code) is kept longer than that.
KEEP_FOR = timedelta(days=1)


def claim(tx: Transaction, key: str | None, tool: str, cpf: str) -> dict | None:
    """None when this call may write (no key, or a new one, now claimed); else the earlier call's outcome."""
    tx.execute("DELETE FROM writes WHERE at < ?", (utc_now() - KEEP_FOR,))
    if key is None:
        return None
    claimed = tx.execute("INSERT INTO writes (idempotency_key, tool, cpf, outcome, at) VALUES (?, ?, ?, '', ?) "
                         "ON CONFLICT (idempotency_key) DO NOTHING", (key, tool, cpf, utc_now()))
    if claimed.rowcount == 1:
        return None
    row = tx.execute("SELECT tool, cpf, outcome FROM writes WHERE idempotency_key = ?", (key,)).fetchone()
    if (row["tool"], row["cpf"]) != (tool, cpf):
        raise ToolError("invalid_arguments", "Esta chave de idempotência já foi usada em outra operação.")
    return json.loads(row["outcome"])


def remember(tx: Transaction, key: str | None, outcome: dict) -> None:
    """Store a write's outcome under its claimed key, inside the write's own transaction."""
    if key is not None:
        tx.execute("UPDATE writes SET outcome = ? WHERE idempotency_key = ?", (json.dumps(outcome), key))
