"""The factory the flaskr way: importing does nothing, the app is built from the settings it is given,
its routes come from two blueprints, and every answer (errors too) carries the security headers."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from web_app import create_app, local_clinics

ROOT = Path(__file__).resolve().parent.parent.parent


def test_importing_the_web_app_starts_nothing_and_writes_nothing(tmp_path):
    env = {**os.environ, "VAR_DIR": str(tmp_path), "ENV_FILE": str(tmp_path / "no.env")}
    done = subprocess.run([sys.executable, "-c", "import web_app"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_factory_takes_its_settings_and_testing_flag_from_the_config(web_settings):
    assert create_app({"SETTINGS": web_settings, "TESTING": True}).testing
    app = create_app({"SETTINGS": web_settings})
    assert not app.testing and app.extensions["web_settings"] is web_settings
    assert (web_settings.agent.var_dir / "sessions.sqlite3").exists()  # the sessions live where the settings say


def test_the_routes_come_from_the_page_and_api_blueprints(app):
    routes = {(rule.rule, rule.endpoint) for rule in app.url_map.iter_rules() if rule.endpoint != "static"}
    assert routes == {("/", "pages.index"), ("/api/session", "api.open_session"), ("/api/session", "api.show_session"),
                      ("/api/session", "api.close_session"), ("/api/chat", "api.chat"),
                      ("/api/clinics", "api.clinics"), ("/api/health", "api.health")}


@pytest.mark.parametrize("method, path, status", [("get", "/", 200), ("get", "/nowhere", 404),
                                                  ("put", "/api/chat", 405), ("post", "/api/chat", 400)])
def test_every_answer_carries_the_security_headers(client, method, path, status):
    reply = getattr(client, method)(path)
    assert reply.status_code == status
    assert reply.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert (reply.headers["X-Frame-Options"], reply.headers["X-Content-Type-Options"],
            reply.headers["Referrer-Policy"]) == ("DENY", "nosniff", "no-referrer")


def test_remote_clinics_are_not_started_locally(registry, tmp_path):
    env = {"CLINIC_A_URL": "https://clinic-a.example/mcp", "VAR_DIR": str(tmp_path)}
    with local_clinics(registry, env) as token:
        assert token is None
    assert list(tmp_path.iterdir()) == []  # no fleet, so no tokens generated
