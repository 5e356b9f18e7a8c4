"""A headless client of the web API: opens a session and chats over SSE, printing the stages.

`python -m agent_system.terminal.client --url http://127.0.0.1:5000 --name "<full name>" --cpf <CPF>`
then one message per line. Tests and the evaluation drive the same class.
"""
from __future__ import annotations

import argparse
import sys
from typing import Iterator

import requests

from agent_system.errors import ApiRefusal
from agent_system.domain.events import from_wire
from agent_system.sse import SSEParser
from agent_system.terminal.console import answer_text, describe


class ChatClient:
    """One patient's session against the web app."""

    def __init__(self, base_url: str, timeout_s: float = 60.0):
        self.base_url, self.timeout_s = base_url.rstrip("/"), timeout_s
        self.http = requests.Session()
        self.session_id: str | None = None
        self.patient: dict | None = None

    def open(self, name: str, cpf: str) -> dict:
        """Identify the patient; returns the masked patient record."""
        reply = self.http.post(f"{self.base_url}/api/session", json={"name": name, "cpf": cpf}, timeout=self.timeout_s)
        body = _checked(reply)
        self.session_id, self.patient = body["session_id"], body["patient"]
        return self.patient

    def chat(self, message: str) -> Iterator:
        """Send one message and yield the typed events as they stream in."""
        reply = self.http.post(f"{self.base_url}/api/chat", json={"session_id": self.session_id, "message": message},
                               headers={"Accept": "text/event-stream"}, stream=True, timeout=self.timeout_s)
        if reply.status_code != 200:
            _checked(reply)
        reply.encoding = "utf-8"  # the SSE format is always UTF-8
        parser = SSEParser()
        with reply:
            for chunk in reply.iter_content(chunk_size=None, decode_unicode=True):
                # Decoded with the encoding set above; requests' types also allow the raw bytes.
                for raw in parser.feed(chunk if isinstance(chunk, str) else chunk.decode("utf-8")):
                    yield from_wire(raw.event, raw.data)

    def turn(self, message: str) -> list:
        """Send one message and return all its events."""
        return list(self.chat(message))

    def history(self) -> dict:
        """The session as the server keeps it (patient and history)."""
        return _checked(self.http.get(f"{self.base_url}/api/session", headers={"X-Session-Id": self.session_id or ""},
                                      timeout=self.timeout_s))

    def close(self) -> None:
        """End the session (New chat)."""
        self.http.delete(f"{self.base_url}/api/session", headers={"X-Session-Id": self.session_id or ""},
                         timeout=self.timeout_s)


def _checked(reply: requests.Response) -> dict:
    body = reply.json() if reply.content else {}
    if reply.status_code >= 400:
        error = body.get("error", {}) if isinstance(body, dict) else {}
        raise ApiRefusal(reply.status_code, error.get("code", "http_error"), error.get("message", reply.reason))
    return body


def main(argv: list[str] | None = None) -> int:
    """Chat from the terminal through the web API."""
    args = argparse.ArgumentParser(
        prog="python -m agent_system.terminal.client",
        description="Chat with a running web app through its API (POST /api/session, then /api/chat over SSE), "
                    "printing every stage; one message per line on standard input.")
    args.add_argument("--url", default="http://127.0.0.1:5000",
                      help="the web app's base URL (default: %(default)s)")
    args.add_argument("--name", required=True, help="the patient's full name")
    args.add_argument("--cpf", required=True, help="the patient's CPF: its 11 digits, with or without dots and dash")
    options = args.parse_args(argv)
    client = ChatClient(options.url)
    print(f"Sessão aberta para {client.open(options.name, options.cpf)['name']}.", flush=True)
    for line in sys.stdin:
        if line.strip():
            for event in client.chat(line.strip()):
                text = describe(event) or answer_text(event)
                if text:
                    print(text, flush=True)
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
