"""Clinic health for `/api/health`, kept apart from the chat's calls so a hanging clinic cannot slow either.

Its own connections, its own threads and a short timeout: a load balancer polling health never
waits behind chat turns stuck on a slow clinic, and never takes their threads. The answer is
cached for a moment, so a burst of polls costs one round of pings.
"""
from __future__ import annotations

import http.client
import json
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

from agent_system.dispatch.clinic_http import ClinicHTTP

PING_TIMEOUT_S = 1.0
CACHE_S = 2.0


class ClinicHealth:
    """Each clinic "up" or "down", by an authenticated `ping`; answers at most CACHE_S old."""

    def __init__(self, endpoints: dict[str, str], token: str, tls_verify: bool | str = True,
                 timeout_s: float = PING_TIMEOUT_S, cache_s: float = CACHE_S):
        self.endpoints, self.timeout_s, self.cache_s = endpoints, timeout_s, cache_s
        self._headers = {"Authorization": f"Bearer {token}", "MCP-Protocol-Version": "2025-11-25",
                         "Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        self._http = ClinicHTTP(tls_verify)
        self._pool = ThreadPoolExecutor(max(1, len(endpoints)), thread_name_prefix="health")
        self._lock = threading.Lock()
        self._cached: tuple[float, dict[str, str]] | None = None

    def status(self) -> dict[str, str]:
        """The clinics' status, probed again only when the cached one is older than CACHE_S."""
        with self._lock:  # concurrent polls share one round of pings
            if self._cached is None or time.monotonic() - self._cached[0] > self.cache_s:
                self._cached = (time.monotonic(), self._probe())
            return dict(self._cached[1])

    def close(self) -> None:
        """Release the threads and connections."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._http.close()

    def _probe(self) -> dict[str, str]:
        checks = {cid: self._pool.submit(self._answers_ping, url) for cid, url in self.endpoints.items()}
        return {cid: "up" if check.result() else "down" for cid, check in checks.items()}

    def _answers_ping(self, url: str) -> bool:
        request_id = str(uuid.uuid4())
        body = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "ping"}).encode()
        try:
            status, content = self._http.post(url, body, self._headers, self.timeout_s)
            reply = json.loads(content)
        except (OSError, http.client.HTTPException, ValueError, RecursionError):
            return False
        return status == 200 and isinstance(reply, dict) and reply.get("id") == request_id and "result" in reply
