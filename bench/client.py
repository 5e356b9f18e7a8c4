"""A lean SSE client for load: one kept-alive HTTP/1.1 connection, turns timed to each event type's first arrival.

It parses the stream with the product's own SSEParser, so the benchmark reads exactly what the
browser reads; it uses http.client rather than requests to keep the client's own cost small on a
machine it shares with the servers.
"""
from __future__ import annotations

import codecs
import http.client
import json
import time
from dataclasses import dataclass, field
from typing import Any

from agent_system.sse import SSEParser

_JSON = {"Content-Type": "application/json"}


@dataclass
class TurnResult:
    """One chat turn as the client saw it."""
    ok: bool
    total_s: float
    first_event_s: float | None = None
    events: list[tuple[str, str]] = field(default_factory=list)  # (type, raw JSON data)
    failure: str | None = None
    first_s: dict[str, float] = field(default_factory=dict)  # event type -> seconds from request to its first arrival

    @property
    def first_stage_s(self) -> float | None:
        """Request sent to the first pipeline `stage` event (the first sign of work; `session` comes before)."""
        return self.first_s.get("stage")

    @property
    def first_answer_text_s(self) -> float | None:
        """Request sent to the first answer text: the first `token`, or the `answer` when nothing streamed."""
        return self.first_s.get("token", self.first_s.get("answer"))

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        """The payloads of every event of one type (parsed on demand: the client shares the CPUs)."""
        return [json.loads(data) for event, data in self.events if event == kind]

    @property
    def answer(self) -> dict[str, Any]:
        """The `answer` event's payload ({} when there was none)."""
        answers = self.of_type("answer")
        return answers[0] if answers else {}


class WebClient:
    """One patient's connection to the web app."""

    def __init__(self, host: str, port: int, timeout_s: float = 30.0, address: str | None = None):
        self.host, self.port, self.timeout_s = host, port, timeout_s
        # The patient's own address, told in X-Forwarded-For as a reverse proxy would: the web app trusts
        # the load generator's 127.0.0.1 as that proxy (TRUSTED_PROXIES) and limits each address apart.
        self.address = address
        self.conn = self._connect()
        self.session_id: str | None = None
        self.cpf: str | None = None

    def open_session(self, name: str, cpf: str) -> None:
        """POST /api/session; raises when the app refuses the identity."""
        status, body = self._post_json("/api/session", {"name": name, "cpf": cpf})
        if status != 201:
            raise RuntimeError(f"session refused: {status} {body}")
        self.session_id, self.cpf = body["session_id"], cpf

    def turn(self, message: str) -> TurnResult:
        """Send one message over SSE and read the whole stream; never raises."""
        started = time.perf_counter()
        try:
            return self._stream(message, started)
        except (OSError, http.client.HTTPException, ValueError) as e:
            self.conn.close()
            self.conn = self._connect()
            return TurnResult(ok=False, total_s=time.perf_counter() - started, failure=type(e).__name__)

    def close(self) -> None:
        """Close the connection (the session stays on the server)."""
        self.conn.close()

    def _stream(self, message: str, started: float) -> TurnResult:
        body = json.dumps({"session_id": self.session_id, "message": message})
        self.conn.request("POST", "/api/chat", body, {**self._headers(), "Accept": "text/event-stream"})
        reply = self.conn.getresponse()
        if reply.status != 200:
            reply.read()
            return TurnResult(ok=False, total_s=time.perf_counter() - started, failure=f"HTTP {reply.status}")
        result = TurnResult(ok=False, total_s=0.0)
        parser, decoder = SSEParser(), codecs.getincrementaldecoder("utf-8")()
        while not result.ok:
            chunk = reply.read1(65536)
            if not chunk:
                break
            for raw in parser.feed(decoder.decode(chunk)):
                now = time.perf_counter() - started
                result.first_event_s = result.first_event_s or now
                result.first_s.setdefault(raw.event, now)
                result.events.append((raw.event, raw.data))
                result.ok = raw.event == "done"
        result.total_s = time.perf_counter() - started
        reply.read()  # the rest of the chunked body, so the connection can be reused
        return _judged(result)

    def _post_json(self, path: str, payload: dict) -> tuple[int, dict]:
        self.conn.request("POST", path, json.dumps(payload), self._headers())
        reply = self.conn.getresponse()
        data = reply.read()
        return reply.status, json.loads(data) if data else {}

    def _headers(self) -> dict[str, str]:
        return {**_JSON, "X-Forwarded-For": self.address} if self.address else _JSON

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=self.timeout_s)


def _judged(result: TurnResult) -> TurnResult:
    """A turn is good when it ended with `done`, carried an answer and no `error` event."""
    if not result.ok:
        result.failure = "stream ended before done"
    elif result.of_type("error"):
        result.ok, result.failure = False, f"error event {result.of_type('error')[0].get('code')}"
    elif not result.answer:
        result.ok, result.failure = False, "no answer event"
    return result
