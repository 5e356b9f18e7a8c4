"""Upgrading the session store: a store written by an earlier release is migrated at start, forward only, and
keeps its sessions and their history; a store written by a newer release is refused, untouched."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from agent_system.errors import SessionStoreTooNew
from agent_system.sessions.conversation import Conversation, Turn
from agent_system.domain.patient import Patient
from agent_system.sessions.migrations import newest_version
from agent_system.sessions.store import SqliteSessions

PATIENT = Patient(name="Ana Paula Teixeira", cpf="39053344705")
SESSION = "a-session-of-the-previous-release"
TURNS = [Turn(role="user", text="ortopedia"), Turn(role="assistant", text="Horários de ortopedia: ...")]

# The layouts as the earlier releases created them, verbatim.
VERSION_2 = ["CREATE TABLE sessions (id TEXT PRIMARY KEY, state TEXT NOT NULL, touched REAL NOT NULL)",
             "CREATE INDEX sessions_touched ON sessions (touched)",
             "CREATE TABLE turns (session_id TEXT NOT NULL, seq INTEGER NOT NULL, turn TEXT NOT NULL, "
             "PRIMARY KEY (session_id, seq)) WITHOUT ROWID",
             "CREATE TABLE rate (id TEXT NOT NULL, window INTEGER NOT NULL, hits INTEGER NOT NULL, "
             "PRIMARY KEY (id, window))",
             "PRAGMA user_version = 2"]
VERSION_1 = ["CREATE TABLE sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, touched REAL NOT NULL)",
             "CREATE TABLE rate (id TEXT NOT NULL, window INTEGER NOT NULL, hits INTEGER NOT NULL, "
             "PRIMARY KEY (id, window))"]


def store_of_version_2(path: Path) -> None:
    with sqlite3.connect(path) as db:
        for statement in VERSION_2:
            db.execute(statement)
        db.execute("INSERT INTO sessions VALUES (?, ?, ?)",
                   (SESSION, Conversation(patient=PATIENT).model_dump_json(), time.time()))
        # Stored out of order: the history is rebuilt by turn number, not by row order.
        for seq, turn in reversed(list(enumerate(TURNS, 1))):
            db.execute("INSERT INTO turns VALUES (?, ?, ?)", (SESSION, seq, turn.model_dump_json()))


def store_of_version_1(path: Path) -> None:
    data = {**json.loads(Conversation(patient=PATIENT).model_dump_json()),
            "history": [json.loads(t.model_dump_json()) for t in TURNS]}
    with sqlite3.connect(path) as db:
        for statement in VERSION_1:
            db.execute(statement)
        db.execute("INSERT INTO sessions VALUES (?, ?, ?)", (SESSION, json.dumps(data), time.time()))
        db.execute("INSERT INTO sessions VALUES ('no-patient', '{}', 0)")


@pytest.mark.parametrize("make_old_store", [store_of_version_2, store_of_version_1])
def test_an_older_store_is_migrated_with_its_sessions_and_history(tmp_path, make_old_store):
    path = tmp_path / "sessions.sqlite3"
    make_old_store(path)
    store = SqliteSessions(path)
    assert store.load(SESSION).patient == PATIENT
    assert store.history(SESSION) == TURNS
    assert store.load("no-patient") is None
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (newest_version(),)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'turns'").fetchall() == []


def test_a_migrated_session_goes_on_where_it_stopped(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store_of_version_2(path)
    store = SqliteSessions(path)
    conversation = store.load(SESSION)
    conversation.record("dermatologia", Turn(role="assistant", text="Horários de dermatologia: ..."))
    store.save(SESSION, conversation)
    assert [t.text for t in SqliteSessions(path).history(SESSION)] == [t.text for t in TURNS] + [
        "dermatologia", "Horários de dermatologia: ..."]


def test_a_second_worker_finds_the_store_migrated(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store_of_version_2(path)
    SqliteSessions(path)
    assert SqliteSessions(path).history(SESSION) == TURNS


def test_a_store_of_a_newer_release_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store_of_version_2(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {newest_version() + 1}")
    with pytest.raises(SessionStoreTooNew, match="newer than this code knows"):
        SqliteSessions(path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM turns").fetchone() == (len(TURNS),)


def test_the_web_app_serves_a_session_kept_by_the_previous_release(make_app, web_settings):
    store_of_version_2(Path(web_settings.agent.var_dir) / "sessions.sqlite3")
    client = make_app().test_client()
    kept = client.get("/api/session", headers={"X-Session-Id": SESSION})
    assert kept.status_code == 200
    assert (kept.get_json()["patient"]["name"], [t["text"] for t in kept.get_json()["history"]]) == \
        (PATIENT.name, [t.text for t in TURNS])
    client.post("/api/chat", json={"session_id": SESSION, "message": "ortopedia"}, headers={"Accept": "application/json"})
    assert len(client.get("/api/session", headers={"X-Session-Id": SESSION}).get_json()["history"]) == len(TURNS) + 2
