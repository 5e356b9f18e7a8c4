"""The development server behind `python web_app.py`: werkzeug on 127.0.0.1 until Ctrl-C or SIGTERM."""
from __future__ import annotations

import signal
import sys

from flask import Flask
from werkzeug.serving import run_simple


def serve(app: Flask, port: int) -> None:
    """Serve `app` until interrupted; SIGTERM ends it like Ctrl-C, so the caller's cleanup runs."""
    # A service manager or `timeout` stops with SIGTERM: the clinics the caller started must stop too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"Clinic assistant: http://127.0.0.1:{port}", flush=True)
    try:
        run_simple("127.0.0.1", port, app, threaded=True)
    except KeyboardInterrupt:
        pass
