"""Regression tests for what the fault tests and the fuzzers broke, each named after what broke.

Found by hypothesis (test_fuzz_web, test_fuzz_mcp) or by the hostile-input probes:
- a chat message holding a lone surrogate ("\\ud800", legal as a JSON escape) passed validation, ran
  the whole turn, then failed to serialise the history: a 500 in JSON mode, and in SSE a stream
  cut before `done` with the turn lost;
- a session id holding a lone surrogate reached SQLite, which cannot encode it: a 500;
- a JSON body nested thousands of levels deep raised RecursionError in the JSON parser: a 500 from the
  web API and an HTML 500 (not JSON-RPC) from the clinics;
- a clinic echoing a lone surrogate back (request id, method or tool name in an error message) could
  not encode its own answer: an HTML 500 instead of a JSON-RPC envelope;
- found by the benchmark: worker processes opening a new SQLite store together lost the race to switch
  it to WAL ("database is locked"), so a clinic or the web app could fail to boot.
"""
from __future__ import annotations

import json
import sqlite3
import threading

import pytest
import requests

from tests.support import ANA_CPF, PATIENT_TOKEN

DEEP = 5_000  # well past the JSON parser's recursion limit, well under the size limits


def open_session(client) -> str:
    return client.post("/api/session", json={"name": "Ana Paula Teixeira", "cpf": ANA_CPF}).get_json()["session_id"]


@pytest.mark.parametrize("accept", ["application/json", "text/event-stream"])
def test_a_lone_surrogate_in_a_chat_message_is_a_400_not_a_500_nor_a_cut_stream(client, accept):
    session_id = open_session(client)
    for message in ("\ud800", "cardiologia \udfff amanhã"):
        reply = client.post("/api/chat", data=json.dumps({"session_id": session_id, "message": message}),
                            content_type="application/json", headers={"Accept": accept})
        assert (reply.status_code, reply.get_json()["error"]["code"]) == (400, "invalid_message")
    # Nothing was half-recorded, and the session still works.
    assert client.get("/api/session", headers={"X-Session-Id": session_id}).get_json()["history"] == []
    reply = client.post("/api/chat", json={"session_id": session_id, "message": "oi 😀"},
                        headers={"Accept": "application/json"})
    assert reply.status_code == 200 and reply.get_json()["events"][-1]["type"] == "done"


@pytest.mark.parametrize("session_id", ["\ud800", "abc\udfff", "ok\n", "x\x00y", "a b", "é" * 10])
def test_a_session_id_unlike_ours_is_a_401_not_a_500(client, session_id):
    reply = client.post("/api/chat", data=json.dumps({"session_id": session_id, "message": "oi"}),
                        content_type="application/json")
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (401, "session_expired")


@pytest.mark.parametrize("path", ["/api/session", "/api/chat"])
def test_deeply_nested_json_to_the_web_api_is_a_400_not_a_500(client, path):
    body = b'{"message": ' + b"[" * DEEP + b"]" * DEEP + b"}"
    reply = client.post(path, data=body, content_type="application/json")
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (400, "invalid_body")


def post_mcp(url: str, data: bytes) -> requests.Response:
    return requests.post(url, data=data, timeout=10,
                         headers={"Authorization": f"Bearer {PATIENT_TOKEN}", "Content-Type": "application/json"})


def test_deeply_nested_json_rpc_is_a_parse_error_not_an_html_500(clinics):
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": ' + b"[" * DEEP + b"]" * DEEP + b"}}"
    reply = post_mcp(clinics.url("clinic_a"), body)
    assert reply.status_code == 400
    assert reply.json() == {"jsonrpc": "2.0", "id": None,
                            "error": {"code": -32700, "message": "Parse error: the body is not valid JSON"}}


@pytest.mark.parametrize("message, code", [
    ({"jsonrpc": "2.0", "id": "\ud800", "method": "ping"}, None),
    ({"jsonrpc": "2.0", "id": "req-\udfff", "method": "initialize", "params": {}}, None),
    ({"jsonrpc": "2.0", "id": 1, "method": "tools/\ud800"}, -32601),
    ({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "\ud800"}}, -32602),
])
def test_a_lone_surrogate_echoed_by_a_clinic_is_escaped_not_an_html_500(clinics, message, code):
    reply = post_mcp(clinics.url("clinic_a"), json.dumps(message).encode())
    assert reply.status_code == 200 and reply.headers["Content-Type"].startswith("application/json")
    body = json.loads(reply.content)  # the raw bytes are ASCII JSON with \ud800 escapes
    assert body["id"] == message["id"]  # the caller gets its own id back, byte for byte
    assert (body["error"]["code"] if code else "result" in body) == (code or True)


def test_a_new_store_opened_by_sibling_workers_at_once_never_fails_as_locked(registry, tmp_path):
    """Found by the benchmark: two gunicorn workers booting on a fresh store raced to switch it to WAL;
    the loser got "database is locked" at once, its worker failed to boot and gunicorn stopped."""
    from agent_system.sessions.store import SqliteSessions
    from clinic_servers.sqlite_store import SqliteSlotStore

    failures = []

    def open_store(opener, barrier: threading.Barrier) -> None:
        barrier.wait()
        try:
            opener()
        except sqlite3.OperationalError as e:
            failures.append(str(e))

    for trial in range(40):
        folder = tmp_path / f"trial-{trial}"
        openers = [lambda folder=folder: SqliteSlotStore(folder / "clinic_a.sqlite3", registry.get("clinic_a")),
                   lambda folder=folder: SqliteSessions(folder / "sessions.sqlite3")] * 4
        barrier = threading.Barrier(len(openers))
        threads = [threading.Thread(target=open_store, args=(opener, barrier)) for opener in openers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    assert failures == []
