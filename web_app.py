"""The web app's factory, and `python web_app.py`, which also starts the clinics unless they are remote.

Production: `gunicorn -c gunicorn_web.conf.py` (gevent workers: an open SSE stream or a slow client
costs a greenlet, not a thread).
"""
from __future__ import annotations

import argparse
import logging
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator, Mapping

from flask import Flask, request
from flask_cors import CORS

from agent_system.assembly import build_pipeline
from agent_system.dispatch.health import ClinicHealth
from agent_system.sessions.store import open_session_store
from agent_system.settings import remote_clinics
from agent_system.turn_runner import open_turn_runner
from agent_system.web.api import api
from agent_system.web.dev_server import serve
from agent_system.web.error_handlers import register_error_handlers
from agent_system.web.health import RedisProbe
from agent_system.web.headers import security_headers
from agent_system.web.identity_failures import install_identity_limit
from agent_system.web.limits import install_limits
from agent_system.web.pages import pages
from agent_system.web.settings import WebSettings
from clinic_servers.contract.environment import PROJECT_ROOT, read_environment
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.contract.request_body import buffer_unsized_body
from clinic_servers.launcher import start_fleet


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the web app; `config` may hold a WebSettings under "SETTINGS" and a ClinicRegistry under "REGISTRY"
    (tests, the entry point), else each comes from the environment and `.env`."""
    registry = (config or {}).get("REGISTRY") or ClinicRegistry.from_env(read_environment())
    settings: WebSettings = (config or {}).get("SETTINGS") or WebSettings.from_env(read_environment(), registry)
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=settings.max_body_bytes, **(config or {}))
    sessions = open_session_store(settings.agent.var_dir, settings.redis_url, settings.session_ttl_s,
                                  settings.max_sessions)
    app.extensions.update(
        sessions=sessions, web_settings=settings, registry=registry,
        turns=open_turn_runner(build_pipeline(settings.agent, registry), settings.agent, sessions),
        health=ClinicHealth(settings.agent.clinic_urls, settings.agent.clinic_token, settings.agent.clinic_tls_verify),
        redis_probe=RedisProbe(settings.redis_url) if settings.redis_url else None,
        # Reused threads for the turns behind SSE streams: starting a thread per turn cost ~0.5 ms of CPU
        # under load (the starter waits for the new thread to run), and each new thread opened its own
        # session-store connection. Threads start lazily, so a pre-forking server may build the app first.
        turn_workers=ThreadPoolExecutor(settings.turn_workers, thread_name_prefix="turn"))
    if settings.cors_origins:
        CORS(app, resources={r"/api/*": {"origins": list(settings.cors_origins)}}, expose_headers=[],
             allow_headers=["Content-Type", "X-Session-Id", "Accept"])
    app.register_blueprint(pages)
    app.register_blueprint(api)
    install_limits(app, settings.limits)
    install_identity_limit(app, settings.limits)
    register_error_handlers(app)
    app.before_request(lambda: buffer_unsized_body(request, settings.max_body_bytes))
    app.after_request(security_headers)
    return app


@contextmanager
def local_clinics(registry: ClinicRegistry, env: Mapping[str, str]) -> Iterator[str | None]:
    """Start the clinic fleet here and yield its patient token; yield None when the clinics are remote."""
    if remote_clinics(registry, env):
        yield None
        return
    var_dir = Path(env.get("VAR_DIR") or PROJECT_ROOT / "var")
    fleet = start_fleet(registry, env, var_dir)
    fleet.supervise(var_dir)
    try:
        yield fleet.env["CLINIC_TOKEN"]
    finally:
        fleet.stop()


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line: no options but --help; everything else is configured by the environment."""
    parser = argparse.ArgumentParser(
        prog="python web_app.py",
        description="Start the six clinics (unless CLINIC_A_URL ... CLINIC_F_URL name remote ones) and serve the web "
                    "app on 127.0.0.1:PORT (5000) for development; Ctrl-C stops everything. Production: "
                    "gunicorn -c gunicorn_web.conf.py.",
        epilog="Configured by environment variables or a .env file (README, Configuration): PORT, VAR_DIR, "
               "REDIS_URL, CLINIC_TOKEN, the clinic ports and URLs, the limits and the LLM variables.")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Start the clinics (unless remote) and serve the web app on PORT (default 5000)."""
    parse_arguments(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    env = read_environment()
    registry = ClinicRegistry.from_env(env)
    with local_clinics(registry, env) as fleet_token:
        settings = WebSettings.from_env(env, registry)
        if fleet_token:  # the fleet's own token, handed over directly: the environment is never changed
            settings = replace(settings, agent=replace(settings.agent, clinic_token=fleet_token))
        serve(create_app({"SETTINGS": settings, "REGISTRY": registry}), settings.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
