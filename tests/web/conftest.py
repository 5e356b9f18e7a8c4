"""Fixtures for the web app: the app on the real clinics, its test client, a live HTTP server, and Chromium."""
from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from agent_system.web.limits import ClientLimits
from agent_system.web.settings import WebSettings
from tests.support import agent_settings
from tests.web.browser_support import CHROMIUM, FLAGS, VIEWPORTS
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


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for every browser test of the run: launching it is the slow part."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(params=list(VIEWPORTS))
def page(browser, request):
    """A fresh page at each viewport; any page error or console error fails the test."""
    context = browser.new_context(viewport=VIEWPORTS[request.param], locale="pt-BR", accept_downloads=True)
    opened = context.new_page()
    opened.viewport_name = request.param
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    # A 429 is the rate-limit test's point; Chromium logs every refused request as a console error.
    opened.on("console", lambda m: m.type == "error" and "status of 429" not in m.text and problems.append(m.text))
    yield opened
    context.close()
    assert problems == []
