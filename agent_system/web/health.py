"""What `/api/health` reports, and when it says 503.

A load balancer reads the status code only: 200 while every clinic answers and the configured Redis
(sessions and rates of every worker) answers, 503 otherwise, so it stops sending patients to an
instance that cannot book or keep their conversation. The body says what is down and how often the
launcher has restarted each clinic (a clinic that keeps dying shows as a climbing count).
"""
from __future__ import annotations

from pathlib import Path

from clinic_servers.contract.fleet_status import read_restarts, restarts_path

PING_TIMEOUT_S = 1.0


class RedisProbe:
    """Redis "up" or "down" by a PING on its own connection, so a stuck Redis holds a health poll one second."""

    def __init__(self, url: str):
        import redis  # only needed when REDIS_URL is set

        self._errors = (redis.RedisError, OSError)
        self._client = redis.Redis.from_url(url, socket_timeout=PING_TIMEOUT_S,
                                            socket_connect_timeout=PING_TIMEOUT_S)

    def status(self) -> str:
        """"up" when Redis answers PING."""
        try:
            return "up" if self._client.ping() else "down"
        except self._errors:
            return "down"


def health_report(clinics: dict[str, str], redis: str, var_dir: Path, llm: str) -> tuple[dict, int]:
    """The health body and its HTTP status; `redis` is "up", "down" or "none" (not configured)."""
    healthy = all(state == "up" for state in clinics.values()) and redis != "down"
    body = {"status": "ok" if healthy else "degraded", "clinics": clinics,
            "restarts": read_restarts(restarts_path(var_dir)), "redis": redis, "llm": llm}
    return body, 200 if healthy else 503
