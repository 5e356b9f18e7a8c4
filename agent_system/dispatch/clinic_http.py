"""The router's HTTP: kept-alive HTTP/1.1 connections to the clinic endpoints, pooled per endpoint.

Its own small HTTP/1.1 exchange (`http_exchange`) rather than a pooled `requests` Session per clinic
or `http.client`, because every turn makes one to six calls and each library's own work was most of a
call's client CPU: a Session cost about 1 ms more per call than `http.client` (bench/router_http.py),
and `http.client` 176-182 us against 43-48 us for the exchange. Nothing from the environment is
honoured (proxies, netrc): clinic endpoints are configured explicitly, and patient data must not
follow an inherited proxy or a redirect.
"""
from __future__ import annotations

import select
import socket
import ssl
import threading
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from agent_system.dispatch.http_exchange import Exchange

MAX_IDLE = 32  # idle connections kept per endpoint


@dataclass(frozen=True)
class Endpoint:
    https: bool
    host: str
    port: int
    path: str
    host_field: str  # the Host header: the port only when it is not the scheme's own


class ClinicHTTP:
    """POSTs to clinic endpoints over reused connections; safe to share between threads."""

    def __init__(self, tls_verify: bool | str = True):
        self._tls = _tls_context(tls_verify)
        self._idle: dict[Endpoint, list[Exchange]] = {}
        self._lock = threading.Lock()

    def post(self, url: str, body: bytes, headers: dict[str, str], timeout_s: float) -> tuple[int, bytes]:
        """(status, body) of one POST. Raises TimeoutError when it times out, OSError or HTTPException else."""
        endpoint = _endpoint(url)
        conn = self._checkout(endpoint, timeout_s)
        try:
            status, content, reusable = conn.post(endpoint.host_field, endpoint.path, body, headers)
        except BaseException:
            conn.close()
            raise
        if reusable and conn.clean:
            self._checkin(endpoint, conn)
        else:
            conn.close()
        return status, content

    def close(self) -> None:
        """Close every idle connection."""
        with self._lock:
            idle, self._idle = self._idle, {}
        for conns in idle.values():
            for conn in conns:
                conn.close()

    def _checkout(self, endpoint: Endpoint, timeout_s: float) -> Exchange:
        while True:
            with self._lock:
                conn = self._idle.get(endpoint, []).pop() if self._idle.get(endpoint) else None
            if conn is None:
                return self._connect(endpoint, timeout_s)
            if _still_open(conn.sock):
                conn.sock.settimeout(timeout_s)
                return conn
            conn.close()  # the clinic closed it while idle (keep-alive timeout, restart): try the next

    def _checkin(self, endpoint: Endpoint, conn: Exchange) -> None:
        with self._lock:
            conns = self._idle.setdefault(endpoint, [])
            if len(conns) < MAX_IDLE:
                conns.append(conn)
                return
        conn.close()

    def _connect(self, endpoint: Endpoint, timeout_s: float) -> Exchange:
        sock = socket.create_connection((endpoint.host, endpoint.port), timeout_s)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # a request leaves whole, at once
            if endpoint.https:
                sock = self._tls.wrap_socket(sock, server_hostname=endpoint.host)
        except BaseException:
            sock.close()
            raise
        return Exchange(sock)


@lru_cache(maxsize=256)
def _endpoint(url: str) -> Endpoint:
    parts = urlsplit(url)
    https = parts.scheme == "https"
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    host, port = parts.hostname or "", parts.port or (443 if https else 80)
    named = f"[{host}]" if ":" in host else host
    return Endpoint(https, host, port, path, named if port == (443 if https else 80) else f"{named}:{port}")


def _still_open(sock: socket.socket) -> bool:
    """An idle kept-alive connection has nothing to read; readable means the server closed it (or broke the protocol)."""
    if isinstance(sock, ssl.SSLSocket):  # TLS sockets take no recv flags
        if sock.pending():
            return False
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
