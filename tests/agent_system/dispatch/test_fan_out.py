"""Parallel dispatch: latency is the slowest clinic's, and one clinic down never breaks the turn."""
from __future__ import annotations

import statistics
import time

import pytest

from agent_system.assembly import build_pipeline
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from tests.fakes.clinic_proxy import ClinicProxy
from tests.support import agent_settings, free_port, run_turn


@pytest.fixture
def conversation():
    return Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"))


def test_two_clinics_take_about_as_long_as_one(clinics, registry, tmp_path, conversation):
    proxies = {cid: ClinicProxy(clinics.url(cid), delay_s=0.3) for cid in registry.ids()}
    pipeline = build_pipeline(agent_settings({cid: p.url for cid, p in proxies.items()}, tmp_path), registry)

    def median_turn(message: str) -> float:
        durations = []
        for _ in range(3):
            started = time.perf_counter()
            run_turn(pipeline, conversation, message)
            durations.append(time.perf_counter() - started)
        return statistics.median(durations)

    try:
        one = median_turn("horários da Dra. Juliana")      # clinic_c only
        two = median_turn("horários de cardiologia")       # clinic_a and clinic_c
        six = median_turn("minhas consultas")              # all six
    finally:
        pipeline.router.close()
        for proxy in proxies.values():
            proxy.stop()
    assert one >= 0.3
    assert two < 1.5 * one and six < 1.5 * one, (one, two, six)


def test_one_clinic_down_still_presents_the_other_and_names_it(clinics, registry, tmp_path, conversation):
    urls = {cid: clinics.url(cid) for cid in registry.ids()} | {"clinic_c": f"http://127.0.0.1:{free_port()}/mcp"}
    pipeline = build_pipeline(agent_settings(urls, tmp_path), registry)
    events, answer = run_turn(pipeline, conversation, "horários de cardiologia")
    pipeline.router.close()
    ended = {e.clinic: e.status for e in events if e.type == "dispatch" and e.status != "start"}
    assert ended == {"clinic_a": "ok", "clinic_c": "error"}
    assert {s.clinic for s in answer.slots} == {"clinic_a"}
    assert "Clínica C não respondeu" in answer.text and "Dr. Ricardo Lopes" in answer.text


def test_a_hanging_clinic_times_out_and_the_turn_completes(clinics, registry, tmp_path, conversation):
    slow = ClinicProxy(clinics.url("clinic_f"), delay_s=3)
    urls = {cid: clinics.url(cid) for cid in registry.ids()} | {"clinic_f": slow.url}
    pipeline = build_pipeline(agent_settings(urls, tmp_path, dispatch_timeout_s=0.5), registry)
    try:
        events, answer = run_turn(pipeline, conversation, "horários de dermatologia")
    finally:
        pipeline.router.close()
        slow.stop()
    ended = {e.clinic: e.status for e in events if e.type == "dispatch" and e.status != "start"}
    assert ended == {"clinic_b": "ok", "clinic_f": "timeout"}
    assert "Clínica F" in answer.text and {s.clinic for s in answer.slots} == {"clinic_b"}
