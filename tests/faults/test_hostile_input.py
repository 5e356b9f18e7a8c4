"""Malformed, oversized, unicode, emoji, HTML and SQL-looking input at every endpoint.

The web API answers 2xx or a 4xx JSON error, the clinics a JSON-RPC envelope; never a 500, and
nothing changes where nothing should: no session is created or altered by a refused request, and
no clinic store changes because of what a message or an argument looked like.
"""
from __future__ import annotations

import json
import unicodedata

import pytest
import requests

from tests.faults.conftest import fleet_snapshot, session_rows
from tests.support import ANA_CPF, PATIENT_TOKEN, STAFF_TOKEN, make_cpf

HOSTILE_TEXT = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(document.cookie)>",
    "'; DROP TABLE slots; --",
    "\" OR 1=1 --",
    "Robert'); DELETE FROM sessions WHERE 1=1;--",
    "1; UPDATE slots SET available = 1",
    "😀🔥💉🩺🏳️‍🌈",
    "\u202eetouq\u202c e \u200bzero\u200dwidth",
    "ℌ𝔢𝔩𝔩𝔬 Ω≈ç√∫ 中文 العربية",
    "\x00\x01\x02\x1b[31m",
    "{{7*7}} ${jndi:ldap://127.0.0.1/x} %s%s%n",
    "../../../../etc/passwd",
    "\r\nSet-Cookie: pwned=1\r\n",
    "\t \n \r",
    "ç" * 1999,
]
MALFORMED_BODIES = [
    b"", b"{", b"}", b"null", b"[]", b"[{}]", b'"texto"', b"42", b"1e999", b"true",
    b'{"name": }', b"{'single': 'quotes'}", b"\xff\xfe\xfa", b"\xef\xbb\xbf{}", b'{"a": NaN}',
    "{}".encode("utf-16"), b"<xml/>", b"name=Ana&cpf=1",
]
EVERY_CLINIC = ("clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e", "clinic_f")


@pytest.fixture
def web_var(web_settings):
    return web_settings.agent.var_dir


def is_json_error(reply) -> bool:
    body = reply.get_json(silent=True)
    return isinstance(body, dict) and set(body["error"]) == {"code", "message"}


def open_session(client) -> str:
    return client.post("/api/session", json={"name": "Ana Paula Teixeira", "cpf": ANA_CPF}).get_json()["session_id"]


# -- the web API ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/session", "/api/chat"])
@pytest.mark.parametrize("body", MALFORMED_BODIES)
@pytest.mark.parametrize("content_type", ["application/json", "text/plain"])
def test_malformed_bodies_are_4xx_json_and_change_nothing(client, web_var, path, body, content_type):
    session_id = open_session(client)
    before = session_rows(web_var)
    reply = client.post(path, data=body, content_type=content_type)
    assert 400 <= reply.status_code < 500 and is_json_error(reply), (reply.status_code, reply.data)
    assert session_rows(web_var) == before
    assert client.get("/api/session", headers={"X-Session-Id": session_id}).get_json()["history"] == []


@pytest.mark.parametrize("path", ["/api/session", "/api/chat"])
def test_oversized_bodies_are_413_and_change_nothing(client, web_var, path):
    open_session(client)
    before = session_rows(web_var)
    reply = client.post(path, data=json.dumps({"name": "A" * 40_000, "message": "😀" * 10_000}),
                        content_type="application/json")
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (413, "too_large")
    assert session_rows(web_var) == before


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_hostile_identities_are_refused_without_creating_a_session(client, web_var, text):
    before = session_rows(web_var)
    for body in ({"name": text, "cpf": ANA_CPF}, {"name": "Ana Paula Teixeira", "cpf": text},
                 {"name": f"Ana {text}", "cpf": f"{ANA_CPF}{text}"}, {"name": [text], "cpf": {"cpf": text}}):
        reply = client.post("/api/session", json=body)
        assert reply.status_code in (400, 413) and is_json_error(reply), (body, reply.data)
    assert session_rows(web_var) == before


@pytest.mark.parametrize("name", ["José Ñúñez d'Ávila", "María-José O'Neil", "Zoë Brontë",
                                  "Nguyễn Thị Minh"])
def test_unicode_names_are_accepted_and_shown_back_as_given(client, name):
    reply = client.post("/api/session", json={"name": name, "cpf": ANA_CPF})
    assert reply.status_code == 201
    assert reply.get_json()["patient"]["name"] == name


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_hostile_messages_get_an_answer_and_touch_no_clinic(client, fleet_var, text):
    session_id = open_session(client)
    before = fleet_snapshot(fleet_var, EVERY_CLINIC)
    reply = client.post("/api/chat", json={"session_id": session_id, "message": text},
                        headers={"Accept": "application/json"})
    if not text.strip():
        assert (reply.status_code, reply.get_json()["error"]["code"]) == (400, "invalid_message")
        return
    body = reply.get_json()
    assert reply.status_code == 200, body
    assert [e["type"] for e in body["events"]][-1] == "done"
    assert not [e for e in body["events"] if e["type"] == "error"]
    assert not [e for e in body["events"] if e["type"] == "dispatch" and e["action"] != "list_available_slots"
                and e["action"] != "list_my_appointments"]
    assert fleet_snapshot(fleet_var, EVERY_CLINIC) == before
    history = client.get("/api/session", headers={"X-Session-Id": session_id}).get_json()["history"]
    assert [t["role"] for t in history] == ["user", "assistant"] and history[0]["text"] == text.strip()


