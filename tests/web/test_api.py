"""The web API contract (README.md, Web API): every endpoint, its errors, JSON mode and the SSE stream."""
from __future__ import annotations

import json
import sqlite3

import pytest
import requests

from agent_system.sse import SSEParser
from tests.support import ANA_CPF

ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}


def open_session(client, body=ANA):
    reply = client.post("/api/session", json=body)
    assert reply.status_code == 201, reply.get_json()
    return reply.get_json()["session_id"]


def test_factory_builds_an_app_and_serves_the_page(client):
    page = client.get("/")
    assert page.status_code == 200 and b'id="identify-form"' in page.data
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["X-Content-Type-Options"] == "nosniff"


def test_opening_a_session_returns_an_unguessable_id_and_the_masked_cpf(client):
    reply = client.post("/api/session", json={"name": "  Ana   Paula Teixeira ", "cpf": "39053344705"})
    body = reply.get_json()
    assert reply.status_code == 201
    assert len(body["session_id"]) >= 43
    assert body["patient"] == {"name": "Ana Paula Teixeira", "cpf_masked": "***.533.447-**"}
    assert "39053344705" not in reply.get_data(as_text=True)


@pytest.mark.parametrize("body, code", [
    ({"name": "Ana Paula", "cpf": "111.111.111-11"}, "invalid_cpf"),
    ({"name": "Ana Paula", "cpf": "390.533.447-06"}, "invalid_cpf"),
    ({"name": "Ana Paula", "cpf": "123"}, "invalid_cpf"),
    ({"name": "Ana Paula", "cpf": 39053344705}, "invalid_cpf"),
    ({"name": "Ana Paula"}, "invalid_cpf"),
    ({"name": "Ana", "cpf": ANA_CPF}, "invalid_name"),
    ({"name": "", "cpf": ANA_CPF}, "invalid_name"),
    ({"name": "<script>alert(1)</script> x", "cpf": ANA_CPF}, "invalid_name"),
    ({"name": "Robert'); DROP TABLE sessions;--", "cpf": ANA_CPF}, "invalid_name"),
    ({"name": ["Ana", "Paula"], "cpf": ANA_CPF}, "invalid_name"),
    ({"cpf": ANA_CPF}, "invalid_name"),
])
def test_bad_identification_is_a_400_with_a_clear_error(client, body, code):
    reply = client.post("/api/session", json=body)
    assert reply.status_code == 400
    assert reply.get_json()["error"]["code"] == code
    assert reply.get_json()["error"]["message"]


# The first nine digits in another script: the check digits still add up, and masked it reads as ANA_CPF.
LOOK_ALIKES = [ANA_CPF[:-2].translate(str.maketrans("0123456789", digits)) + ANA_CPF[-2:]
               for digits in ("０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹", "߀߁߂߃߄߅߆߇߈߉")]


@pytest.mark.parametrize("cpf", LOOK_ALIKES)
def test_a_cpf_in_look_alike_digits_is_a_400_that_says_which_digits(client, cpf):
    reply = client.post("/api/session", json={"name": "Marcos Pereira Dias", "cpf": cpf})
    assert reply.status_code == 400 and reply.get_json()["error"]["code"] == "invalid_cpf"
    assert "0 a 9" in reply.get_json()["error"]["message"]


@pytest.mark.parametrize("cpf", ["390.533.447-05", "39053344705", " 390 533 447 05 ", "390.533.447 - 05"])
def test_spaces_dots_and_the_dash_are_dropped_from_a_cpf(client, cpf):
    reply = client.post("/api/session", json={"name": "Ana Paula Teixeira", "cpf": cpf})
    assert reply.status_code == 201 and reply.get_json()["patient"]["cpf_masked"] == "***.533.447-**"


@pytest.mark.parametrize("data", [b"not json", b"[1, 2]", b'"text"', b""])
def test_a_body_that_is_not_a_json_object_is_a_400(client, data):
    reply = client.post("/api/session", data=data, content_type="application/json")
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (400, "invalid_body")


