"""The generic clinic server: a Flask app factory bound to one registry entry.

Production: `gunicorn -w 4 -b 127.0.0.1:8001 'clinic_servers.app:create_app("clinic_a")'`.
"""
from __future__ import annotations

import logging

from flask import Flask

from clinic_servers.contract.environment import read_environment
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.mcp import mcp_blueprint
from clinic_servers.settings import ClinicSettings
from clinic_servers.backends import open_store
from clinic_servers.tools import ClinicDesk

VERSION = "1.0.0"


def create_app(clinic_id: str, settings: ClinicSettings | None = None,
               registry: ClinicRegistry | None = None) -> Flask:
    """Build the MCP server of one clinic; settings default to the environment (and `.env`)."""
    settings = settings or ClinicSettings.from_env(read_environment())
    registry = registry or ClinicRegistry.load(settings.registry_path)
    clinic = registry.get(clinic_id)
    if clinic is None:
        raise ValueError(f"unknown clinic {clinic_id!r}; known: {', '.join(registry.ids())}")
    store = open_store(clinic, settings.database_url(clinic.id), settings.var_dir / f"{clinic.id}.sqlite3")
    desk = ClinicDesk.open(clinic, store, settings.clock, settings.retention_days)
    app = Flask(f"clinic_servers.{clinic.id}")
    app.config.update(MAX_CONTENT_LENGTH=settings.max_body_bytes, VERSION=VERSION)
    app.register_blueprint(mcp_blueprint(desk, settings))
    logging.getLogger("clinic_servers").setLevel(logging.INFO)
    return app