@pytest.mark.parametrize("text", ["<script>alert(1)</script>", "😀🔥 cardiologia 💉", "'; DROP TABLE slots; --"])
def test_hostile_messages_stream_a_complete_well_formed_sse_turn(client, live_server, text):
    from agent_system.sse import SSEParser
    session_id = open_session(client)
    reply = requests.post(f"{live_server}/api/chat", json={"session_id": session_id, "message": text},
                          stream=True, timeout=30)
    parser, events = SSEParser(), []
    for chunk in reply.iter_content(chunk_size=None):
        events += parser.feed(chunk.decode("utf-8"))
    assert reply.status_code == 200 and [e.event for e in events][-1] == "done"
    assert all(json.loads(e.data) is not None for e in events)
    assert "error" not in [e.event for e in events]


@pytest.mark.parametrize("header", ["nope", "x" * 5000, "'; DROP TABLE sessions; --", "<script>", "é\x7f\x00",
                                    "../../etc", "%00", " ", "null"])
def test_hostile_session_ids_are_401_or_204_and_change_nothing(client, web_var, header):
    open_session(client)
    before = session_rows(web_var)
    assert client.get("/api/session", headers={"X-Session-Id": header}).status_code == 401
    assert client.delete("/api/session", headers={"X-Session-Id": header}).status_code == 204
    reply = client.post("/api/chat", json={"session_id": header, "message": "oi"})
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (401, "session_expired")
    assert session_rows(web_var) == before


@pytest.mark.parametrize("query", ["", "?x=<script>", "?q='; DROP TABLE x;--", "?%00=%ff", "?" + "a=1&" * 500])
def test_health_ignores_whatever_comes_with_it(client, query):
    reply = client.get(f"/api/health{query}", headers={"X-Session-Id": "<script>", "Accept": "*/*"})
    assert reply.status_code == 200 and reply.get_json()["status"] in ("ok", "degraded")


@pytest.mark.parametrize("method, path", [
    ("POST", "/api/health"), ("PUT", "/api/session"), ("PATCH", "/api/chat"), ("GET", "/api/chat"),
    ("GET", "/api/../../etc/passwd"), ("GET", "/api/%00"), ("POST", "/api/<script>"), ("DELETE", "/api/chat"),
])
def test_wrong_methods_and_paths_are_json_4xx(client, method, path):
    reply = client.open(path, method=method, data=b"{}", content_type="application/json")
    assert reply.status_code in (404, 405) and is_json_error(reply)


# -- the clinics' /mcp ---------------------------------------------------------------------------

def post_mcp(url, data, token=PATIENT_TOKEN, content_type="application/json"):
    return requests.post(url, data=data, timeout=10,
                         headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})


def is_envelope(reply) -> bool:
    body = reply.json()
    return body.get("jsonrpc") == "2.0" and ("result" in body) != ("error" in body)