def test_session_lifecycle(client):
    session_id = open_session(client)
    shown = client.get("/api/session", headers={"X-Session-Id": session_id})
    assert shown.status_code == 200
    assert shown.get_json() == {"patient": {"name": "Ana Paula Teixeira", "cpf_masked": "***.533.447-**"},
                                "history": []}
    assert client.delete("/api/session", headers={"X-Session-Id": session_id}).status_code == 204
    assert client.get("/api/session", headers={"X-Session-Id": session_id}).status_code == 401


@pytest.mark.parametrize("headers", [{}, {"X-Session-Id": "nope"}, {"X-Session-Id": "x" * 500}])
def test_unknown_sessions_are_401(client, headers):
    reply = client.get("/api/session", headers=headers)
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (401, "session_expired")


def test_an_idle_session_expires_after_an_hour(client, web_settings):
    session_id = open_session(client)
    with sqlite3.connect(web_settings.agent.var_dir / "sessions.sqlite3") as db:
        db.execute("UPDATE sessions SET touched = touched - 3601 WHERE id = ?", (session_id,))
    assert client.get("/api/session", headers={"X-Session-Id": session_id}).status_code == 401
    reply = client.post("/api/chat", json={"session_id": session_id, "message": "oi"})
    assert reply.status_code == 401


@pytest.mark.parametrize("body, status, code", [
    ({"message": "oi"}, 401, "session_expired"),
    ({"session_id": None, "message": "oi"}, 401, "session_expired"),
    ({"session_id": "SESSION", "message": ""}, 400, "invalid_message"),
    ({"session_id": "SESSION", "message": "   "}, 400, "invalid_message"),
    ({"session_id": "SESSION", "message": 42}, 400, "invalid_message"),
    ({"session_id": "SESSION"}, 400, "invalid_message"),
    ({"session_id": "SESSION", "message": "a" * 2001}, 400, "message_too_long"),
])
def test_chat_errors_before_streaming_are_json(client, body, status, code):
    session_id = open_session(client)
    body = {k: (session_id if v == "SESSION" else v) for k, v in body.items()}
    reply = client.post("/api/chat", json=body)
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (status, code)


def test_an_oversized_body_is_413(client):
    session_id = open_session(client)
    reply = client.post("/api/chat", json={"session_id": session_id, "message": "a" * 20_000})
    assert (reply.status_code, reply.get_json()["error"]["code"]) == (413, "too_large")


