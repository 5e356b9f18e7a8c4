"""The development server behind `python web_app.py`: werkzeug on 127.0.0.1 until Ctrl-C or SIGTERM."""
from __future__ import annotations

import signal
import sys
import threading
from typing import Any, Callable, Iterable

from flask import Flask
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

_CLOSE = "clinic_assistant.close_response"


def serve(app: Flask, port: int) -> None:
    """Serve `app` until interrupted; SIGTERM ends it like Ctrl-C, so the caller's cleanup runs."""
    # A service manager or `timeout` stops with SIGTERM: the clinics the caller started must stop too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"Clinic assistant: http://127.0.0.1:{port}", flush=True)
    server = dev_server(app, "127.0.0.1", port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def dev_server(app: Flask, host: str, port: int) -> BaseWSGIServer:
    """werkzeug's threaded server, closing every response it served (a turn's stream gives back what it holds)."""
    return make_server(host, port, _closed_once(app), threaded=True, request_handler=ClosingRequestHandler)


class ClosingRequestHandler(WSGIRequestHandler):
    """werkzeug's handler, plus the WSGI `close()` of the response when werkzeug's own call was skipped.

    werkzeug 3.1 closes the response after discarding what is left of the request; when the client reset
    the connection (it stopped reading as soon as the answer's `done` arrived) that read raises and
    `close()` is never called.
    """

    def run_wsgi(self) -> None:
        try:
            super().run_wsgi()
        finally:
            close = getattr(self, "environ", {}).pop(_CLOSE, None)
            if close is not None:
                close()


class _ClosedOnce:
    """A response iterable whose `close()` runs once, whether werkzeug or the handler calls it first."""

    def __init__(self, body: Iterable[bytes]):
        self._body, self._closed = body, threading.Event()

    def __iter__(self):
        return iter(self._body)

    def close(self) -> None:
        if not self._closed.is_set():
            self._closed.set()
            getattr(self._body, "close", lambda: None)()


def _closed_once(app: Flask) -> Callable[..., Iterable[bytes]]:
    def wsgi(environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        body = _ClosedOnce(app(environ, start_response))
        environ[_CLOSE] = body.close
        return body
    return wsgi
