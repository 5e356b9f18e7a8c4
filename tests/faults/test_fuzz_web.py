"""Property-based fuzzing of the web API: any JSON body, any header, any message; 2xx or a 4xx JSON error, never a 500.

Chat turns run the real pipeline against the real clinics, so a message that crashes a stage shows
up as an `error` event even though the HTTP status is 200: that counts as a failure too.
"""
from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.faults.strategies import json_values, planner_text, text
from tests.support import ANA_CPF
from tests.web.conftest import make_app  # noqa: F401  (re-exported fixture)

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
MASKED = re.compile(r"^\*\*\*\.[0-9]{3}\.[0-9]{3}-\*\*$")
# Header values travel as latin-1: that is all a client can send.
header_text = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=120)


@pytest.fixture
def client(make_app):  # noqa: F811
    """An app whose rate limit stays out of the way of a hundred examples on one session."""
    return make_app(messages_per_minute=1_000_000).test_client()


@pytest.fixture
def session_id(client):
    return client.post("/api/session", json={"name": "Ana Paula Teixeira", "cpf": ANA_CPF}).get_json()["session_id"]


def assert_json_answer(reply, allowed: tuple[int, ...]) -> dict:
    assert reply.status_code in allowed, (reply.status_code, reply.data[:300])
    body = reply.get_json()
    assert isinstance(body, dict), reply.data[:300]
    if reply.status_code >= 400:
        assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    return body


@FUZZ
@given(body=json_values)
def test_any_json_body_opens_a_session_or_is_a_400(client, body):
    reply = client.post("/api/session", data=json.dumps(body), content_type="application/json")
    answer = assert_json_answer(reply, (201, 400, 413))
    if reply.status_code == 201:
        assert MASKED.match(answer["patient"]["cpf_masked"])


@FUZZ
@given(name=st.one_of(text, planner_text), cpf=st.one_of(text, st.just(ANA_CPF), st.just("39053344705")))
def test_any_identity_opens_a_session_or_is_a_400(client, name, cpf):
    reply = client.post("/api/session", data=json.dumps({"name": name, "cpf": cpf}), content_type="application/json")
    answer = assert_json_answer(reply, (201, 400))
    if reply.status_code == 201:
        assert MASKED.match(answer["patient"]["cpf_masked"]) and answer["patient"]["name"] == " ".join(name.split())


@FUZZ
@given(body=json_values, accept=st.sampled_from(["application/json", "text/event-stream", "*/*"]))
def test_any_json_body_to_chat_is_a_4xx_without_a_session(client, body, accept):
    reply = client.post("/api/chat", data=json.dumps(body), content_type="application/json",
                        headers={"Accept": accept})
    assert_json_answer(reply, (400, 401, 413))


@FUZZ
@given(message=st.one_of(text, planner_text), accept=st.sampled_from(["application/json", "text/event-stream"]))
def test_any_message_gets_a_complete_turn_or_a_400(client, session_id, message, accept):
    reply = client.post("/api/chat", data=json.dumps({"session_id": session_id, "message": message}),
                        content_type="application/json", headers={"Accept": accept})
    if reply.status_code != 200 or accept == "application/json":
        body = assert_json_answer(reply, (200, 400))
        events = body.get("events", [])
        assert reply.status_code == 400 or events[-1]["type"] == "done"
    else:
        stream = reply.get_data(as_text=True)
        events = [{"type": line[len("event: "):]} for line in stream.splitlines() if line.startswith("event: ")]
        assert events[-1]["type"] == "done", stream[-300:]
    assert "error" not in [e["type"] for e in events]


@FUZZ
@given(value=header_text, method=st.sampled_from(["GET", "DELETE"]))
def test_any_session_header_is_a_401_or_a_204(client, value, method):
    reply = client.open("/api/session", method=method, headers={"X-Session-Id": value})
    if method == "DELETE":
        assert reply.status_code == 204
    else:
        assert_json_answer(reply, (401,))


@FUZZ
@given(query=header_text)
def test_health_answers_whatever_the_query(client, query):
    reply = client.get("/api/health", query_string={"q": query})
    assert_json_answer(reply, (200,))
