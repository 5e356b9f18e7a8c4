"""`python -m clinic_servers.backup`: consistent online backups of the SQLite stores, and their restore.

Every clinic store on SQLite and the web app's session store (when sessions are not in Redis) is
copied with SQLite's backup API: each copy is one snapshot of its store, taken while clinics and
web workers keep writing (a WAL reader blocks no writer). A backup is a folder of plain SQLite files
(no write-ahead log to carry along) and a `manifest.json` written last, so a folder without one is
an interrupted backup. A restore checks every file of the backup before it replaces any store.
Stores on PostgreSQL are named and left to `pg_dump` (README, Backups).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sqlite3
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping

from clinic_servers.contract.environment import PROJECT_ROOT, read_environment
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.contract.storage import create_private_dir, create_private_file
from clinic_servers.settings import database_urls

MANIFEST = "manifest.json"
SESSIONS = "sessions"
BUSY_TIMEOUT_S = 30  # a restore waits this long for a store's write lock before giving up


class BackupError(RuntimeError):
    """A backup or restore that cannot be done as asked; nothing was replaced."""


@dataclass(frozen=True)
class Store:
    """One SQLite store: its name in a backup (a clinic id, or `sessions`) and its file."""
    name: str
    path: Path


@dataclass(frozen=True)
class Inventory:
    """The configured stores: those this command copies, and those kept elsewhere (with where)."""
    sqlite: tuple[Store, ...]
    elsewhere: tuple[str, ...]


def inventory(env: Mapping[str, str]) -> Inventory:
    """The stores the configuration names: every clinic of the registry, and the sessions."""
    var_dir = Path(env.get("VAR_DIR") or PROJECT_ROOT / "var")
    urls = database_urls(env)
    stores, elsewhere = [], []
    for clinic_id in ClinicRegistry.from_env(env).ids():
        url = urls.get(clinic_id, "")
        if url.startswith("sqlite:///"):
            stores.append(Store(clinic_id, Path(url.removeprefix("sqlite:///"))))
        elif url:
            elsewhere.append(f"{clinic_id}: PostgreSQL (pg_dump)")
        else:
            stores.append(Store(clinic_id, var_dir / f"{clinic_id}.sqlite3"))
    if env.get("REDIS_URL"):
        elsewhere.append(f"{SESSIONS}: Redis (its own persistence)")
    else:
        stores.append(Store(SESSIONS, var_dir / "sessions.sqlite3"))
    return Inventory(tuple(stores), tuple(elsewhere))


def create(stores: tuple[Store, ...], folder: Path) -> dict:
    """Copy every existing store into a new, owner-only folder; the manifest written last."""
    if folder.exists() and any(folder.iterdir()):
        raise BackupError(f"{folder} is not empty: a backup goes into a new folder")
    create_private_dir(folder)
    copied = {}
    for store in stores:
        if store.path.exists():
            copied[store.name] = _copy_out(store, folder / f"{store.name}.sqlite3")
    manifest = {"created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "stores": copied}
    _write_private(folder / MANIFEST, json.dumps(manifest, indent=2) + "\n")
    return manifest


def restore(stores: tuple[Store, ...], folder: Path) -> list[str]:
    """Replace each configured store the backup holds with its copy, after checking every copy; the names restored."""
    manifest = read_manifest(folder)
    by_name = {s.name: s for s in stores}
    unknown = sorted(set(manifest["stores"]) - set(by_name))
    if unknown:
        raise BackupError(f"the backup holds {', '.join(unknown)}, which this configuration keeps elsewhere "
                          f"or does not know; nothing was restored")
    for name, entry in manifest["stores"].items():
        _check(folder / f"{name}.sqlite3", entry["sha256"])
    for name in manifest["stores"]:
        _copy_in(folder / f"{name}.sqlite3", by_name[name].path)
    return list(manifest["stores"])


def read_manifest(folder: Path) -> dict:
    """The backup's manifest; a folder without one is no (complete) backup."""
    try:
        return json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError as e:
        raise BackupError(f"{folder} has no {MANIFEST}: not a backup, or one that did not finish") from e
    except ValueError as e:
        raise BackupError(f"{folder / MANIFEST} is not valid JSON") from e


