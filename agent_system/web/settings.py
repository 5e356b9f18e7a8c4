"""The web app's configuration, read once from the environment and passed to the factory."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping
from urllib.parse import urlsplit

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.errors import ConfigurationError
from agent_system.sessions.store import IDLE_TTL_S, MAX_SESSIONS
from agent_system.settings import AgentSettings
from agent_system.web.limits import ClientLimits

TURN_WORKERS = 64  # turns running at once per process; more wait (with keep-alives) for a free worker
# redis-py's URL schemes (sessions), and how the rate counters' library (limits) names the same server.
_RATE_SCHEMES = {"redis": "redis", "rediss": "rediss", "unix": "redis+unix"}


@dataclass(frozen=True)
class WebSettings:
    port: int = 5000
    max_body_bytes: int = 16 * 1024
    max_message_chars: int = 2000
    messages_per_minute: int = 30
    cors_origins: tuple[str, ...] = ()
    redis_url: str | None = None
    session_ttl_s: int = IDLE_TTL_S
    max_sessions: int = MAX_SESSIONS
    turn_workers: int = TURN_WORKERS
    limits: ClientLimits = ClientLimits()
    agent: AgentSettings = field(kw_only=True, repr=False)  # the orchestrator's: every web app runs one

    @classmethod
    def from_env(cls, env: Mapping[str, str], registry: ClinicRegistry) -> "WebSettings":
        """Settings from environment variables; every one has a default."""
        origins = tuple(o.strip() for o in env.get("CORS_ORIGINS", "").split(",") if o.strip())
        redis_url = env.get("REDIS_URL") or None
        limits = ClientLimits.from_env(env)
        if redis_url:
            limits = replace(limits, storage_uri=rate_storage_url(redis_url))
        return cls(port=int(env.get("PORT") or 5000), cors_origins=origins, redis_url=redis_url,
                   messages_per_minute=int(env.get("MESSAGES_PER_MINUTE") or 30),
                   max_sessions=int(env.get("MAX_SESSIONS") or MAX_SESSIONS), limits=limits,
                   turn_workers=int(env.get("TURN_WORKERS") or TURN_WORKERS),
                   agent=AgentSettings.from_env(env, registry))


def rate_storage_url(redis_url: str) -> str:
    """The rate counters' URL for the sessions' Redis: `unix:///run/redis.sock` is `redis+unix://` to them.

    Any other scheme is refused here, at start, with the variable's name: it used to pass the sessions'
    lazy connection and then stop every worker from booting with the rate library's own error.
    """
    scheme = urlsplit(redis_url).scheme
    if scheme not in _RATE_SCHEMES:
        raise ConfigurationError("REDIS_URL", f"unsupported scheme {scheme + '://' if scheme else '(none)'}; use "
                                              "redis://host:6379/0, rediss://host:6380/0 (TLS) or unix:///path/redis.sock")
    return _RATE_SCHEMES[scheme] + redis_url[len(scheme):]
