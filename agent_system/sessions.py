"""Server-side chat sessions shared by every worker process: SQLite in var/ by default, Redis when configured.

A session is two things kept apart: the conversation state a turn needs (patient, recent messages,
last listing, known bookings, pending choice), read and written whole on every turn, and the history
of what the patient saw, only appended to and read back when the page is reloaded. A turn then costs
the same on the fortieth message as on the first.
"""
from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Protocol

from pydantic import TypeAdapter

from clinic_servers.store import enable_wal

from .conversation import MAX_TURNS, Conversation, Patient, Turn

IDLE_TTL_S = 60 * 60
_RATE_WINDOW_S = 60
_SCHEMA_VERSION = 2  # 2: history apart from the state
_TURN = TypeAdapter(Turn)


class SessionStore(Protocol):
    def create(self, patient: Patient) -> str: ...
    def load(self, session_id: str) -> Conversation | None: ...
    def save(self, session_id: str, conversation: Conversation) -> None: ...
    def history(self, session_id: str) -> list[Turn]: ...
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
        # Loading a session refreshes its idle clock at most this often: one write a minute, not one a
        # request (a chat turn's save refreshes it anyway).
        self._touch_every_s = ttl_s / 60
        self._local = threading.local()
        path.parent.mkdir(parents=True, exist_ok=True)
        self._migrate(self._db())

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] < _SCHEMA_VERSION:
                # Sessions are an hour of chat at most: an older layout is dropped, and its patients
                # simply identify themselves again.
                db.execute("DROP TABLE IF EXISTS sessions")
                db.execute("DROP TABLE IF EXISTS turns")
                db.execute("DROP TABLE IF EXISTS rate")
                db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")
            db.execute("CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, state TEXT NOT NULL, "
                       "touched REAL NOT NULL)")
            db.execute("CREATE INDEX IF NOT EXISTS sessions_touched ON sessions (touched)")
            db.execute("CREATE TABLE IF NOT EXISTS turns (session_id TEXT NOT NULL, seq INTEGER NOT NULL, "
                       "turn TEXT NOT NULL, PRIMARY KEY (session_id, seq)) WITHOUT ROWID")
            db.execute("CREATE TABLE IF NOT EXISTS rate (id TEXT NOT NULL, window INTEGER NOT NULL, "
                       "hits INTEGER NOT NULL, PRIMARY KEY (id, window))")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
            enable_wal(db)  # retried: web workers booting together race to switch a new file
            db.execute("PRAGMA synchronous = NORMAL")
            self._local.db = db
        return db

    def create(self, patient: Patient) -> str:
        session_id, now = new_session_id(), time.time()
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            # Sessions left to expire are erased here (Redis expires its keys by itself): what a patient
            # said is not kept past the idle time just because nobody came back for it.
            expired = "SELECT id FROM sessions WHERE touched < ?"
            db.execute(f"DELETE FROM turns WHERE session_id IN ({expired})", (now - self.ttl_s,))
            db.execute("DELETE FROM sessions WHERE touched < ?", (now - self.ttl_s,))
            db.execute("INSERT INTO sessions (id, state, touched) VALUES (?, ?, ?)",
                       (session_id, Conversation(patient=patient).model_dump_json(), now))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return session_id

    def load(self, session_id: str) -> Conversation | None:
        db, now = self._db(), time.time()
        row = db.execute("SELECT state, touched FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        if now - row[1] > self.ttl_s:
            self.delete(session_id)
            return None
        if now - row[1] > self._touch_every_s:
            db.execute("UPDATE sessions SET touched = ? WHERE id = ?", (now, session_id))
        return Conversation.model_validate_json(row[0])

    def save(self, session_id: str, conversation: Conversation) -> None:
        """Write the state, then append the turns recorded since it was loaded.

        Each write is one statement in its own transaction: the write lock is then held only inside
        SQLite's C code, never across a Python thread switch, which under load kept the other
        workers waiting for milliseconds. A crash between the two loses at most one exchange from
        the history the page shows, never the state.
        """
        db = self._db()
        state, turns = conversation.model_dump_json(), [t.model_dump_json() for t in conversation.take_unsaved()]
        updated = db.execute("UPDATE sessions SET state = ?, touched = ? WHERE id = ?",
                             (state, time.time(), session_id)).rowcount
        if not (turns and updated):  # a session closed while its turn ran keeps no history
            return
        rows = ", ".join("(?, ?)" for _ in turns)
        last = db.execute(
            "INSERT INTO turns (session_id, seq, turn) SELECT ?1, "
            "coalesce((SELECT max(seq) FROM turns WHERE session_id = ?1), 0) + column1, column2 "
            f"FROM (VALUES {rows}) RETURNING seq",
            (session_id, *(v for n, turn in enumerate(turns, 1) for v in (n, turn)))).fetchall()
        newest = max(seq for (seq,) in last)
        if newest > MAX_TURNS:
            db.execute("DELETE FROM turns WHERE session_id = ? AND seq <= ?", (session_id, newest - MAX_TURNS))

    def history(self, session_id: str) -> list[Turn]:
        """The turns the patient saw, oldest first (the last MAX_TURNS)."""
        rows = self._db().execute("SELECT turn FROM turns WHERE session_id = ? ORDER BY seq", (session_id,))
        return [_TURN.validate_json(row[0]) for row in rows]

    def delete(self, session_id: str) -> None:
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            for table, column in (("sessions", "id"), ("turns", "session_id"), ("rate", "id")):
                db.execute(f"DELETE FROM {table} WHERE {column} = ?", (session_id,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def hit(self, session_id: str) -> int:
        """Count one request in the current minute; returns the minute's count."""
        window = int(time.time() // _RATE_WINDOW_S)
        db = self._db()
        hits = db.execute("INSERT INTO rate (id, window, hits) VALUES (?, ?, 1) "
                          "ON CONFLICT (id, window) DO UPDATE SET hits = hits + 1 RETURNING hits",
                          (session_id, window)).fetchone()[0]
        if hits == 1:  # this session's first request this minute: the older minutes are done with
            db.execute("DELETE FROM rate WHERE window < ?", (window - 1,))
        return hits


# State and history in one atomic step, and only while the session exists: a session closed while
# its turn ran must not come back as a history without a patient.
_REDIS_SAVE = """
if not redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'XX') then return 0 end
if #ARGV > 3 then
  redis.call('RPUSH', KEYS[2], unpack(ARGV, 4))
  redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
  redis.call('EXPIRE', KEYS[2], ARGV[2])
end
return 1
"""


class RedisSessions:
    """Sessions in Redis, expiring by themselves after the idle time."""

    def __init__(self, url: str, ttl_s: int = IDLE_TTL_S):
        import redis  # only needed when REDIS_URL is set

        self.redis, self.ttl_s = redis.Redis.from_url(url), ttl_s
        self._save = self.redis.register_script(_REDIS_SAVE)

    def create(self, patient: Patient) -> str:
        session_id = new_session_id()
        self.redis.set(self._key(session_id), Conversation(patient=patient).model_dump_json(), ex=self.ttl_s)
        return session_id

    def load(self, session_id: str) -> Conversation | None:
        state, _ = (self.redis.pipeline(transaction=False).getex(self._key(session_id), ex=self.ttl_s)
                    .expire(self._turns_key(session_id), self.ttl_s).execute())
        return Conversation.model_validate_json(state) if state else None

    def save(self, session_id: str, conversation: Conversation) -> None:
        turns = [turn.model_dump_json() for turn in conversation.take_unsaved()]
        self._save(keys=[self._key(session_id), self._turns_key(session_id)],
                   args=[conversation.model_dump_json(), self.ttl_s, MAX_TURNS, *turns])

    def history(self, session_id: str) -> list[Turn]:
        return [_TURN.validate_json(turn) for turn in self.redis.lrange(self._turns_key(session_id), 0, -1)]

    def delete(self, session_id: str) -> None:
        self.redis.delete(self._key(session_id), self._turns_key(session_id))

    def hit(self, session_id: str) -> int:
        key = f"clinic-assistant:rate:{session_id}:{int(time.time() // _RATE_WINDOW_S)}"
        hits, _ = self.redis.pipeline(transaction=False).incr(key).expire(key, _RATE_WINDOW_S * 2).execute()
        return int(hits)

    @staticmethod
    def _key(session_id: str) -> str:
        return f"clinic-assistant:session:{session_id}"

    @staticmethod
    def _turns_key(session_id: str) -> str:
        return f"clinic-assistant:session:{session_id}:turns"
