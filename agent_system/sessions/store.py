"""Server-side chat sessions shared by every worker process: SQLite in var/ by default, Redis when configured.

A session is two things kept apart: the conversation a turn needs (patient, recent messages, known
bookings, the dialogue state with the last listing), read and written whole on every turn, and the history
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

from clinic_servers.contract.storage import create_private_file, enable_wal

from agent_system.errors import SessionsFull
from agent_system.sessions.conversation import MAX_TURNS, Conversation, Turn
from agent_system.domain.patient import Patient
from agent_system.sessions.migrations import migrate

IDLE_TTL_S = 60 * 60
MAX_SESSIONS = 50_000  # stored at once: a flood of new sessions fills a bounded store, not the disk
_RATE_WINDOW_S = 60
# A conversation is sequential: one turn in progress per session. A turn's hold ends with the turn; one
# left by a crashed worker lapses after this long (a turn's LLM budget and clinic calls fit well within).
TURN_HOLD_S = 300
_TURN = TypeAdapter(Turn)


class SessionStore(Protocol):
    def create(self, patient: Patient) -> str: ...
    def load(self, session_id: str) -> Conversation | None: ...
    def known(self, session_id: str) -> bool: ...
    def save(self, session_id: str, conversation: Conversation) -> None: ...
    def history(self, session_id: str) -> list[Turn]: ...
    def delete(self, session_id: str) -> None: ...
    def hit(self, session_id: str) -> int: ...
    def begin_turn(self, session_id: str) -> bool: ...
    def end_turn(self, session_id: str) -> None: ...


def new_session_id() -> str:
    """An unguessable id: 256 random bits."""
    return secrets.token_urlsafe(32)


def open_session_store(var_dir: Path, redis_url: str | None, ttl_s: int = IDLE_TTL_S,
                       max_sessions: int = MAX_SESSIONS) -> SessionStore:
    """Redis when a URL is configured (bounded by its own maxmemory and key expiry), otherwise SQLite under var/."""
    if redis_url:
        return RedisSessions(redis_url, ttl_s)
    return SqliteSessions(var_dir / "sessions.sqlite3", ttl_s, max_sessions)


class SqliteSessions:
    """Sessions in one SQLite file (WAL), safe across gunicorn worker processes.

    One row per session: the state as JSON, and the history as JSON lines that a turn appends to
    in SQL without reading them. A turn is then two short writes (the rate counter, the save).
    """

    def __init__(self, path: Path, ttl_s: int = IDLE_TTL_S, max_sessions: int = MAX_SESSIONS):
        self.path, self.ttl_s, self.max_sessions = path, ttl_s, max_sessions
        # Loading a session refreshes its idle clock at most this often (a chat turn's save refreshes it
        # anyway), and expired sessions are erased at most this often: writes a minute, not a request.
        self._housekeeping_s = ttl_s / 60
        self._next_purge = 0.0
        self._local = threading.local()
        create_private_file(path)
        self._migrate(self._db(), path)

    @staticmethod
    def _migrate(db: sqlite3.Connection, path: Path) -> None:
        migrate(db, f"the session store {path}")
        # A starting worker drops the holds a killed one left: a session must not stay stuck after a
        # crash (at worst a live worker's turn may meet a second one once, while the workers restart).
        db.execute("DELETE FROM turns_running")

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
            enable_wal(db)  # retried: web workers booting together race to switch a new file
            db.execute("PRAGMA synchronous = NORMAL")
            # A deleted session's CPF is overwritten in the file, not just unlinked from the b-tree.
            db.execute("PRAGMA secure_delete = ON")
            self._local.db = db
        return db

    def create(self, patient: Patient) -> str:
        """A new session for the patient; SessionsFull when the store holds its maximum."""
        session_id, now = new_session_id(), time.time()
        db = self._db()
        if now >= self._next_purge:
            self._next_purge = now + self._housekeeping_s
            self._purge(db, now)
        if self._count(db) >= self.max_sessions:
            self._purge(db, now)  # idle sessions make room before anyone is refused
            if self._count(db) >= self.max_sessions:
                raise SessionsFull(self.max_sessions)
        db.execute("INSERT INTO sessions (id, state, touched) VALUES (?, ?, ?)",
                   (session_id, Conversation(patient=patient).model_dump_json(), now))
        return session_id

    def _purge(self, db: sqlite3.Connection, now: float) -> None:
        # Sessions left to expire are erased (Redis expires its keys by itself): what a patient said
        # is not kept past the idle time just because nobody came back for it, nor in the WAL's old pages.
        if db.execute("DELETE FROM sessions WHERE touched < ?", (now - self.ttl_s,)).rowcount:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("DELETE FROM turns_running WHERE since < ?", (now - TURN_HOLD_S,))  # holds crashed workers left

    @staticmethod
    def _count(db: sqlite3.Connection) -> int:
        return db.execute("SELECT count(*) FROM sessions").fetchone()[0]

    def load(self, session_id: str) -> Conversation | None:
        state = self._live(session_id, "state")
        return None if state is None else Conversation.model_validate_json(state)

    def known(self, session_id: str) -> bool:
        """Whether the session exists and has not expired, without reading its state (refreshed as `load` does)."""
        return self._live(session_id, "touched") is not None

    def _live(self, session_id: str, column: str):
        """The session's `column` ("state" or "touched"), or None when unknown or expired (then erased)."""
        db, now = self._db(), time.time()
        row = db.execute(f"SELECT {column}, touched FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        if now - row[1] > self.ttl_s:
            self.delete(session_id)
            return None
        if now - row[1] > self._housekeeping_s:
            db.execute("UPDATE sessions SET touched = ? WHERE id = ?", (now, session_id))
        return row[0]

    def save(self, session_id: str, conversation: Conversation) -> None:
        """Write the state and append the turns recorded since it was loaded: one statement.

        Writes here never use RETURNING nor an explicit transaction: either keeps the write lock
        until Python reads on, and under load this thread may wait milliseconds for its turn to run
        while every other writer waits for the lock.
        """
        state, turns = conversation.model_dump_json(), conversation.take_unsaved()
        lines = "".join(turn.model_dump_json() + "\n" for turn in turns)
        db = self._db()
        db.execute("UPDATE sessions SET state = ?, touched = ?, history = history || ?, "
                   "history_turns = history_turns + ? WHERE id = ?", (state, time.time(), lines, len(turns), session_id))
        row = db.execute("SELECT history_turns FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row and row[0] > 2 * MAX_TURNS:  # now and then, not every turn: cut back to the last MAX_TURNS
            self._trim(session_id, row[0])

    def _trim(self, session_id: str, stored: int) -> None:
        db = self._db()
        row = db.execute("SELECT history FROM sessions WHERE id = ?", (session_id,)).fetchone()
        kept = row[0].splitlines(keepends=True)[-MAX_TURNS:] if row else []
        # Only if no other turn appended meanwhile; otherwise the next save trims.
        db.execute("UPDATE sessions SET history = ?, history_turns = ? WHERE id = ? AND history_turns = ?",
                   ("".join(kept), len(kept), session_id, stored))

    def history(self, session_id: str) -> list[Turn]:
        """The turns the patient saw, oldest first (the last MAX_TURNS)."""
        row = self._db().execute("SELECT history FROM sessions WHERE id = ?", (session_id,)).fetchone()
        return [_TURN.validate_json(line) for line in row[0].splitlines()[-MAX_TURNS:]] if row else []

    def delete(self, session_id: str) -> None:
        db = self._db()
        db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        db.execute("DELETE FROM rate WHERE id = ?", (session_id,))
        db.execute("DELETE FROM turns_running WHERE id = ?", (session_id,))
        # The WAL still holds the pages as they were before the delete: fold it in and empty it.
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def hit(self, session_id: str) -> int:
        """Count one request in the current minute; returns the minute's count."""
        window = int(time.time() // _RATE_WINDOW_S)
        db = self._db()
        db.execute("INSERT INTO rate (id, window, hits) VALUES (?, ?, 1) "
                   "ON CONFLICT (id, window) DO UPDATE SET hits = hits + 1", (session_id, window))
        hits = db.execute("SELECT hits FROM rate WHERE id = ? AND window = ?", (session_id, window)).fetchone()[0]
        if hits == 1:  # this session's first request this minute: the older minutes are done with
            db.execute("DELETE FROM rate WHERE window < ?", (window - 1,))
        return hits

    def begin_turn(self, session_id: str) -> bool:
        """Hold the session for one turn; False when a turn of it is in progress already (in any worker)."""
        # One statement: a hold older than TURN_HOLD_S (its worker crashed) is taken over, a live one refuses.
        now = time.time()
        return self._db().execute(
            "INSERT INTO turns_running (id, since) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET since = excluded.since "
            "WHERE turns_running.since < ?", (session_id, now, now - TURN_HOLD_S)).rowcount == 1

    def end_turn(self, session_id: str) -> None:
        """The session's turn ended: the next one may start."""
        self._db().execute("DELETE FROM turns_running WHERE id = ?", (session_id,))


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
        pipe = self.redis.pipeline(transaction=False)
        pipe.getex(self._key(session_id), ex=self.ttl_s)
        pipe.expire(self._turns_key(session_id), self.ttl_s)
        state, _ = pipe.execute()
        return Conversation.model_validate_json(state) if state else None

    def known(self, session_id: str) -> bool:
        """Whether the session exists, its idle clock refreshed as `load` does."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.expire(self._key(session_id), self.ttl_s)
        pipe.expire(self._turns_key(session_id), self.ttl_s)
        exists, _ = pipe.execute()
        return bool(exists)

    def save(self, session_id: str, conversation: Conversation) -> None:
        turns = [turn.model_dump_json() for turn in conversation.take_unsaved()]
        self._save(keys=[self._key(session_id), self._turns_key(session_id)],
                   args=[conversation.model_dump_json(), self.ttl_s, MAX_TURNS, *turns])

    def history(self, session_id: str) -> list[Turn]:
        return [_TURN.validate_json(turn) for turn in self.redis.lrange(self._turns_key(session_id), 0, -1)]

    def delete(self, session_id: str) -> None:
        self.redis.delete(self._key(session_id), self._turns_key(session_id), self._running_key(session_id))

    def begin_turn(self, session_id: str) -> bool:
        return bool(self.redis.set(self._running_key(session_id), 1, nx=True, ex=TURN_HOLD_S))

    def end_turn(self, session_id: str) -> None:
        self.redis.delete(self._running_key(session_id))

    def hit(self, session_id: str) -> int:
        key = f"clinic-assistant:rate:{session_id}:{int(time.time() // _RATE_WINDOW_S)}"
        pipe = self.redis.pipeline(transaction=False)
        pipe.incr(key)
        pipe.expire(key, _RATE_WINDOW_S * 2)
        hits, _ = pipe.execute()
        return int(hits)

    @staticmethod
    def _key(session_id: str) -> str:
        return f"clinic-assistant:session:{session_id}"

    @staticmethod
    def _running_key(session_id: str) -> str:
        return f"clinic-assistant:session:{session_id}:running"

    @staticmethod
    def _turns_key(session_id: str) -> str:
        return f"clinic-assistant:session:{session_id}:turns"
