"""A delaying proxy in front of one clinic: every POST /mcp waits `delay_s`, then is forwarded.

Unlike tests/fakes/clinic_proxy.py it speaks HTTP/1.1 with keep-alive on both sides, so the
only latency it adds is the injected delay (plus a loopback hop), not a TCP handshake per call.
"""
from __future__ import annotations

import http.client
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

_FORWARDED = ("authorization", "content-type", "mcp-protocol-version", "accept")


class DelayProxy:
    """Real HTTP on 127.0.0.1 in daemon threads; `url` is the MCP endpoint to hand the web app."""

    def __init__(self, target_url: str, delay_s: float):
        target = urlsplit(target_url)
        self.target_host, self.target_port, self.target_path = target.hostname, target.port, target.path
        self.delay_s = delay_s
        self._local = threading.local()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, name="delay-proxy", daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/mcp"

    def forward(self, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        """Wait, then send the call to the clinic over this thread's kept-alive connection."""
        time.sleep(self.delay_s)
        for attempt in range(2):  # a kept-alive connection the clinic closed is reopened once
            try:
                conn = self._connection(fresh=attempt > 0)
                conn.request("POST", self.target_path, body, headers)
                reply = conn.getresponse()
                return reply.status, reply.read()
            except (OSError, http.client.HTTPException):
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def stop(self) -> None:
        """Stop serving and release the port."""
        self._server.shutdown()
        self._server.server_close()

    def _connection(self, fresh: bool) -> http.client.HTTPConnection:
        conn = getattr(self._local, "conn", None)
        if conn is None or fresh:
            if conn is not None:
                conn.close()
            conn = http.client.HTTPConnection(self.target_host, self.target_port, timeout=30)
            self._local.conn = conn
        return conn


def _handler(proxy: DelayProxy):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive towards the web app

        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {k: v for k, v in self.headers.items() if k.lower() in _FORWARDED}
            try:
                status, content = proxy.forward(body, headers)
            except (OSError, http.client.HTTPException):
                status, content = 502, b'{"error": "clinic unreachable"}'
            # Head and body in one write: two small writes would meet Nagle and delayed ACKs (40 ms).
            head = (f"HTTP/1.1 {status} {self.responses.get(status, ('',))[0]}\r\nContent-Type: application/json"
                    f"\r\nContent-Length: {len(content)}\r\n\r\n").encode()
            self.wfile.write(head + content)

        def log_message(self, *args) -> None:
            pass

    return Handler
