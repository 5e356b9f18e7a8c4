"""CORS preflight from an allowed and a refused origin; a session expiring in Redis, seen through the web API."""
from __future__ import annotations

import time
from dataclasses import replace

import redis as redis_client

from tests.support import ANA_CPF
from tests.web.test_sessions import redis_url  # noqa: F401  (a real redis-server)

ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}
PREFLIGHT = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, x-session-id"}


def test_a_preflight_from_an_allowed_origin_is_granted_for_the_chat_call(make_app):
    client = make_app(cors_origins=("https://app.example",)).test_client()
    reply = client.options("/api/chat", headers={"Origin": "https://app.example", **PREFLIGHT})
    assert reply.status_code == 200
    assert reply.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "POST" in reply.headers["Access-Control-Allow-Methods"]
    allowed = {h.strip().lower() for h in reply.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"content-type", "x-session-id"} <= allowed


def test_a_preflight_from_a_refused_origin_gets_no_grant(make_app):
    client = make_app(cors_origins=("https://app.example",)).test_client()
    reply = client.options("/api/chat", headers={"Origin": "https://evil.example", **PREFLIGHT})
    assert not [h for h in reply.headers.keys() if h.lower().startswith("access-control-")]
    # And the actual call from that origin carries no grant either, so the browser withholds the answer.
    opened = client.post("/api/session", json=ANA, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in opened.headers


def test_preflights_do_not_spend_the_chat_budget(make_app, web_settings):
    client = make_app(cors_origins=("https://app.example",),
                      limits=replace(web_settings.limits, chats_per_ip="1 per minute")).test_client()
    for _ in range(3):
        assert client.options("/api/chat", headers={"Origin": "https://app.example", **PREFLIGHT}).status_code == 200
    session_id = client.post("/api/session", json=ANA).get_json()["session_id"]
    assert client.post("/api/chat", json={"session_id": session_id, "message": "oi"},
                       headers={"Accept": "application/json"}).status_code == 200


def test_a_session_expired_in_redis_is_a_401_on_every_call(make_app, redis_url):  # noqa: F811
    client = make_app(redis_url=redis_url, session_ttl_s=1).test_client()
    session_id = client.post("/api/session", json=ANA).get_json()["session_id"]
    assert client.get("/api/session", headers={"X-Session-Id": session_id}).status_code == 200
    store = redis_client.Redis.from_url(redis_url)
    assert store.ttl(f"clinic-assistant:session:{session_id}") >= 0  # Redis itself expires it
    time.sleep(2.1)
    assert not store.exists(f"clinic-assistant:session:{session_id}")
    shown = client.get("/api/session", headers={"X-Session-Id": session_id})
    chat = client.post("/api/chat", json={"session_id": session_id, "message": "oi"},
                       headers={"Accept": "application/json"})
    assert (shown.status_code, shown.get_json()["error"]["code"]) == (401, "session_expired")
    assert (chat.status_code, chat.get_json()["error"]["code"]) == (401, "session_expired")
