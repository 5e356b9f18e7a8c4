"""The router's HTTP: kept-alive HTTP/1.1 connections to the clinic endpoints, pooled per endpoint.

Plain `http.client` rather than a pooled `requests` Session per clinic, because it is materially
faster on the listing turn (bench/router_http.py, three runs on two shared cores): a two-clinic
listing turn costs the web process 6.9-7.0 ms of CPU here against 8.5-9.1 ms with a Session
(environment reading off), and a one-clinic turn 3.4-3.7 ms against 4.3-4.6 ms, its median time
15-20 ms against 20-25 ms; about 1 ms of CPU more per call, and every turn makes one to six calls. Nothing from the
environment is honoured (proxies, netrc): clinic endpoints are configured explicitly, and patient
data must not follow an inherited proxy or a redirect.
"""
from __future__ import annotations

import http.client
import select
import socket
import ssl
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_IDLE = 32  # idle connections kept per endpoint


@dataclass(frozen=True)
class Endpoint:
    https: bool
    host: str
    port: int
    path: str


class ClinicHTTP:
    """POSTs to clinic endpoints over reused connections; safe to share between threads."""

    def __init__(self, tls_verify: bool | str = True):
        self._tls = _tls_context(tls_verify)
        self._idle: dict[Endpoint, list[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()

    def post(self, url: str, body: bytes, headers: dict[str, str], timeout_s: float) -> tuple[int, bytes]:
        """(status, body) of one POST. Raises TimeoutError when it times out, OSError or HTTPException else."""
        endpoint = _endpoint(url)
        conn = self._checkout(endpoint, timeout_s)
        try:
            conn.request("POST", endpoint.path, body, headers)
            reply = conn.getresponse()
            content = reply.read()
        except BaseException:
            conn.close()
            raise
        if reply.will_close:
            conn.close()
        else:
            self._checkin(endpoint, conn)
        return reply.status, content

    def close(self) -> None:
        """Close every idle connection."""
        with self._lock:
            idle, self._idle = self._idle, {}
        for conns in idle.values():
            for conn in conns:
                conn.close()

    def _checkout(self, endpoint: Endpoint, timeout_s: float) -> http.client.HTTPConnection:
        while True:
            with self._lock:
                conn = self._idle.get(endpoint, []).pop() if self._idle.get(endpoint) else None
            if conn is None:
                return self._connect(endpoint, timeout_s)
            if _still_open(conn):
                conn.sock.settimeout(timeout_s)
                return conn
            conn.close()  # the clinic closed it while idle (keep-alive timeout, restart): try the next

    def _checkin(self, endpoint: Endpoint, conn: http.client.HTTPConnection) -> None:
        with self._lock:
            conns = self._idle.setdefault(endpoint, [])
            if len(conns) < MAX_IDLE:
                conns.append(conn)
                return
        conn.close()

    def _connect(self, endpoint: Endpoint, timeout_s: float) -> http.client.HTTPConnection:
        if endpoint.https:
            return http.client.HTTPSConnection(endpoint.host, endpoint.port, timeout=timeout_s, context=self._tls)
        return http.client.HTTPConnection(endpoint.host, endpoint.port, timeout=timeout_s)


def _endpoint(url: str) -> Endpoint:
    parts = urlsplit(url)
    https = parts.scheme == "https"
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Endpoint(https, parts.hostname or "", parts.port or (443 if https else 80), path)


def _still_open(conn: http.client.HTTPConnection) -> bool:
    """An idle kept-alive connection has nothing to read; readable means the server closed it (or broke the protocol)."""
    sock = conn.sock
    if sock is None:
        return False
    if isinstance(sock, ssl.SSLSocket):  # TLS sockets take no recv flags
        poller = select.poll()
        poller.register(sock, select.POLLIN)
        return not poller.poll(0)
    # A peek that must not wait, rather than a zero-timeout poll: under gevent (the production web
    # workers) `select.poll` is emulated with watchers on the event loop, ten times the CPU of this.
    sock.settimeout(0)
    try:
        sock.recv(1, socket.MSG_PEEK)  # the end of the stream, or bytes nobody asked for
    except BlockingIOError:
        return True
    except OSError:
        pass
    return False


def _tls_context(verify: bool | str) -> ssl.SSLContext:
    """Verified TLS with the same CA bundle requests uses (certifi), or the bundle given; False disables it."""
    if verify is False:
        return ssl._create_unverified_context()  # noqa: SLF001 (an explicit opt-out, as in requests)
    if isinstance(verify, str):
        return ssl.create_default_context(cafile=verify)
    try:
        import certifi  # installed with requests
        return ssl.create_default_context(cafile=certifi.where())
    except ImportError:
        return ssl.create_default_context()