def _copy_out(store: Store, target: Path) -> dict:
    """One consistent snapshot of a live store into a self-contained file; what the manifest says of it."""
    partial = create_private_file(target.with_suffix(".partial"))
    source = sqlite3.connect(_read_only(store.path), uri=True, timeout=BUSY_TIMEOUT_S)
    copy = sqlite3.connect(partial)
    try:
        source.backup(copy)  # every page in one step: one read transaction, so one snapshot
        copy.execute("PRAGMA journal_mode = DELETE")  # the copy carries no write-ahead log
        _verify(copy, partial)
        version = copy.execute("PRAGMA user_version").fetchone()[0]
        if copy.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'").fetchone():
            version = copy.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]
    finally:
        copy.close()
        source.close()
    partial.replace(target)
    return {"file": target.name, "schema_version": version, "bytes": target.stat().st_size,
            "sha256": _sha256(target)}


def _copy_in(backup: Path, target: Path) -> None:
    """Write a backup copy over a store through SQLite itself, so its WAL and open readers stay coherent."""
    create_private_file(target)
    source = sqlite3.connect(_read_only(backup), uri=True)
    store = sqlite3.connect(target, timeout=BUSY_TIMEOUT_S)
    try:
        source.backup(store)
        store.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        store.close()
        source.close()


def _check(path: Path, sha256: str) -> None:
    if not path.exists():
        raise BackupError(f"{path} is missing from the backup; nothing was restored")
    if _sha256(path) != sha256:
        raise BackupError(f"{path} differs from what the backup recorded; nothing was restored")
    copy = sqlite3.connect(_read_only(path), uri=True)
    try:
        _verify(copy, path)
    finally:
        copy.close()


def _read_only(path: Path) -> str:
    """A URI that opens the file for reading only, whatever characters its path has."""
    return f"{path.resolve().as_uri()}?mode=ro"


def _verify(conn: sqlite3.Connection, path: Path) -> None:
    if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
        raise BackupError(f"{path} fails SQLite's integrity check")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_private(path: Path, text: str) -> None:
    create_private_file(path)
    path.write_text(text, encoding="utf-8")
    os.chmod(path, 0o600)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    """`create FOLDER` or `restore FOLDER`; the stores come from the same environment as the servers'."""
    parser = argparse.ArgumentParser(
        prog="python -m clinic_servers.backup",
        description="Back up every SQLite store (each clinic's and the sessions') while everything runs, "
                    "or restore such a backup (stop the web app and the clinics first).",
        epilog="The stores are found as the servers find them: VAR_DIR, CLINIC_REGISTRY, CLINIC_<ID>_DATABASE_URL, "
               "REDIS_URL (environment or .env). PostgreSQL stores and Redis are named, not copied: see README, Backups.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("create", help="copy every store into a new folder").add_argument("folder", type=Path)
    commands.add_parser("restore", help="replace the stores with a backup's copies").add_argument("folder", type=Path)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the command; a refusal is one sentence on stderr and exit status 1."""
    arguments = parse_arguments(argv)
    found = inventory(read_environment())
    try:
        if arguments.command == "create":
            manifest = create(found.sqlite, arguments.folder)
            for name, entry in manifest["stores"].items():
                print(f"{name}: {entry['bytes']} bytes, schema version {entry['schema_version']}")
            print(f"Backup written to {arguments.folder}")
        else:
            print(f"Restored {', '.join(restore(found.sqlite, arguments.folder))} from {arguments.folder}")
    except (BackupError, sqlite3.Error, OSError) as e:
        print(f"{arguments.command} failed: {e}", file=sys.stderr)
        return 1
    for note in found.elsewhere:
        print(f"not copied: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
