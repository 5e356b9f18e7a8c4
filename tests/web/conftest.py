"""Fixtures for the web app: the app on the real clinics, its test client, and a live HTTP server."""
from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from werkzeug.serving import make_server

from agent_system.web.limits import ClientLimits
from agent_system.web.settings import WebSettings
from tests.support import agent_settings
from web_app import create_app

# Suites about other behaviour open many sessions from 127.0.0.1; tests/web/test_limits.py sets real limits.
ROOMY_LIMITS = ClientLimits(sessions_per_ip="100000 per minute", chats_per_ip="100000 per minute",
                            streams_per_ip=1000)


@pytest.fixture
def web_settings(clinics, registry, tmp_path):
    return WebSettings(agent=agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path),
                       limits=ROOMY_LIMITS)


@pytest.fixture
def app(web_settings):
    return create_app({"SETTINGS": web_settings, "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def live_server(app):
    """The app served over real HTTP (threaded) on an ephemeral port; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture
def make_app(web_settings):
    """An app with some settings changed."""
    return lambda **changes: create_app({"SETTINGS": replace(web_settings, **changes), "TESTING": True})
