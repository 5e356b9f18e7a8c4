"""The shared backend: one PostgreSQL database per clinic, for several server instances on several hosts.

Each server process keeps a small connection pool. Writes run at READ COMMITTED: every change of a
slot is a conditional update, which waits for a concurrent change of the same row and then re-checks
its condition, so exactly one caller wins. The write deadline holds three ways: a connection is
waited for at most that long, every statement at most that long (`lock_timeout`,
`statement_timeout`), and no statement of a write starts after it. A write that misses it is rolled
back and answered `clinic_busy`; the worst case (a wait that ends just before the deadline, then one
more) stays under twice the deadline, below the router's timeout.
"""
from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator, Sequence

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from clinic_servers import schema
from clinic_servers.bookings import SlotLedger
from clinic_servers.contract.registry import Clinic
from clinic_servers.errors import ToolError
from clinic_servers.store import BUSY_MESSAGE, WRITE_DEADLINE_MS, StoreUnavailable

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_S = 5
POOL_SIZE = 8  # one per gthread thread of a clinic worker
# Any one clinic's migrations, whichever instance starts first (an arbitrary, fixed advisory lock key).
MIGRATION_LOCK = 0x636C696E6963
BUSY_ERRORS = (pg_errors.LockNotAvailable, pg_errors.QueryCanceled, pg_errors.DeadlockDetected, PoolTimeout)


class PostgresTransaction:
    """A `Transaction` over a psycopg connection (`?` placeholders become `%s`)."""
    integrity_error: type[Exception] = psycopg.IntegrityError

    def __init__(self, conn: psycopg.Connection[DictRow], deadline: float | None = None):
        self.conn = conn
        self.deadline = deadline

    def execute(self, sql: str, args: Sequence[Any] = ()) -> psycopg.Cursor[DictRow]:
        """Run one statement, unless the write's deadline has passed."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise ToolError("clinic_busy", BUSY_MESSAGE)
        return self.conn.execute(_placeholders(sql), args)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement per row, pipelined."""
        with self.conn.cursor() as cursor:
            cursor.executemany(_placeholders(sql), rows)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A nested scope undone alone when it raises."""
        with self.conn.transaction():
            yield

    def script(self, text: str) -> None:
        """Run a whole schema file (PostgreSQL takes several statements in one call without parameters)."""
        self.conn.execute(text)


class PostgresSlotStore(SlotLedger):
    """The slots of one clinic in its own PostgreSQL database."""

    def __init__(self, url: str, clinic: Clinic):
        self.clinic = clinic
        self.where = _describe(url)
        _migrate(url, f"{clinic.id}'s database {self.where}")
        options = f"-c lock_timeout={WRITE_DEADLINE_MS} -c statement_timeout={WRITE_DEADLINE_MS} -c timezone=UTC"
        self._pool = ConnectionPool(url, connection_class=psycopg.Connection[DictRow], min_size=1, max_size=POOL_SIZE,
                                    timeout=WRITE_DEADLINE_MS / 1000,
                                    kwargs={"autocommit": True, "row_factory": dict_row, "options": options,
                                            "connect_timeout": CONNECT_TIMEOUT_S},
                                    name=f"{clinic.id}-store", open=True)

    @contextmanager
    def _transaction(self) -> Iterator[PostgresTransaction]:
        deadline = time.monotonic() + WRITE_DEADLINE_MS / 1000
        with self._connection() as conn, conn.transaction():
            yield PostgresTransaction(conn, deadline)

    @contextmanager
    def _reading(self) -> Iterator[PostgresTransaction]:
        with self._connection() as conn:
            yield PostgresTransaction(conn)

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[DictRow]]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except BUSY_ERRORS as e:
            log.warning("%s: store busy past the write deadline (%s)", self.clinic.id, type(e).__name__)
            raise ToolError("clinic_busy", BUSY_MESSAGE) from e

    def close(self) -> None:
        """Close the pool's connections."""
        self._pool.close()


@lru_cache(maxsize=256)
def _placeholders(sql: str) -> str:
    return sql.replace("?", "%s")


def _describe(url: str) -> str:
    """Where the database is, for messages: host, port and name, never the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError as e:
        raise StoreUnavailable(f"invalid PostgreSQL URL: {e}") from None
    return f"{parts.get('host', 'localhost')}:{parts.get('port', 5432)}/{parts.get('dbname', '')}"


def _migrate(url: str, name: str) -> None:
    """Apply the schema files once, one instance at a time; a clear error when the database cannot be used."""
    try:
        with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_S, row_factory=dict_row) as conn:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                version = schema.apply(PostgresTransaction(conn), "postgres", name)
    except psycopg.OperationalError as e:
        reason = " ".join(str(e).split()) or type(e).__name__  # libpq's message names host and port, not the password
        raise StoreUnavailable(f"cannot connect to {name}: {reason}") from None
    log.info("%s at schema version %d", name, version)
