"""The little a store's rules need from a database transaction, whichever database it is.

Statements are written once, with `?` placeholders and SQL both SQLite and PostgreSQL accept
(`INSERT ... ON CONFLICT DO NOTHING`, no `RETURNING`); rows are read by column name; timestamps are
passed in as timezone-aware UTC datetimes.
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol, Sequence


class Cursor(Protocol):
    # Read-only: the drivers' cursors (sqlite3, psycopg) expose it as a property.
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Transaction(Protocol):
    """One open transaction: statements, a savepoint, and the backend's integrity error."""
    integrity_error: type[Exception]

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Cursor:
        """Run one statement with `?` placeholders."""

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each row of arguments."""

    def savepoint(self) -> AbstractContextManager[None]:
        """A nested scope whose statements are undone alone when it raises."""

    def script(self, text: str) -> None:
        """Run a schema file's statements, in order."""
