"""MCP Streamable HTTP behaviour of a running clinic: protocol errors, auth, origin, limits."""
from __future__ import annotations

import os

import pytest
import requests

from tests.support import PATIENT_TOKEN, STAFF_TOKEN, call_tool, clinic_env, free_port, rpc


@pytest.fixture
def url(clinics):
    return clinics.url("clinic_a")


def post_raw(url, data, token=PATIENT_TOKEN, **headers):
    return requests.post(url, data=data, timeout=10,
                         headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json", **headers})


def test_initialize_negotiates_a_supported_version(url):
    for asked, answered in [("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"),
                            ("2025-03-26", "2025-03-26"), ("2099-01-01", "2025-11-25")]:
        result = rpc(url, "initialize", {"protocolVersion": asked, "capabilities": {},
                                         "clientInfo": {"name": "t", "version": "1"}}).json()["result"]
        assert result["protocolVersion"] == answered
    assert result["capabilities"] == {"tools": {"listChanged": False}}
    assert result["serverInfo"]["name"] == "clinic_a"


def test_ping_answers_an_empty_object(url):
    assert rpc(url, "ping").json() == {"jsonrpc": "2.0", "id": 1, "result": {}}


def test_invalid_json_is_a_parse_error(url):
    reply = post_raw(url, b"{not json")
    assert reply.json()["error"]["code"] == -32700
    assert reply.json()["id"] is None


@pytest.mark.parametrize("body, code", [
    (b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', -32600),
    (b'"just a string"', -32600),
    (b'{"id": 1, "method": "ping"}', -32600),
    (b'{"jsonrpc": "2.0", "id": 1, "method": 7}', -32600),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', -32600),
])
def test_malformed_requests_are_invalid(url, body, code):
    assert post_raw(url, body).json()["error"]["code"] == code


@pytest.mark.parametrize("method", ["server/discover", "resources/list", "prompts/get", "tools/delete"])
def test_unknown_methods_are_not_found(url, method):
    reply = rpc(url, method, {})
    assert reply.status_code == 200
    assert reply.json()["error"]["code"] == -32601


def test_unknown_tool_is_invalid_params(url):
    assert rpc(url, "tools/call", {"name": "drop_tables", "arguments": {}}).json()["error"]["code"] == -32602


def test_a_notification_is_accepted_with_an_empty_body(url):
    reply = post_raw(url, b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    assert (reply.status_code, reply.content) == (202, b"")


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_other_http_methods_are_not_allowed(url, method):
    reply = requests.request(method, url, headers={"Authorization": f"Bearer {PATIENT_TOKEN}"},
                             timeout=10, allow_redirects=False)
    assert reply.status_code == 405


@pytest.mark.parametrize("header", [None, "Bearer wrong-token", "Basic dXNlcjpwYXNz", "Bearer ", PATIENT_TOKEN])
def test_missing_or_wrong_token_is_unauthorized(url, header):
    headers = {"Authorization": header} if header is not None else {}
    reply = requests.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers=headers, timeout=10)
    assert reply.status_code == 401
    assert reply.headers["WWW-Authenticate"].startswith("Bearer")


def test_patient_token_sees_and_calls_only_patient_tools(url):
    listed = [t["name"] for t in rpc(url, "tools/list", {}).json()["result"]["tools"]]
    assert listed == ["list_available_slots", "book_appointment", "reschedule_appointment",
                      "cancel_appointment", "list_my_appointments", "get_clinic_info", "request_callback"]
    refused = call_tool(url, "get_patient", {"patient_id": "CARD-001"})
    assert refused["isError"] is True
    assert refused["structuredContent"]["error"]["code"] == "forbidden"
    assert call_tool(url, "list_callbacks", {})["structuredContent"]["error"]["code"] == "forbidden"
    assert "Maria" not in refused["content"][0]["text"]


def test_staff_token_may_read_a_patient_record_without_the_full_cpf(url):
    result = call_tool(url, "get_patient", {"patient_id": "CARD-001"}, token=STAFF_TOKEN)
    patient = result["structuredContent"]["patient"]
    assert (patient["patient_id"], patient["cpf_masked"]) == ("CARD-001", "***.018.159-**")
    assert "cpf" not in patient


@pytest.fixture(scope="module")
def allowing(tmp_path_factory):
    """A clinic that allows exactly one browser origin."""
    from clinic_servers.launcher import ClinicFleet
    env = clinic_env(tmp_path_factory.mktemp("origins")) | {"PATH": os.environ["PATH"],
                                                           "CLINIC_ALLOWED_ORIGINS": "http://127.0.0.1:5000"}
    fleet = ClinicFleet(env, ports={"clinic_a": free_port()})
    fleet.start("clinic_a")
    fleet.wait_ready()
    yield fleet.url("clinic_a")
    fleet.stop()


@pytest.mark.parametrize("origin, status", [
    ("http://127.0.0.1:5000", 200), ("https://evil.example", 403),
    # Any other scheme, host or port is another origin: a page on another local port is refused too.
    ("http://127.0.0.1:5001", 403), ("http://localhost:5000", 403), ("https://127.0.0.1:5000", 403),
    ("http://127.0.0.1", 403), ("null", 403)])
def test_only_the_exact_origins_allowed_pass(allowing, origin, status):
    assert rpc(allowing, "ping", headers={"Origin": origin}).status_code == status


@pytest.mark.parametrize("origin", ["http://localhost:5000", "http://127.0.0.1:8080", "http://[::1]:3000"])
def test_no_origin_is_allowed_unless_configured(url, origin):
    assert rpc(url, "ping", headers={"Origin": origin}).status_code == 403
    assert rpc(url, "ping").status_code == 200  # server-to-server calls send no Origin


def test_an_oversized_body_is_refused(url):
    reply = post_raw(url, b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "pad": "' + b"x" * 200_000 + b'"}')
    assert reply.status_code == 413


def test_unsupported_protocol_version_header_is_a_bad_request(url):
    assert rpc(url, "ping", headers={"MCP-Protocol-Version": "1999-01-01"}).status_code == 400
    assert rpc(url, "ping", headers={"MCP-Protocol-Version": "2025-06-18"}).status_code == 200


@pytest.mark.parametrize("arguments, fragment", [
    ({}, "doctor: campo obrigatório ausente"),
    ({"doctor": "Dr. Ricardo Lopes", "date": "23/11/2026", "time": "09:00", "patient_name": "Ana", "cpf": "390.533.447-05"}, "date"),
    ({"doctor": "Dr. Ricardo Lopes", "date": "2026-02-31", "time": "09:00", "patient_name": "Ana", "cpf": "390.533.447-05"}, "date"),
    ({"doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "9h", "patient_name": "Ana", "cpf": "390.533.447-05"}, "time"),
    ({"doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "09:00", "patient_name": "Ana", "cpf": "111.111.111-11"}, "CPF inválido"),
    ({"doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "09:00", "patient_name": "Ana", "cpf": "390.533.447-05",
      "admin": True}, "admin: campo não reconhecido"),
    ({"doctor": 42, "date": "2026-11-25", "time": "09:00", "patient_name": "Ana", "cpf": "390.533.447-05"}, "doctor"),
    ("not an object", "objeto JSON"),
])
def test_bad_tool_arguments_are_tool_errors_with_a_clear_message(url, arguments, fragment):
    result = call_tool(url, "book_appointment", arguments)
    assert result["isError"] is True
    error = result["structuredContent"]["error"]
    assert error["code"] == "invalid_arguments"
    assert fragment in error["message"]


def test_unknown_doctor_is_a_tool_error_naming_the_clinic_doctors(url):
    result = call_tool(url, "list_available_slots", {"doctor": "Dr. House"})
    assert result["structuredContent"]["error"]["code"] == "unknown_doctor"
    assert "Dr. Ricardo Lopes" in result["structuredContent"]["error"]["message"]


def test_tool_results_carry_text_and_structured_content(url):
    result = call_tool(url, "list_available_slots", {"doctor": "Ricardo"})
    assert result["isError"] is False
    import json
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
    assert {s["doctor"] for s in result["structuredContent"]["available_slots"]} == {"Dr. Ricardo Lopes"}
