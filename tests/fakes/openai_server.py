"""A scripted OpenAI-compatible chat-completions server for tests: real HTTP on 127.0.0.1.

    openai_server.script("{\"steps\": []}", FakeReply(status=500))   # queue replies
    llm = LLM(LLMSettings(provider="openai", base_url=openai_server.base_url))
    openai_server.requests[0].body["temperature"]                      # what was sent

It serves POST /v1/chat/completions and Azure's
POST /openai/deployments/<deployment>/chat/completions?api-version=...
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator
from urllib.parse import parse_qsl, urlsplit

import pytest

OPENAI_PATH = "/v1/chat/completions"
AZURE_PATH = re.compile(r"^/openai/deployments/(?P<deployment>[^/]+)/chat/completions$")


@dataclass(frozen=True)
class FakeReply:
    """One scripted answer: `content` text, or an error `status` with `body`; maybe delayed."""

    content: str | None = None
    status: int = 200
    body: Any = None
    delay_s: float = 0.0
    chunks: int = 3  # how many SSE pieces a streamed content is split into
    stall_after: int | None = None  # a streamed reply goes quiet after this many pieces ...
    stall_s: float = 0.0  # ... for this long, then goes on
    drop_after: int | None = None  # a streamed reply's connection closes after this many pieces, unfinished
    chunk_delay_s: float = 0.0  # pause before each streamed piece (a server that trickles tokens)


@dataclass(frozen=True)
class RecordedRequest:
    """What a client sent: path, query, lower-cased headers, parsed JSON body."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: Any

    @property
    def response_format_type(self) -> str | None:
        """The requested response_format.type, or None when none was asked for."""
        body = self.body if isinstance(self.body, dict) else {}
        return (body.get("response_format") or {}).get("type")

    @property
    def deployment(self) -> str | None:
        """The Azure deployment named in the path, or None on the OpenAI path."""
        match = AZURE_PATH.match(self.path)
        return match["deployment"] if match else None


class FakeOpenAIServer:
    """Answers chat completions from a queue of scripted replies and records every request."""

    def __init__(self, *, reject_json_schema: bool = False, reject_response_format: bool = False,
                 route: Callable[[RecordedRequest], str | FakeReply | None] | None = None) -> None:
        self.reject_json_schema = reject_json_schema  # like llama.cpp's server: HTTP 500
        self.reject_response_format = reject_response_format  # servers with no JSON mode: HTTP 400
        # Answers by what is asked (plan, verdict, streamed answer) rather than by order; None -> the script.
        self.route = route
        self.requests: list[RecordedRequest] = []
        self._script: deque[FakeReply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.fake = self  # type: ignore[attr-defined]
        # A short poll interval keeps shutdown (once per test) from costing half a second.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-openai", daemon=True
        )

    def start(self) -> FakeOpenAIServer:
        """Serve in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; delayed replies give up at once."""
        self._stopping.set()
        if self._thread.is_alive():  # shutdown() would wait forever on a server never started
            self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        """The ephemeral port the server listens on."""
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        """The OpenAI-style base URL (for OPENAI_BASE_URL)."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def endpoint(self) -> str:
        """The Azure-style endpoint (for AZURE_OPENAI_ENDPOINT)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pending(self) -> int:
        """How many scripted replies have not been served yet."""
        return len(self._script)

    def script(self, *replies: str | FakeReply) -> None:
        """Queue replies; a string is a successful answer with that content."""
        with self._lock:
            self._script.extend(r if isinstance(r, FakeReply) else FakeReply(content=r) for r in replies)

    def record(self, request: RecordedRequest) -> None:
        """Keep a request for the test to inspect."""
        with self._lock:
            self.requests.append(request)

    def rejection(self, request: RecordedRequest) -> tuple[int, dict] | None:
        """The error a format-rejecting server gives this request, without using the script."""
        kind = request.response_format_type
        if kind is not None and self.reject_response_format:
            return 400, _error(f"response_format {kind!r} is not supported", "invalid_request_error")
        if kind == "json_schema" and self.reject_json_schema:
            return 500, _error('"json_schema" response_format is not supported', "server_error")
        return None

    def next_reply(self, request: RecordedRequest) -> FakeReply | None:
        """The routed reply for this request, else the next scripted one; None when there is neither."""
        routed = self.route(request) if self.route is not None else None
        if routed is not None:
            return routed if isinstance(routed, FakeReply) else FakeReply(content=routed)
        with self._lock:
            return self._script.popleft() if self._script else None

    def sleep(self, seconds: float) -> bool:
        """Wait out a scripted delay; True when the server is stopping meanwhile."""
        return self._stopping.wait(seconds)


