"""Which store a clinic runs on, chosen by its database URL; each backend is imported only when chosen."""
from __future__ import annotations

from pathlib import Path

from clinic_servers.contract.registry import Clinic
from clinic_servers.store import SlotStore


def open_store(clinic: Clinic, database_url: str | None, default_path: Path) -> SlotStore:
    """The clinic's store: PostgreSQL for a `postgresql://` URL, else SQLite (at `default_path` when no URL)."""
    if not database_url:
        from clinic_servers.sqlite_store import SqliteSlotStore
        return SqliteSlotStore(default_path, clinic)
    scheme = database_url.split("://", 1)[0].lower()
    if scheme in ("postgresql", "postgres"):
        from clinic_servers.postgres_store import PostgresSlotStore
        return PostgresSlotStore(database_url, clinic)
    if scheme == "sqlite" and database_url.startswith("sqlite:///"):
        from clinic_servers.sqlite_store import SqliteSlotStore
        return SqliteSlotStore(Path(database_url.removeprefix("sqlite:///")), clinic)
    raise ValueError(f"{clinic.id}: database URL must start with postgresql:// or sqlite:///, got {scheme}://")
