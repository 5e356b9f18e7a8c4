"""Property-based fuzzing of a clinic's JSON-RPC endpoint: whatever the body, a JSON-RPC envelope, never a 500.

A private clinic (not the shared fleet) takes the beating, so random calls cannot disturb other suites.
"""
from __future__ import annotations

import json
import os

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clinic_servers.contract.tools import TOOLS
from tests.faults.strategies import json_values, text
from tests.support import PATIENT_TOKEN, STAFF_TOKEN, single_clinic

# FUZZ_EXAMPLES raises the count for a long hunt; the suite's default keeps it to a few seconds.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
TOOL_NAMES = [tool.name for tool in TOOLS]  # every tool, staff ones included
ARGUMENT_NAMES = ["doctor", "date", "date_from", "date_to", "time", "original_date", "original_time", "new_date",
                  "new_time", "patient_name", "cpf", "patient_id", "query"]
METHODS = ["initialize", "ping", "tools/list", "tools/call", "notifications/initialized", "server/discover"]


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    fleet = single_clinic("clinic_d", tmp_path_factory.mktemp("fuzz-clinic"))
    yield fleet.url("clinic_d")
    fleet.stop()


@pytest.fixture(scope="module")
def http():
    with requests.Session() as session:
        yield session


def post(http, url, data: bytes, token: str = PATIENT_TOKEN) -> requests.Response:
    return http.post(url, data=data, timeout=30,
                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})


def assert_envelope(reply: requests.Response) -> dict | None:
    """2xx/4xx, and a JSON-RPC 2.0 envelope unless it is the empty 202 of a notification."""
    assert reply.status_code in (200, 202, 400, 413), (reply.status_code, reply.text[:300])
    if reply.status_code == 202:
        assert reply.content == b""
        return None
    body = reply.json()
    assert body["jsonrpc"] == "2.0" and ("result" in body) != ("error" in body), body
    if "error" in body:
        assert isinstance(body["error"]["code"], int) and isinstance(body["error"]["message"], str)
    return body


def encode(value) -> bytes:
    # ensure_ascii writes a lone surrogate as a \ud800 escape: valid JSON text that decodes to one.
    return json.dumps(value).encode()


@FUZZ
@given(body=json_values)
def test_any_json_body_gets_an_envelope(url, http, body):
    assert_envelope(post(http, url, encode(body)))


@FUZZ
@given(raw=st.binary(max_size=200))
def test_any_bytes_get_an_envelope(url, http, raw):
    assert_envelope(post(http, url, raw))


@FUZZ
@given(request_id=st.one_of(st.integers(), text, json_values), method=st.one_of(st.sampled_from(METHODS), text),
       params=json_values, token=st.sampled_from([PATIENT_TOKEN, STAFF_TOKEN]))
def test_any_request_shape_gets_an_envelope(url, http, request_id, method, params, token):
    assert_envelope(post(http, url, encode({"jsonrpc": "2.0", "id": request_id, "method": method,
                                            "params": params}), token))


@FUZZ
@given(tool=st.sampled_from(TOOL_NAMES), arguments=st.one_of(
    st.dictionaries(st.one_of(st.sampled_from(ARGUMENT_NAMES), text), json_values, max_size=6), json_values),
    token=st.sampled_from([PATIENT_TOKEN, STAFF_TOKEN]))
def test_any_tool_arguments_get_a_tool_result(url, http, tool, arguments, token):
    body = assert_envelope(post(http, url, encode({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                                   "params": {"name": tool, "arguments": arguments}}), token))
    result = body["result"]
    assert isinstance(result["isError"], bool) and isinstance(result["structuredContent"], dict)
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
    if result["isError"]:
        assert set(result["structuredContent"]["error"]) == {"code", "message"}
