"""JSON-RPC request ids are UUID v4, and a reply is believed only when it answers its own request."""
from __future__ import annotations

import uuid

import pytest

from agent_system.dispatch.health import ClinicHealth
from agent_system.dispatch.router import Router
from agent_system.domain.plan import Step
from agent_system.domain.patient import Patient
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import PATIENT_TOKEN

ANA = Patient(name="Ana Souza", cpf="39053344705")
LISTING = Step(step_id=1, clinic="clinic_a", action="list_available_slots", parameters={"date": "2026-11-23"})


@pytest.fixture
def proxies():
    started: list[ClinicProxy] = []

    def start(url: str, **fault) -> ClinicProxy:
        started.append(ClinicProxy(url, **fault))
        return started[-1]
    yield start
    for proxy in started:
        proxy.stop()


def router_to(url: str) -> Router:
    return Router({"clinic_a": url}, PATIENT_TOKEN, timeout_s=5.0)


def test_each_request_carries_a_fresh_uuid4_id(clinics, proxies):
    proxy = proxies(clinics.url("clinic_a"))
    router = router_to(proxy.url)
    try:
        results = [router.call(LISTING, ANA) for _ in range(3)]
    finally:
        router.close()
    assert [r.status for r in results] == ["ok"] * 3 and results[0].data["available_slots"]
    ids = [message["id"] for message in proxy.requests]
    assert len(ids) == 3 and len(set(ids)) == 3
    assert all(isinstance(i, str) and uuid.UUID(i).version == 4 and str(uuid.UUID(i)) == i for i in ids)


@pytest.mark.parametrize("lie", [
    pytest.param(lambda message: {**message, "id": str(uuid.uuid4())}, id="another-id"),
    pytest.param(lambda message: {**message, "id": 1}, id="a-counter-id"),
    pytest.param(lambda message: {k: v for k, v in message.items() if k != "id"}, id="no-id"),
])
def test_a_reply_to_another_request_is_a_clinic_error_not_data(clinics, proxies, lie):
    router = router_to(proxies(clinics.url("clinic_a"), reply=lie).url)
    try:
        result = router.call(LISTING, ANA)
    finally:
        router.close()
    assert (result.status, result.data) == ("error", None)
    assert result.error == {"code": -32000, "message": "clinic_a answered another request"}


def test_health_counts_a_clinic_that_answers_another_ping_as_down(clinics, proxies):
    honest = proxies(clinics.url("clinic_a"))
    liar = proxies(clinics.url("clinic_b"), reply=lambda message: {**message, "id": 0})
    health = ClinicHealth({"clinic_a": honest.url, "clinic_b": liar.url}, PATIENT_TOKEN)
    try:
        assert health.status() == {"clinic_a": "up", "clinic_b": "down"}
    finally:
        health.close()
    assert uuid.UUID(honest.requests[0]["id"]).version == 4
