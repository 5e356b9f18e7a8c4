"""Per-client limits: sessions and chat turns per IP, turns per session, turns in progress per IP, stored sessions.

Every refusal is a 429 with `Retry-After` (whole seconds) and a message that says how long to wait.
"""
from __future__ import annotations

import ipaddress
import json
import socket
import threading
import time
from dataclasses import replace

import pytest
import requests

from limits import parse
from limits.strategies import MovingWindowRateLimiter

from agent_system.web.limits import ClientLimits, client_ip
from agent_system.web.swept_memory import SweptMemoryStorage
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import ANA_CPF, served

ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}
LOCAL_PROXY = ("127.0.0.1",)


def limited_app(make_app, web_settings, **limits):
    return make_app(limits=replace(web_settings.limits, **limits))


def assert_refused(reply, what: str) -> int:
    """A 429 with a positive Retry-After, and the same wait spelled out in the message."""
    body = reply.get_json()
    assert reply.status_code == 429, body
    wait = int(reply.headers["Retry-After"])
    assert wait >= 1 and body["error"]["retry_after"] == wait
    assert body["error"]["code"] == "too_many_requests" and what in body["error"]["message"]
    assert f"Tente novamente em {wait} segundo" in body["error"]["message"]
    return wait


def open_session(client, **kwargs):
    return client.post("/api/session", json=ANA, **kwargs)


def test_the_session_after_the_limit_from_one_ip_is_refused_with_retry_after(make_app, web_settings):
    client = limited_app(make_app, web_settings, sessions_per_ip="3 per minute").test_client()
    assert [open_session(client).status_code for _ in range(3)] == [201, 201, 201]
    wait = assert_refused(open_session(client), "novas conversas")
    assert wait <= 60
    other = {"REMOTE_ADDR": "10.1.2.3"}
    assert open_session(client, environ_base=other).status_code == 201  # another client is not affected