@pytest.mark.parametrize("body", MALFORMED_BODIES)
def test_malformed_rpc_bodies_are_json_rpc_errors(clinics, fleet_var, body):
    before = fleet_snapshot(fleet_var, ["clinic_a"])
    reply = post_mcp(clinics.url("clinic_a"), body)
    assert reply.status_code in (200, 202, 400) and (reply.status_code == 202 or is_envelope(reply)), reply.text
    assert fleet_snapshot(fleet_var, ["clinic_a"]) == before


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_hostile_methods_ids_and_tool_names_are_json_rpc_errors(clinics, text):
    url = clinics.url("clinic_a")
    for message in ({"jsonrpc": "2.0", "id": text, "method": text},
                    {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": text, "arguments": {}}},
                    {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_available_slots",
                                                                                   "arguments": text}},
                    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": text}}):
        reply = post_mcp(url, json.dumps(message))
        assert reply.status_code in (200, 400) and is_envelope(reply), (message, reply.text)


VALID_ARGUMENTS = {  # a call that would succeed, but for the one field the test spoils
    "list_available_slots": {"doctor": "Dr. Ricardo Lopes", "date_from": "2026-11-30", "date_to": "2026-12-04"},
    "book_appointment": {"doctor": "Dr. Ricardo Lopes", "date": "2026-11-30", "time": "08:00",
                         "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF},
    "cancel_appointment": {"doctor": "Dr. Ricardo Lopes", "date": "2026-11-30", "time": "08:00",
                           "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF, "booking_code": "K7M4QP"},
    "reschedule_appointment": {"doctor": "Dr. Ricardo Lopes", "original_date": "2026-11-30",
                               "original_time": "08:00", "new_date": "2026-12-02", "new_time": "09:00",
                               "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF, "booking_code": "K7M4QP"},
    "list_my_appointments": {"cpf": ANA_CPF, "patient_name": "Ana Paula Teixeira"},
}


def call(clinics, tool: str, arguments: dict) -> dict:
    message = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}
    reply = post_mcp(clinics.url("clinic_a"), json.dumps(message))
    assert reply.status_code == 200 and is_envelope(reply), reply.text
    return reply.json()["result"]


@pytest.mark.parametrize("text", HOSTILE_TEXT)
@pytest.mark.parametrize("tool, field", [
    ("list_available_slots", "doctor"), ("list_available_slots", "date_from"), ("list_available_slots", "date_to"),
    ("book_appointment", "doctor"), ("book_appointment", "date"), ("book_appointment", "time"),
    ("book_appointment", "cpf"), ("cancel_appointment", "cpf"), ("cancel_appointment", "date"),
    ("reschedule_appointment", "new_time"), ("reschedule_appointment", "original_date"),
    ("list_my_appointments", "cpf"),
])
def test_hostile_tool_arguments_are_tool_errors_and_change_no_slot(clinics, fleet_var, text, tool, field):
    before = fleet_snapshot(fleet_var, ["clinic_a"])
    result = call(clinics, tool, VALID_ARGUMENTS[tool] | {field: text})
    assert result["isError"] is True, result
    assert result["structuredContent"]["error"]["code"] in ("invalid_arguments", "unknown_doctor")
    assert fleet_snapshot(fleet_var, ["clinic_a"]) == before


HOSTILE_NAMES = [t for t in HOSTILE_TEXT if 2 <= len(" ".join(t.split())) <= 120]


@pytest.mark.parametrize("n, name", list(enumerate(HOSTILE_NAMES)))
def test_sql_and_html_looking_names_are_stored_verbatim_never_executed(clinics, fleet_var, n, name):
    free = call(clinics, "list_available_slots", {"doctor": "Dr. Ricardo Lopes"})["structuredContent"]
    slot = free["available_slots"][-1]  # the latest: other suites book the early ones
    before = fleet_snapshot(fleet_var, ["clinic_a"])["clinic_a"]
    cpf = make_cpf(9000 + n)  # each name its own patient: a CPF keeps the name it was first booked with
    booking = VALID_ARGUMENTS["book_appointment"] | {"date": slot["date"], "time": slot["time"], "patient_name": name,
                                                     "cpf": cpf}
    result = call(clinics, "book_appointment", booking)
    # Stored as typed, only in Unicode's composed form with runs of spaces as one.
    stored = unicodedata.normalize("NFC", " ".join(name.split()))
    assert result["isError"] is False and result["structuredContent"]["appointment"]["patient_name"] == stored
    after = fleet_snapshot(fleet_var, ["clinic_a"])["clinic_a"]
    changed = [row for row in after if row not in before]
    assert changed == [("Dr. Ricardo Lopes", slot["date"], slot["time"], 0, stored, cpf.replace(".", "").replace("-", ""))]
    code = result["structuredContent"]["appointment"]["booking_code"]
    assert call(clinics, "cancel_appointment", booking | {"booking_code": code})["isError"] is False
    assert fleet_snapshot(fleet_var, ["clinic_a"])["clinic_a"] == before


@pytest.mark.parametrize("tool, arguments", [
    ("list_patients", {}), ("get_patient", {"patient_id": "CARD-001"}),
    ("get_patient", {"patient_id": "' OR '1'='1"}), ("query", {"query": "%' OR 1=1 --"}),
])
def test_staff_tools_stay_closed_to_the_patient_token_whatever_the_arguments(clinics, tool, arguments):
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}
    result = post_mcp(clinics.url("clinic_a"), json.dumps(message)).json()["result"]
    assert result["isError"] is True and result["structuredContent"]["error"]["code"] == "forbidden"
    assert "CARD-001" not in json.dumps(result) or tool == "get_patient"


@pytest.mark.parametrize("token", ["", "Bearer", "' OR 1=1 --", STAFF_TOKEN + "x", "😀", "a" * 5000])
def test_hostile_tokens_are_401_envelopes(clinics, token):
    reply = requests.post(clinics.url("clinic_a"), timeout=10, data=b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}',
                          headers={"Authorization": f"Bearer {token}".encode("utf-8"),
                                   "Content-Type": "application/json"})
    assert reply.status_code == 401 and is_envelope(reply)


def test_an_oversized_rpc_body_is_413(clinics):
    reply = post_mcp(clinics.url("clinic_a"), json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping",
                                                          "params": {"x": "😀" * 40_000}}))
    assert reply.status_code == 413 and is_envelope(reply)