def test_too_many_messages_in_a_minute_is_429(make_app):
    client = make_app(messages_per_minute=2).test_client()
    session_id = open_session(client)
    statuses = [client.post("/api/chat", json={"session_id": session_id, "message": "oi"},
                            headers={"Accept": "application/json"}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_json_mode_returns_the_answer_and_the_events(client):
    session_id = open_session(client)
    reply = client.post("/api/chat", json={"session_id": session_id, "message": "horários de dermatologia"},
                        headers={"Accept": "application/json"})
    body = reply.get_json()
    types = [e["type"] for e in body["events"]]
    assert types[0] == "session" and types[-1] == "done"
    assert body["answer"] == next(e for e in body["events"] if e["type"] == "answer")["text"]
    assert "Clínica B" in body["answer"] and "Clínica F" in body["answer"]


def _stage_order(types):
    """The event types with consecutive repeats folded, for comparing with the contract's order."""
    return [t for i, t in enumerate(types) if i == 0 or t != types[i - 1]]


def test_the_sse_stream_follows_the_contract(client, live_server):
    session_id = open_session(client)
    reply = requests.post(f"{live_server}/api/chat", json={"session_id": session_id, "message": "cardiologia"},
                          stream=True, timeout=30)
    assert reply.headers["Content-Type"].startswith("text/event-stream")
    assert reply.headers["Cache-Control"].startswith("no-cache")
    assert reply.headers["X-Accel-Buffering"] == "no"
    parser, events = SSEParser(), []
    for chunk in reply.iter_content(chunk_size=None):
        events += parser.feed(chunk.decode())
    assert [e.id for e in events] == [str(n) for n in range(1, len(events) + 1)]
    assert all("\n" not in e.data for e in events)
    types = [e.event for e in events]
    # Rules mode: the rendered answer is whole at once, so no token streams before the answer event.
    assert _stage_order(types) == ["session", "stage", "plan", "stage", "dispatch", "stage", "verification",
                                   "stage", "answer", "stage", "done"]
    stages = [(json.loads(e.data)["stage"], json.loads(e.data)["status"]) for e in events if e.event == "stage"]
    assert stages == [("triage", "start"), ("triage", "end"), ("planning", "start"), ("planning", "end"),
                      ("dispatch", "start"), ("dispatch", "end"), ("verification", "start"),
                      ("verification", "end"), ("answer", "start"), ("answer", "end")]
    dispatch = [json.loads(e.data) for e in events if e.event == "dispatch"]
    assert sorted((d["clinic"], d["status"]) for d in dispatch) == [
        ("clinic_a", "ok"), ("clinic_a", "start"), ("clinic_c", "ok"), ("clinic_c", "start")]


def test_history_survives_between_requests(client):
    session_id = open_session(client)
    client.post("/api/chat", json={"session_id": session_id, "message": "ortopedia"},
                headers={"Accept": "application/json"})
    history = client.get("/api/session", headers={"X-Session-Id": session_id}).get_json()["history"]
    assert [turn["role"] for turn in history] == ["user", "assistant"]
    assert history[0]["text"] == "ortopedia" and history[1]["slots"]


def test_health_reports_every_clinic(client):
    reply = client.get("/api/health")
    assert reply.status_code == 200
    assert reply.get_json() == {"status": "ok", "llm": "none", "redis": "none", "restarts": {},
                                "clinics": {f"clinic_{x}": "up" for x in "abcdef"}}


def test_cors_is_off_by_default_and_on_for_configured_origins(client, make_app):
    assert "Access-Control-Allow-Origin" not in client.get("/api/health", headers={"Origin": "https://x.example"}).headers
    allowed = make_app(cors_origins=("https://app.example",)).test_client()
    reply = allowed.get("/api/health", headers={"Origin": "https://app.example"})
    assert reply.headers["Access-Control-Allow-Origin"] == "https://app.example"


def test_every_completed_turn_is_audited_without_personal_data(client, web_settings):
    session_id = open_session(client)
    client.post("/api/chat", json={"session_id": session_id, "message": "horários de dermatologia"},
                headers={"Accept": "application/json"})
    trail = (web_settings.agent.var_dir / "audit.jsonl").read_text(encoding="utf-8")
    record = json.loads(trail.splitlines()[-1])
    assert record["steps"] == [["clinic_b", "list_available_slots"], ["clinic_f", "list_available_slots"]]
    assert record["safe"] is True and record["blocked"] is False
    assert session_id not in trail and "39053344705" not in trail and "Ana Paula" not in trail


def test_clinics_endpoint_gives_the_page_names_specialties_and_contacts(client, registry):
    reply = client.get("/api/clinics")
    assert reply.status_code == 200
    clinics = reply.get_json()["clinics"]
    assert [c["id"] for c in clinics] == registry.ids()
    first = clinics[0]
    assert (first["name"], first["specialty"]) == ("Clínica A", {"key": "cardiologia", "pt": "Cardiologia",
                                                                   "en": "Cardiology"})
    assert first["address"].startswith("Av. Paulista") and first["timezone"] == "America/Sao_Paulo"
    assert "port" not in first and "data" not in first
    assert [s["key"] for s in reply.get_json()["specialties"]] == ["cardiologia", "dermatologia", "ortopedia"]
