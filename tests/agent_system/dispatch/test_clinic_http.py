"""The router's HTTP to the clinics: requests as sent, responses read by their framing (or refused as broken),
kept-alive connections reused only while the clinic keeps them."""
from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import time

import pytest

from agent_system.dispatch.clinic_http import ClinicHTTP

_REPLY = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'


class OneShotClinic:
    """A clinic's HTTP/1.1 endpoint that answers every request on a connection as kept alive, then, as told,
    keeps the connection, closes it, or writes stray bytes on it: what a clinic does when its keep-alive
    time runs out or it restarts. It counts the connections it accepted."""

    def __init__(self, after_reply: str):
        self.after_reply, self.accepted = after_reply, 0
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}/mcp"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            self.accepted += 1
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        with conn, contextlib.suppress(ConnectionError):  # the client drops a connection it will not reuse
            while _read_request(conn):
                conn.sendall(_REPLY)
                if self.after_reply == "close":
                    return
                if self.after_reply == "stray bytes":
                    time.sleep(0.03)  # once the reply was read: bytes on an idle connection
                    conn.sendall(b"HTTP/1.1 408 Request Timeout\r\n\r\n")

    def stop(self) -> None:
        self._server.close()


def _read_request(conn: socket.socket) -> bool:
    """Read one request with a Content-Length body; False when the client closed the connection."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return False
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    while len(body) < length:
        body += conn.recv(65536)
    return True


@pytest.fixture
def clinic_http():
    http = ClinicHTTP()
    yield http
    http.close()


def _post_twice(http: ClinicHTTP, clinic: OneShotClinic) -> list[tuple[int, bytes]]:
    first = http.post(clinic.url, b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}', {}, 5.0)
    time.sleep(0.2)  # the clinic's close or stray bytes reach this side while the connection is idle
    second = http.post(clinic.url, b'{"jsonrpc": "2.0", "id": 2, "method": "ping"}', {}, 5.0)
    return [first, second]


@pytest.mark.parametrize("after_reply, connections", [("keep", 1), ("close", 2), ("stray bytes", 2)])
def test_an_idle_connection_is_reused_only_while_the_clinic_keeps_it(clinic_http, after_reply, connections):
    clinic = OneShotClinic(after_reply)
    try:
        answers = _post_twice(clinic_http, clinic)
    finally:
        clinic.stop()
    assert answers == [(200, b"{}"), (200, b"{}")]
    assert clinic.accepted == connections


class ScriptedClinic:
    """A clinic endpoint that answers each request with the next of the given raw responses, then closes the
    connection if told; it records the requests it read."""

    def __init__(self, replies: list[bytes], close_after: bool = False):
        self.replies, self.close_after, self.requests, self.accepted = list(replies), close_after, [], 0
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}/mcp"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while self.replies:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            self.accepted += 1
            with conn, contextlib.suppress(ConnectionError):
                while self.replies:
                    request = _read_whole_request(conn)
                    if request is None:
                        break
                    self.requests.append(request)
                    conn.sendall(self.replies.pop(0))
                    if self.close_after:
                        break

    def stop(self) -> None:
        self._server.close()


def _read_whole_request(conn: socket.socket) -> bytes | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    while len(body) < length:
        body += conn.recv(65536)
    return head + b"\r\n\r\n" + body


def _served(replies: list[bytes], close_after: bool = False, posts: int = 1):
    clinic, http = ScriptedClinic(replies, close_after), ClinicHTTP()
    try:
        return [http.post(clinic.url, b'{"id": 1}', {"Content-Type": "application/json"}, 5.0)
                for _ in range(posts)], clinic
    finally:
        http.close()
        clinic.stop()


def test_a_request_goes_out_as_http_1_1_with_its_host_length_and_fields():
    _, clinic = _served([b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"])
    head, _, body = clinic.requests[0].partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0] == b"POST /mcp HTTP/1.1" and body == b'{"id": 1}'
    assert set(lines[1:]) == {f"Host: {clinic.url.split('/')[2]}".encode(), b"Content-Length: 9",
                              b"Content-Type: application/json"}


@pytest.mark.parametrize("reply, body", [
    (b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", b"hello"),
    (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nhel\r\n2\r\nlo\r\n0\r\nTrailer: x\r\n\r\n", b"hello"),
    (b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", b"hello"),
    (b"HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", b""),
    (b"HTTP/1.1 204 No Content\r\n\r\n", b""),
])
def test_responses_are_read_by_their_framing_and_the_connection_kept(reply, body):
    answers, clinic = _served([reply, reply], posts=2)
    assert [content for _, content in answers] == [body, body] and clinic.accepted == 1


@pytest.mark.parametrize("reply", [
    b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello",
    b"HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello",
])
def test_a_connection_the_clinic_will_close_is_not_reused(reply):
    answers, clinic = _served([reply, reply], close_after=True, posts=2)
    assert answers == [(200, b"hello"), (200, b"hello")] and clinic.accepted == 2


def test_a_body_without_length_runs_to_the_connection_end():
    answers, clinic = _served([b"HTTP/1.1 200 OK\r\n\r\nhello"] * 2, close_after=True, posts=2)
    assert answers == [(200, b"hello"), (200, b"hello")] and clinic.accepted == 2


@pytest.mark.parametrize("reply, error", [
    (b"", http.client.RemoteDisconnected),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello", http.client.IncompleteRead),
    (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", http.client.IncompleteRead),
    (b"SMTP ready\r\n\r\n", http.client.BadStatusLine),
    (b"HTTP/1.1 200 OK\r\n" + b"X: y\r\n" * 101 + b"\r\n", http.client.HTTPException),
    (b"HTTP/1.1 200 OK\r\nX: " + b"y" * 70000 + b"\r\n\r\n", http.client.LineTooLong),
])
def test_a_broken_response_raises_what_the_router_turns_into_an_unreachable_clinic(reply, error):
    with pytest.raises(error) as raised:
        _served([reply], close_after=True)
    assert isinstance(raised.value, (OSError, http.client.HTTPException))


def test_a_clinic_that_does_not_answer_in_time_raises_a_timeout():
    server = socket.create_server(("127.0.0.1", 0))
    http = ClinicHTTP()
    try:
        with pytest.raises(TimeoutError):
            http.post(f"http://127.0.0.1:{server.getsockname()[1]}/mcp", b"{}", {}, 0.3)
    finally:
        http.close()
        server.close()


@pytest.mark.parametrize("headers", [{"X-Token": "a\r\nX-Injected: 1"}, {"X-Token": "a\nb"}, {"X Bad": "a"},
                                     {"X:Bad": "a"}])
def test_a_field_that_would_split_the_request_is_refused_before_sending(headers):
    clinic, http = ScriptedClinic([b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"]), ClinicHTTP()
    try:
        with pytest.raises(ValueError):
            http.post(clinic.url, b"{}", headers, 1.0)
        time.sleep(0.1)
    finally:
        http.close()
        clinic.stop()
    assert clinic.requests == []