class _Handler(BaseHTTPRequestHandler):
    """HTTP/1.0 handler: one request per connection, so SSE ends when the socket closes."""

    server: Any

    def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
        try:
            self._answer(self._read_request())
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test): nothing left to tell it

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # keep test output quiet

    def _read_request(self) -> RecordedRequest:
        url = urlsplit(self.path)
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        request = RecordedRequest(
            method="POST",
            path=url.path,
            query=dict(parse_qsl(url.query)),
            headers={name.lower(): value for name, value in self.headers.items()},
            body=_parse_json(raw),
        )
        self.server.fake.record(request)
        return request

    def _answer(self, request: RecordedRequest) -> None:
        fake: FakeOpenAIServer = self.server.fake
        if request.path != OPENAI_PATH and request.deployment is None:
            return self._send_json(404, _error(f"no route for {request.path}", "not_found"))
        if not isinstance(request.body, dict):
            return self._send_json(400, _error("body is not a JSON object", "invalid_request_error"))
        rejection = fake.rejection(request)
        if rejection is not None:
            return self._send_json(*rejection)
        reply = fake.next_reply(request)
        if reply is None:
            message = "fake openai server: the script is empty (queue a reply with server.script(...))"
            return self._send_json(500, _error(message, "fake_script_empty"))
        if reply.delay_s and fake.sleep(reply.delay_s):
            return None
        self._send_reply(request, reply)

    def _send_reply(self, request: RecordedRequest, reply: FakeReply) -> None:
        if reply.status != 200:
            return self._send_json(reply.status, reply.body or _error(f"scripted HTTP {reply.status}", "scripted"))
        if request.body.get("stream"):
            return self._send_sse(_stream_chunks(request, reply), reply)
        self._send_json(200, _completion(request, reply.content or ""))

    def _send_json(self, status: int, payload: Any) -> None:
        data = (payload if isinstance(payload, str) else json.dumps(payload)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_sse(self, chunks: Iterator[dict], reply: FakeReply) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        for sent, chunk in enumerate(chunks):
            if sent == reply.drop_after:
                return  # the connection closes mid-answer: no finish_reason, no [DONE]
            if sent == reply.stall_after and self.server.fake.sleep(reply.stall_s):
                return
            if reply.chunk_delay_s and self.server.fake.sleep(reply.chunk_delay_s):
                return
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")


def _parse_json(raw: bytes) -> Any:
    """The body as JSON, or None when it is not JSON."""
    try:
        return json.loads(raw or b"null")
    except ValueError:
        return None


def _error(message: str, kind: str) -> dict:
    """An OpenAI-style error body."""
    return {"error": {"message": message, "type": kind, "code": None, "param": None}}


def _completion(request: RecordedRequest, content: str) -> dict:
    """A non-streamed chat.completion answering with `content`."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.body.get("model", "fake-model"),
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def _stream_chunks(request: RecordedRequest, reply: FakeReply) -> Iterator[dict]:
    """chat.completion.chunk events carrying the content in pieces, then a stop chunk."""
    if request.deployment is not None:
        yield _chunk(request, choices=[])  # Azure opens with prompt-filter results and no choices
    for piece in _split(reply.content or "", reply.chunks):
        yield _chunk(request, choices=[{"index": 0, "delta": {"content": piece}, "finish_reason": None}])
    yield _chunk(request, choices=[{"index": 0, "delta": {}, "finish_reason": "stop"}])


def _chunk(request: RecordedRequest, choices: list[dict]) -> dict:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": request.body.get("model", "fake-model"),
        "choices": choices,
    }


def _split(text: str, pieces: int) -> list[str]:
    """`text` cut into at most `pieces` consecutive parts."""
    size = max(1, math.ceil(len(text) / max(1, pieces)))
    return [text[i : i + size] for i in range(0, len(text), size)]


@pytest.fixture
def openai_server() -> Iterator[FakeOpenAIServer]:
    """A running FakeOpenAIServer, stopped after the test."""
    with FakeOpenAIServer() as server:
        yield server
