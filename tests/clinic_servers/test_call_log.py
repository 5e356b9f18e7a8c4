"""A clinic logs each call it answers (clinic, method, tool, outcome) wherever its logging is configured to show it."""
from __future__ import annotations

import logging

from clinic_servers.app import create_app
from clinic_servers.settings import ClinicSettings
from tests.support import PATIENT_TOKEN, clinic_env


def test_each_answered_call_is_logged_when_logging_shows_it(tmp_path, caplog):
    client = create_app("clinic_a", ClinicSettings.from_env(clinic_env(tmp_path))).test_client()
    caplog.set_level(logging.INFO, logger="clinic_servers")
    reply = client.post("/mcp", headers={"Authorization": f"Bearer {PATIENT_TOKEN}"},
                        json={"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                              "params": {"name": "list_available_slots", "arguments": {"doctor": "Ricardo"}}})
    assert reply.status_code == 200 and reply.get_json()["result"]["isError"] is False
    lines = [r.getMessage() for r in caplog.records if r.name == "clinic_servers.mcp"]
    assert len(lines) == 1 and lines[0].startswith("clinic_a tools/call list_available_slots -> ok (")
