"""Server-side chat sessions shared by every worker process: SQLite in var/ by default, Redis when configured."""
from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Protocol

from clinic_servers.store import enable_wal

from .conversation import Conversation, Patient

IDLE_TTL_S = 60 * 60
_RATE_WINDOW_S = 60


class SessionStore(Protocol):
    def create(self, patient: Patient) -> str: ...
    def load(self, session_id: str) -> Conversation | None: ...
    def save(self, session_id: str, conversation: Conversation) -> None: ...
    def delete(self, session_id: str) -> None: ...
    def hit(self, session_id: str) -> int: ...


def new_session_id() -> str:
    """An unguessable id: 256 random bits."""
    return secrets.token_urlsafe(32)


def open_session_store(var_dir: Path, redis_url: str | None, ttl_s: int = IDLE_TTL_S) -> SessionStore:
    """Redis when a URL is configured, otherwise SQLite under var/."""
    if redis_url:
        return RedisSessions(redis_url, ttl_s)
    return SqliteSessions(var_dir / "sessions.sqlite3", ttl_s)


class SqliteSessions:
    """Sessions in one SQLite file (WAL), safe across gunicorn worker processes."""

    def __init__(self, path: Path, ttl_s: int = IDLE_TTL_S):
        self.path, self.ttl_s = path, ttl_s
        self._local = threading.local()
        path.parent.mkdir(parents=True, exist_ok=True)
        db = self._db()
        db.execute("CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, "
                   "touched REAL NOT NULL)")
        db.execute("CREATE TABLE IF NOT EXISTS rate (id TEXT NOT NULL, window INTEGER NOT NULL, hits INTEGER NOT NULL, "
                   "PRIMARY KEY (id, window))")

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
            enable_wal(db)  # retried: web workers booting together race to switch a new file
            db.execute("PRAGMA synchronous = NORMAL")
            self._local.db = db
        return db

    def create(self, patient: Patient) -> str:
        session_id = new_session_id()
        self._db().execute("INSERT INTO sessions (id, data, touched) VALUES (?, ?, ?)",
                           (session_id, Conversation(patient=patient).model_dump_json(), time.time()))
        return session_id

    def load(self, session_id: str) -> Conversation | None:
        db, now = self._db(), time.time()
        row = db.execute("SELECT data, touched FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        if now - row[1] > self.ttl_s:
            self.delete(session_id)
            return None
        db.execute("UPDATE sessions SET touched = ? WHERE id = ?", (now, session_id))
        return Conversation.model_validate_json(row[0])

    def save(self, session_id: str, conversation: Conversation) -> None:
        self._db().execute("UPDATE sessions SET data = ?, touched = ? WHERE id = ?",
                           (conversation.model_dump_json(), time.time(), session_id))

    def delete(self, session_id: str) -> None:
        self._db().execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        self._db().execute("DELETE FROM rate WHERE id = ?", (session_id,))

    def hit(self, session_id: str) -> int:
        """Count one request in the current minute; returns the minute's count."""
        window = int(time.time() // _RATE_WINDOW_S)
        db = self._db()
        db.execute("INSERT INTO rate (id, window, hits) VALUES (?, ?, 1) "
                   "ON CONFLICT (id, window) DO UPDATE SET hits = hits + 1", (session_id, window))
        db.execute("DELETE FROM rate WHERE window < ?", (window - 1,))
        return db.execute("SELECT hits FROM rate WHERE id = ? AND window = ?", (session_id, window)).fetchone()[0]


class RedisSessions:
    """Sessions in Redis, expiring by themselves after the idle time."""

    def __init__(self, url: str, ttl_s: int = IDLE_TTL_S):
        import redis  # only needed when REDIS_URL is set

        self.redis, self.ttl_s = redis.Redis.from_url(url), ttl_s

    def create(self, patient: Patient) -> str:
        session_id = new_session_id()
        self.redis.set(self._key(session_id), Conversation(patient=patient).model_dump_json(), ex=self.ttl_s)
        return session_id

    def load(self, session_id: str) -> Conversation | None:
        data = self.redis.getex(self._key(session_id), ex=self.ttl_s)
        return Conversation.model_validate_json(data) if data else None

    def save(self, session_id: str, conversation: Conversation) -> None:
        self.redis.set(self._key(session_id), conversation.model_dump_json(), ex=self.ttl_s, xx=True)

    def delete(self, session_id: str) -> None:
        self.redis.delete(self._key(session_id))

    def hit(self, session_id: str) -> int:
        key = f"clinic-assistant:rate:{session_id}:{int(time.time() // _RATE_WINDOW_S)}"
        hits = self.redis.incr(key)
        self.redis.expire(key, _RATE_WINDOW_S * 2)
        return int(hits)

    @staticmethod
    def _key(session_id: str) -> str:
        return f"clinic-assistant:session:{session_id}"
