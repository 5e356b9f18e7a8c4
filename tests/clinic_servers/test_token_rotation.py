"""Rotating the clinics' tokens without downtime: during the window a clinic accepts the new token and the one it
replaces, each for its own role; once the previous token is removed it opens nothing. Real clinic processes."""
from __future__ import annotations

import os

import pytest

from clinic_servers.launcher import ClinicFleet
from clinic_servers.settings import ClinicSettings
from tests.support import call_tool, clinic_env, free_port, rpc

CLINIC = "clinic_b"
OLD, NEW = "patient-token-2025", "patient-token-2026"
OLD_STAFF, NEW_STAFF = "staff-token-2025", "staff-token-2026"


def clinic_with(var_dir, **tokens: str) -> ClinicFleet:
    fleet = ClinicFleet(clinic_env(var_dir) | {"PATH": os.environ["PATH"]} | tokens, ports={CLINIC: free_port()})
    fleet.start(CLINIC)
    fleet.wait_ready()
    return fleet


def status_with(fleet: ClinicFleet, token: str, tool: str = "list_available_slots") -> str:
    """"ok", "refused" (401) or the tool error's code, for one call with this token."""
    reply = rpc(fleet.url(CLINIC), "tools/call", {"name": tool, "arguments": {}}, token=token)
    if reply.status_code == 401:
        return "refused"
    result = reply.json()
    if "error" in result:
        return f"rpc {result['error']['code']}"
    return result["result"]["structuredContent"]["error"]["code"] if result["result"]["isError"] else "ok"


@pytest.fixture
def rotating(tmp_path):
    fleet = clinic_with(tmp_path, CLINIC_TOKEN=NEW, CLINIC_PREVIOUS_TOKEN=OLD,
                        CLINIC_STAFF_TOKEN=NEW_STAFF, CLINIC_PREVIOUS_STAFF_TOKEN=OLD_STAFF)
    yield fleet, tmp_path
    fleet.stop()


def test_both_patient_tokens_open_the_patient_tools_during_the_window(rotating):
    fleet, _ = rotating
    assert [status_with(fleet, t) for t in (OLD, NEW)] == ["ok", "ok"]
    listed = call_tool(fleet.url(CLINIC), "list_available_slots", {}, token=OLD)["structuredContent"]
    assert listed["available_slots"], listed


def test_a_previous_patient_token_never_opens_the_staff_tools(rotating):
    fleet, _ = rotating
    staff_only = [status_with(fleet, t, "list_patients") for t in (OLD, NEW, OLD_STAFF, NEW_STAFF)]
    assert staff_only[:2] == [staff_only[0]] * 2 and staff_only[0] != "ok"
    assert staff_only[2:] == ["ok", "ok"]


def test_any_other_token_is_refused_during_the_window(rotating):
    fleet, _ = rotating
    assert [status_with(fleet, t) for t in ("patient-token-2024", "", NEW + " ")] == ["refused", "refused", "ok"]


def test_after_the_window_the_previous_tokens_open_nothing(tmp_path):
    fleet = clinic_with(tmp_path, CLINIC_TOKEN=NEW, CLINIC_STAFF_TOKEN=NEW_STAFF)
    try:
        assert [status_with(fleet, t) for t in (OLD, OLD_STAFF, NEW)] == ["refused", "refused", "ok"]
    finally:
        fleet.stop()


@pytest.mark.parametrize("tokens", [
    {"CLINIC_PREVIOUS_TOKEN": NEW_STAFF},
    {"CLINIC_PREVIOUS_STAFF_TOKEN": NEW},
    {"CLINIC_PREVIOUS_TOKEN": "shared", "CLINIC_PREVIOUS_STAFF_TOKEN": "shared"},
])
def test_a_token_is_never_both_a_patient_and_a_staff_token(tokens):
    with pytest.raises(ValueError, match="may not also be a staff token"):
        ClinicSettings.from_env({"CLINIC_TOKEN": NEW, "CLINIC_STAFF_TOKEN": NEW_STAFF, **tokens})