def test_x_forwarded_for_from_an_untrusted_peer_does_not_open_a_new_budget(make_app, web_settings):
    client = limited_app(make_app, web_settings, sessions_per_ip="2 per minute").test_client()
    replies = [open_session(client, headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code for n in range(3)]
    assert replies == [201, 201, 429]


def test_x_forwarded_for_from_a_trusted_proxy_names_the_client(make_app, web_settings):
    client = limited_app(make_app, web_settings, sessions_per_ip="1 per minute",
                         trusted_proxies=LOCAL_PROXY).test_client()
    forwarded = lambda chain: open_session(client, headers={"X-Forwarded-For": chain}).status_code  # noqa: E731
    assert forwarded("203.0.113.7") == 201
    assert forwarded("203.0.113.8") == 201
    # A client-written hop in front of the real one changes nothing: the proxy appended the real address.
    assert forwarded("198.51.100.1, 203.0.113.7") == 429


@pytest.mark.parametrize("peer, chain, expected", [
    ("192.0.2.1", None, "192.0.2.1"),
    ("192.0.2.1", "203.0.113.9", "192.0.2.1"),  # peer not trusted: header ignored
    ("10.0.0.2", "203.0.113.9", "203.0.113.9"),
    ("10.0.0.2", "198.51.100.1, 203.0.113.9, 10.0.0.5", "203.0.113.9"),  # proxies chained inside 10/8
    ("10.0.0.2", "10.0.0.7", "10.0.0.7"),  # only trusted hops: the farthest one
    ("10.0.0.2", "not-an-ip", "not-an-ip"),
])
def test_client_ip_walks_x_forwarded_for_back_to_the_first_untrusted_hop(peer, chain, expected):
    assert client_ip(peer, chain, (ipaddress.ip_network("10.0.0.0/8"),)) == expected


def test_opening_a_new_session_per_message_does_not_escape_the_per_ip_chat_limit(make_app, web_settings):
    client = limited_app(make_app, web_settings, chats_per_ip="3 per minute").test_client()
    statuses = []
    for _ in range(4):
        session_id = open_session(client).get_json()["session_id"]
        statuses.append(client.post("/api/chat", json={"session_id": session_id, "message": "oi"},
                                    headers={"Accept": "application/json"}))
    assert [r.status_code for r in statuses[:3]] == [200, 200, 200]
    assert_refused(statuses[3], "Muitas mensagens deste endereço")


def test_the_per_session_limit_answers_429_with_retry_after(make_app):
    client = make_app(messages_per_minute=2).test_client()
    session_id = open_session(client).get_json()["session_id"]
    chat = lambda: client.post("/api/chat", json={"session_id": session_id, "message": "oi"},  # noqa: E731
                               headers={"Accept": "application/json"})
    assert [chat().status_code, chat().status_code] == [200, 200]
    assert assert_refused(chat(), "nesta conversa") <= 60


def test_the_store_caps_live_sessions_and_makes_room_as_idle_ones_expire(make_app):
    client = make_app(max_sessions=3, session_ttl_s=1).test_client()
    assert [open_session(client).status_code for _ in range(3)] == [201, 201, 201]
    assert_refused(open_session(client), "conversas demais abertas")
    time.sleep(1.2)
    assert open_session(client).status_code == 201


def test_a_second_stream_from_one_ip_waits_and_a_dropped_stream_frees_its_place(clinics, make_app, web_settings):
    """The SSE client going away releases the stream on the server, which stays healthy."""
    slow_b = ClinicProxy(clinics.url("clinic_b"), delay_s=3.0)
    urls = dict(web_settings.agent.clinic_urls) | {"clinic_b": slow_b.url}
    app = make_app(limits=replace(web_settings.limits, streams_per_ip=1),
                   agent=replace(web_settings.agent, clinic_urls=urls))
    gate = app.extensions["stream_gate"]
    try:
        with served(app) as base:
            sessions = [requests.post(f"{base}/api/session", json=ANA, timeout=5).json()["session_id"] for _ in range(2)]
            first = open_stream(base, sessions[0], "dermatologia")  # waits 3 s on Clínica B
            second = requests.post(f"{base}/api/chat", json={"session_id": sessions[1], "message": "oi"}, timeout=5)
            assert second.status_code == 429 and int(second.headers["Retry-After"]) >= 1
            first.shutdown(socket.SHUT_RDWR)  # the browser tab closes mid-stream
            first.close()
            deadline = time.monotonic() + 10  # the server notices at its next write (an event or a keep-alive)
            while gate.open_count("127.0.0.1") and time.monotonic() < deadline:
                time.sleep(0.05)
            assert gate.open_count("127.0.0.1") == 0
            again = requests.post(f"{base}/api/chat", json={"session_id": sessions[1], "message": "oi"},
                                  headers={"Accept": "application/json"}, timeout=10)
            assert again.status_code == 200 and again.json()["answer"]
            health = requests.get(f"{base}/api/health", timeout=5)  # Clínica B's proxy still delays: "down"
            assert health.status_code == 503 and health.json()["clinics"]["clinic_f"] == "up"
    finally:
        slow_b.stop()


def open_stream(base: str, session_id: str, message: str) -> socket.socket:
    """A raw chat request whose stream has started (its first event arrived); the caller drops it."""
    host, port = base.removeprefix("http://").split(":")
    body = json.dumps({"session_id": session_id, "message": message}).encode()
    conn = socket.create_connection((host, int(port)), timeout=10)
    conn.sendall(b"POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    received = b""
    while b"event: session" not in received:
        chunk = conn.recv(4096)
        assert chunk, received
        received += chunk
    assert received.startswith(b"HTTP/1.1 200"), received
    return conn


def test_limits_come_from_the_environment():
    limits = ClientLimits.from_env({"SESSIONS_PER_IP": "5 per minute", "CHATS_PER_IP": "9 per minute",
                                    "STREAMS_PER_IP": "2", "TRUSTED_PROXIES": "10.0.0.1, 10.0.1.0/24"})
    assert limits == ClientLimits(sessions_per_ip="5 per minute", chats_per_ip="9 per minute", streams_per_ip=2,
                                  trusted_proxies=("10.0.0.1", "10.0.1.0/24"))


def test_in_memory_limits_start_no_thread_per_request(make_app, web_settings, monkeypatch):
    """The stock in-memory store starts a timer thread on nearly every hit; under load that cost more
    than the rate check itself. Ours sweeps expired entries in the request's thread instead."""
    client = limited_app(make_app, web_settings, sessions_per_ip="1000 per minute").test_client()
    open_session(client)  # the store's own first timer, at start, is not a request's
    started = []
    original = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda thread: (started.append(thread.name), original(thread)))
    for _ in range(30):
        assert open_session(client).status_code == 201
    assert started == []


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_the_in_memory_store_counts_a_moving_window():
    clock = Clock()
    store, item = SweptMemoryStorage(clock=clock), parse("2 per minute")
    limiter = MovingWindowRateLimiter(store)
    assert [limiter.hit(item, "a") for _ in range(3)] == [True, True, False]
    clock.now += 30
    assert limiter.hit(item, "b") and not limiter.hit(item, "a")
    assert limiter.get_window_stats(item, "a").remaining == 0
    clock.now += 31  # a's hits are over a minute old, b's is not
    assert limiter.hit(item, "a") and limiter.get_window_stats(item, "b").remaining == 1


def test_expired_limit_entries_are_swept_without_a_timer_thread():
    clock = Clock()
    store = SweptMemoryStorage(clock=clock)
    assert all(store.acquire_entry(f"client-{n}", 5, 1) for n in range(100))
    clock.now += 2  # their second is over, and the next sweep is due
    assert store.acquire_entry("b", 5, 60)
    assert store.keys_held() == 1


def test_a_session_runs_one_turn_at_a_time(clinics, make_app, web_settings):
    slow = ClinicProxy(clinics.url("clinic_a"), delay_s=1.5)
    agent = replace(web_settings.agent, clinic_urls={**web_settings.agent.clinic_urls, "clinic_a": slow.url})
    app, first = make_app(agent=agent), []
    try:
        with served(app) as base:
            def session() -> str:
                return requests.post(f"{base}/api/session", json={"name": "Ana Paula Teixeira", "cpf": ANA_CPF},
                                     timeout=10).json()["session_id"]

            def chat(session_id: str, message: str = "horários de cardiologia") -> requests.Response:
                return requests.post(f"{base}/api/chat", json={"session_id": session_id, "message": message},
                                     headers={"Accept": "application/json"}, timeout=30)
            mine, other = session(), session()
            running = threading.Thread(target=lambda: first.append(chat(mine)))
            running.start()
            time.sleep(0.5)  # the first turn waits on the slow clinic
            second = chat(mine, "oi")
            assert second.status_code == 409 and second.json()["error"]["code"] == "turn_in_progress"
            assert "mensagem anterior" in second.json()["error"]["message"]
            assert chat(other, "oi").status_code == 200  # another conversation is not held up
            running.join(30)
            assert first[0].status_code == 200 and chat(mine, "oi").status_code == 200
    finally:
        slow.stop()
