"""A fault-injecting proxy in front of a real clinic: adds latency, hangs, or rewrites tool results.

    proxy = ClinicProxy(fleet.url("clinic_c"), delay_s=0.3)       # a slow clinic
    proxy = ClinicProxy(url, rewrite=lambda result: {...})         # a clinic that leaks PII
    proxy = ClinicProxy(url, reply=lambda message: {...})          # a clinic that lies about the request id
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

import requests


class ClinicProxy:
    """Real HTTP on 127.0.0.1; forwards POST /mcp to the clinic, then applies the configured fault."""

    def __init__(self, target_url: str, delay_s: float = 0.0, rewrite: Callable[[dict], dict] | None = None,
                 reply: Callable[[dict], dict] | None = None):
        self.target_url, self.delay_s, self.rewrite, self.reply = target_url, delay_s, rewrite, reply
        self.requests: list[dict] = []  # every JSON-RPC request forwarded, in order
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/mcp"

    def forward(self, body: bytes, headers: dict) -> tuple[int, bytes]:
        time.sleep(self.delay_s)
        self.requests.append(json.loads(body))
        reply = requests.post(self.target_url, data=body, headers=headers, timeout=30)
        if self.reply is not None:
            return reply.status_code, json.dumps(self.reply(reply.json()), ensure_ascii=False).encode()
        if self.rewrite is None or reply.status_code != 200:
            return reply.status_code, reply.content
        message = reply.json()
        structured = message.get("result", {}).get("structuredContent")
        if isinstance(structured, dict):
            changed = self.rewrite(structured)
            message["result"]["structuredContent"] = changed
            message["result"]["content"] = [{"type": "text", "text": json.dumps(changed, ensure_ascii=False)}]
        return 200, json.dumps(message, ensure_ascii=False).encode()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _handler(proxy: ClinicProxy):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {k: v for k, v in self.headers.items() if k.lower() in ("authorization", "content-type",
                                                                             "mcp-protocol-version", "accept")}
            status, content = proxy.forward(body, headers)
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        def log_message(self, *args) -> None:
            pass

    return Handler
