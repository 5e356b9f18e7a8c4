"""The store under test on each backend: a fresh SQLite file, or a fresh database of the test cluster."""
from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import psycopg
import pytest

from clinic_servers.contract.clock import Clock
from clinic_servers.store import SlotStore
from clinic_servers.backends import open_store
from clinic_servers.tools import ClinicDesk
from tests.support import CLINIC_TODAY

CLINIC = "clinic_d"


@dataclass
class StoreBackend:
    """One clinic's database on one backend: opens store instances on it and reads it directly."""
    name: str
    url: str
    clinic: object
    opened: list

    def open(self) -> SlotStore:
        """A new store instance (as another server process would open it), seeded like a clinic."""
        store = open_store(self.clinic, self.url, Path("unused"))
        self.opened.append(store)
        ClinicDesk.open(self.clinic, store, Clock(date.fromisoformat(CLINIC_TODAY)))
        return store

    @contextmanager
    def raw(self):
        """A direct connection to the database, outside the store (autocommit)."""
        if self.name == "sqlite":
            conn = sqlite3.connect(self.url.removeprefix("sqlite:///"), isolation_level=None)
            yield conn
            conn.close()
        else:
            with psycopg.connect(self.url, autocommit=True) as conn:
                yield conn

    def query(self, sql: str, *args) -> list[tuple]:
        """Rows of a read run directly against the database (`?` placeholders)."""
        with self.raw() as conn:
            if self.name == "postgres":
                sql = sql.replace("?", "%s")
            cursor = conn.execute(sql, args)
            return [tuple(r) for r in cursor.fetchall()] if cursor.description else []

    @contextmanager
    def writes_held(self):
        """Another client holds the store's write lock (SQLite) or every slot row (PostgreSQL) meanwhile."""
        with self.raw() as conn:
            conn.execute("BEGIN IMMEDIATE" if self.name == "sqlite" else "BEGIN")
            if self.name == "postgres":
                conn.execute("SELECT 1 FROM slots FOR UPDATE")
            try:
                yield
            finally:
                conn.execute("ROLLBACK")


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, registry, tmp_path):
    """The clinic's database, empty, on each backend in turn."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / f'{CLINIC}.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres").new_database()
    backend = StoreBackend(request.param, url, registry.get(CLINIC), [])
    yield backend
    for store in backend.opened:
        store.close()


@pytest.fixture
def store(backend) -> SlotStore:
    return backend.open()


def in_threads(count: int, call):
    """Run call(n) for n in range(count) at once (behind a barrier); the results or exceptions, in order."""
    barrier, results = threading.Barrier(count), [None] * count

    def run(n):
        barrier.wait()
        try:
            results[n] = call(n)
        except Exception as e:  # noqa: BLE001 (the caller inspects what each call raised)
            results[n] = e
    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results
