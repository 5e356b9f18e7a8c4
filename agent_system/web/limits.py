"""Per-client limits of the web app: who the client is, how often it may open sessions and chat, how many
turns it may hold open at once. Every refusal is a 429 with `Retry-After` and a sentence giving the wait.

The client is the peer address, or the address a configured trusted proxy reports in
`X-Forwarded-For`; a header from anyone else is ignored, so a client cannot pick its own identity.
Rates are counted by Flask-Limiter, in Redis when REDIS_URL is set (shared by every worker process),
otherwise in each worker's memory.
"""
from __future__ import annotations

import ipaddress
import math
import threading
import time
from dataclasses import dataclass
from typing import Callable, Mapping

from flask import Flask, Response, current_app, jsonify, request
from flask_limiter import Limiter, RateLimitExceeded, RequestLimit

from agent_system.errors import TooManyRequests
from agent_system.web.hold import Hold
from agent_system.web.swept_memory import SweptMemoryStorage

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class ClientLimits:
    sessions_per_ip: str = "20 per minute"
    chats_per_ip: str = "120 per minute"
    streams_per_ip: int = 8
    # Failed identity checks (a name that does not fit, a code that opens nothing), across CPFs.
    identity_failures_per_session: str = "5 per 15 minutes"
    identity_failures_per_ip: str = "20 per hour"
    trusted_proxies: tuple[str, ...] = ()
    storage_uri: str = "memory://"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "ClientLimits":
        """Limits from SESSIONS_PER_IP, CHATS_PER_IP, STREAMS_PER_IP, IDENTITY_FAILURES_PER_SESSION,
        IDENTITY_FAILURES_PER_IP, TRUSTED_PROXIES and REDIS_URL."""
        proxies = tuple(p.strip() for p in env.get("TRUSTED_PROXIES", "").split(",") if p.strip())
        defaults = cls()
        return cls(sessions_per_ip=env.get("SESSIONS_PER_IP") or defaults.sessions_per_ip,
                   chats_per_ip=env.get("CHATS_PER_IP") or defaults.chats_per_ip,
                   streams_per_ip=int(env.get("STREAMS_PER_IP") or defaults.streams_per_ip),
                   identity_failures_per_session=env.get("IDENTITY_FAILURES_PER_SESSION")
                   or defaults.identity_failures_per_session,
                   identity_failures_per_ip=env.get("IDENTITY_FAILURES_PER_IP") or defaults.identity_failures_per_ip,
                   trusted_proxies=proxies, storage_uri=env.get("REDIS_URL") or defaults.storage_uri)


def too_many_response(error: TooManyRequests) -> Response:
    """The 429 answer: `{"error": {code, message, retry_after}}` and a `Retry-After` header."""
    response = jsonify(error={"code": "too_many_requests", "message": error.message,
                              "retry_after": error.retry_after_s})
    response.status_code = 429
    response.headers["Retry-After"] = str(error.retry_after_s)
    return response


def wait_sentence(what: str, seconds: int) -> str:
    """"Muitas novas conversas ... Tente novamente em 42 segundos." in plain words."""
    unit = "segundo" if seconds == 1 else "segundos"
    return f"{what} Tente novamente em {seconds} {unit}."


def client_ip(peer: str | None, forwarded_for: str | None, trusted: tuple[Network, ...]) -> str:
    """The client's address: the peer, or the nearest untrusted hop of X-Forwarded-For sent by a trusted proxy."""
    address = peer or "unknown"
    if not forwarded_for or not _is_trusted(address, trusted):
        return address
    for hop in reversed([h.strip() for h in forwarded_for.split(",") if h.strip()]):
        address = hop
        if not _is_trusted(hop, trusted):
            break
    return address


def _is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)


class StreamGate:
    """Counts each client's chat turns in progress (in this process) and refuses one over the cap."""

    def __init__(self, per_client: int):
        self.per_client = per_client
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def enter(self, client: str) -> Hold:
        """Take one place for `client`, or raise TooManyRequests; the hold gives it back."""
        with self._lock:
            if self._open.get(client, 0) >= self.per_client:
                raise TooManyRequests(wait_sentence("Há conversas demais abertas deste endereço.", 5), 5)
            self._open[client] = self._open.get(client, 0) + 1
        return Hold(lambda: self._leave(client))

    def _leave(self, client: str) -> None:
        with self._lock:
            left = self._open.pop(client) - 1
            if left:
                self._open[client] = left

    def open_count(self, client: str) -> int:
        """How many turns `client` has in progress."""
        with self._lock:
            return self._open.get(client, 0)


def install_limits(app: Flask, limits: ClientLimits) -> None:
    """Attach the rate limits to session creation and chat, and the stream gate to the app."""
    trusted = tuple(ipaddress.ip_network(p, strict=False) for p in limits.trusted_proxies)
    app.extensions["client_ip"] = lambda: client_ip(request.remote_addr, request.headers.get("X-Forwarded-For"),
                                                    trusted)
    app.extensions["stream_gate"] = StreamGate(limits.streams_per_ip)
    storage = rate_storage(limits)
    limiter = Limiter(current_client, app=app, storage_uri=storage, strategy="moving-window",
                      headers_enabled=False, key_prefix="clinic-assistant")
    app.view_functions["api.open_session"] = limiter.limit(
        limits.sessions_per_ip, methods=["POST"], on_breach=_refuse("Muitas novas conversas deste endereço em pouco tempo."))(
        app.view_functions["api.open_session"])
    app.view_functions["api.chat"] = limiter.limit(
        limits.chats_per_ip, methods=["POST"], on_breach=_refuse("Muitas mensagens deste endereço em pouco tempo."))(
        app.view_functions["api.chat"])
    app.errorhandler(TooManyRequests)(too_many_response)
    # A breach carries the answer built by `_refuse`; without this the app's generic HTTP error page wins.
    app.errorhandler(RateLimitExceeded)(lambda error: error.response)


def rate_storage(limits: ClientLimits) -> str:
    """Where rates are counted: Redis when configured, else this process's swept memory."""
    if limits.storage_uri == "memory://":
        return f"{SweptMemoryStorage.STORAGE_SCHEME[0]}://"
    return limits.storage_uri


def current_client() -> str:
    """The client address of the request being served."""
    return current_app.extensions["client_ip"]()


def _refuse(what: str) -> Callable[[RequestLimit], Response]:
    def on_breach(limit: RequestLimit) -> Response:
        wait = min(math.ceil(limit.reset_at - time.time()), limit.limit.get_expiry())
        return too_many_response(TooManyRequests(wait_sentence(what, max(1, wait)), wait))
    return on_breach
