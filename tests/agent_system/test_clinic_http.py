"""The router's kept-alive connections: reused while the clinic keeps them, dropped once it has closed them."""
from __future__ import annotations

import contextlib
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
