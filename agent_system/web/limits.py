"""Per-client limits of the web app: who the client is, how often it may open sessions and chat, how many
turns it may hold open at once. Every refusal is a 429 with `Retry-After` and a sentence giving the wait.

The client is the peer address, or the address a configured trusted proxy reports in
`X-Forwarded-For`; a header from anyone else is ignored, so a client cannot pick its own identity.
Rates are counted in moving windows by the `limits` library, in Redis when REDIS_URL is set (shared by
every worker process), otherwise in each worker's memory.
"""
from __future__ import annotations

import ipaddress
import math
import threading
import time
from dataclasses import dataclass
from functools import wraps
from typing import Callable, Mapping

from flask import Flask, Response, current_app, jsonify, request
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

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


class ClientRates:
    """How many requests of one kind (new sessions, chat turns) a client address may make in a moving window."""

    def __init__(self, storage_uri: str):
        self._limiter = MovingWindowRateLimiter(storage_from_string(storage_uri))

    def take(self, limit: RateLimitItem, kind: str, client: str, refusal: str) -> None:
        """Count one request of `kind` for `client`, or raise TooManyRequests when its window is full."""
        if self._limiter.hit(limit, "clinic-assistant", kind, client):
            return
        reset = self._limiter.get_window_stats(limit, "clinic-assistant", kind, client).reset_time
        wait = min(math.ceil(reset - time.time()), limit.get_expiry())
        raise TooManyRequests(wait_sentence(refusal, max(1, wait)), max(1, wait))


def install_limits(app: Flask, limits: ClientLimits) -> None:
    """Attach the rate limits to session creation and chat, and the stream gate to the app."""
    trusted = tuple(ipaddress.ip_network(p, strict=False) for p in limits.trusted_proxies)
    app.extensions["client_ip"] = lambda: client_ip(request.remote_addr, request.headers.get("X-Forwarded-For"),
                                                    trusted)
    app.extensions["stream_gate"] = StreamGate(limits.streams_per_ip)
    rates = ClientRates(rate_storage(limits))
    for endpoint, limit, refusal in (
            ("api.open_session", limits.sessions_per_ip, "Muitas novas conversas deste endereço em pouco tempo."),
            ("api.chat", limits.chats_per_ip, "Muitas mensagens deste endereço em pouco tempo.")):
        app.view_functions[endpoint] = _limited(app.view_functions[endpoint], rates, parse(limit), endpoint, refusal)
    app.errorhandler(TooManyRequests)(too_many_response)


def _limited(view: Callable, rates: ClientRates, limit: RateLimitItem, kind: str, refusal: str) -> Callable:
    """The view, counted against the client's window before it runs."""
    @wraps(view)
    def counted(*args, **kwargs):
        rates.take(limit, kind, current_client(), refusal)
        return view(*args, **kwargs)
    return counted


def rate_storage(limits: ClientLimits) -> str:
    """Where rates are counted: Redis when configured, else this process's swept memory."""
    if limits.storage_uri == "memory://":
        return f"{SweptMemoryStorage.STORAGE_SCHEME[0]}://"
    return limits.storage_uri


def current_client() -> str:
    """The client address of the request being served."""
    return current_app.extensions["client_ip"]()
