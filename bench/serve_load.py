"""Load for the serving benchmark: a normal patient's timed turns, slowloris connections, open SSE streams,
session floods. Raw sockets and threads on loopback only; each client is one X-Forwarded-For address
relayed through 127.0.0.1, which the server under test trusts as a proxy.
"""
from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass, field

from bench.workload import patient

# A synthetic patient (valid name and CPF made up by the workload), never a real person's document.
PATIENT = dict(zip(("name", "cpf"), patient(70_000)))


def address(n: int) -> str:
    """The n-th synthetic client address (10.x.y.z)."""
    return f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"


def open_session(port: int, client: str) -> tuple[int, str | None]:
    """POST /api/session as `client`: (status, session id or None)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", "/api/session", json.dumps(PATIENT),
                     {"Content-Type": "application/json", "X-Forwarded-For": client})
        reply = conn.getresponse()
        body = reply.read()
        return reply.status, json.loads(body).get("session_id") if reply.status == 201 else None
    finally:
        conn.close()


def timed_turn(port: int, client: str, session_id: str, message: str) -> float:
    """One chat turn over SSE, read to its `done` event: seconds from request to done."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    try:
        conn.request("POST", "/api/chat", json.dumps({"session_id": session_id, "message": message}),
                     {"Content-Type": "application/json", "X-Forwarded-For": client})
        reply = conn.getresponse()
        if reply.status != 200:
            raise RuntimeError(f"chat answered HTTP {reply.status}: {reply.read()[:200]!r}")
        seen = b""
        while b"event: done" not in seen:
            chunk = reply.read1(65536)
            if not chunk:
                raise RuntimeError("the stream ended before its done event")
            seen = seen[-64:] + chunk
        return time.perf_counter() - started
    finally:
        conn.close()


def p95_ms(samples: list[float]) -> float:
    """The 95th percentile (nearest rank), in milliseconds."""
    ordered = sorted(samples)
    return round(ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)] * 1000, 1)


class Slowloris:
    """Connections that send their request one byte a second and never finish it.

    The server may drop one that is too slow (gunicorn's keep-alive timeout also bounds the wait for
    a request's headers); like a real attacker, it is then opened again, so `count` stay connected.
    """

    REQUEST = b"POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Padding: " + b"a" * 4000

    def __init__(self, port: int, count: int, byte_every_s: float = 1.0):
        self.port, self.reopened = port, 0
        self.conns = [self._connect() for _ in range(count)]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, args=(byte_every_s,), daemon=True)
        self._thread.start()

    def _connect(self) -> tuple[socket.socket, list[int]]:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10), [0]

    def _trickle(self, every_s: float) -> None:
        while not self._stop.wait(every_s):
            for index, (conn, sent) in enumerate(self.conns):
                try:
                    conn.send(self.REQUEST[sent[0]:sent[0] + 1])
                    sent[0] += 1
                except OSError:
                    conn.close()
                    try:
                        self.conns[index] = self._connect()
                        self.reopened += 1
                    except OSError:
                        pass

    def close(self) -> None:
        """Stop trickling and close every connection."""
        self._stop.set()
        self._thread.join()
        for conn, _ in self.conns:
            conn.close()


@dataclass
class OpenStreams:
    """Chat turns held open (their clinic is slow), each from its own client address and session."""
    port: int
    message: str
    opened: int = 0
    failed: list[str] = field(default_factory=list)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self, count: int, first_client: int) -> None:
        """Start `count` streams; each counts as opened once its first event arrived."""
        for n in range(count):
            thread = threading.Thread(target=self._hold, args=(address(first_client + n),), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _hold(self, client: str) -> None:
        try:
            status, session_id = open_session(self.port, client)
            if status != 201:
                raise RuntimeError(f"session HTTP {status}")
            conn = socket.create_connection(("127.0.0.1", self.port), timeout=120)
            body = json.dumps({"session_id": session_id, "message": self.message}).encode()
            conn.sendall(b"POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Forwarded-For: "
                         + client.encode() + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
            seen = conn.recv(65536)
            if b" 200 " not in seen.split(b"\r\n", 1)[0]:
                raise RuntimeError(seen.split(b"\r\n", 1)[0].decode())
            with self._lock:
                self.opened += 1
            while (chunk := conn.recv(65536)) and b"event: done" not in chunk:
                pass
            conn.close()
        except (OSError, RuntimeError) as error:
            with self._lock:
                self.failed.append(str(error))

    def wait_opened(self, count: int, timeout_s: float) -> int:
        """Wait until `count` streams are open (or the time is up); returns how many are."""
        deadline = time.monotonic() + timeout_s
        while self.opened + len(self.failed) < count and time.monotonic() < deadline:
            time.sleep(0.2)
        return self.opened

    def join(self, timeout_s: float) -> None:
        """Wait for the streams to end."""
        deadline = time.monotonic() + timeout_s
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))


def session_flood(port: int, seconds: float, clients: list[str], threads: int = 8) -> dict[int, int]:
    """POST /api/session as fast as `threads` keep-alive connections can, cycling through `clients`.

    Returns the count of each HTTP status.
    """
    counts: dict[int, int] = {}
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    body = json.dumps(PATIENT)

    def run(offset: int) -> None:
        conn, n = http.client.HTTPConnection("127.0.0.1", port, timeout=30), offset
        while time.monotonic() < deadline:
            client = clients[n % len(clients)]
            n += threads
            try:
                conn.request("POST", "/api/session", body,
                             {"Content-Type": "application/json", "X-Forwarded-For": client})
                reply = conn.getresponse()
                reply.read()
                status = reply.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn, status = http.client.HTTPConnection("127.0.0.1", port, timeout=30), 0
            with lock:
                counts[status] = counts.get(status, 0) + 1
        conn.close()

    workers = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return counts
