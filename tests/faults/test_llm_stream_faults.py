"""The LLM's answer stream stalls or breaks mid-answer: the turn ends, within the LLM's timeout, with the
deterministic answer (the one the rules path renders from the same clinic data), and is saved.

The LLM is the scripted OpenAI-compatible server; the clinics are real.
"""
from __future__ import annotations

import time
import pytest

from agent_system.llm.client import LLMSettings
from tests.fakes.openai_server import FakeOpenAIServer, FakeReply, RecordedRequest
from tests.redteam.scripted_llm import PLANNER_OPENING, VERIFIER_OPENING
from tests.support import ANA_CPF

LLM_TIMEOUT_S = 1.0
STALL_S = 30.0  # far past the timeout: waiting it out would be the failure
SAFE = '{"safe": true, "flags": []}'
CARDIOLOGY_PLAN = ('{"steps": [{"step_id": 1, "clinic": "clinic_a", "action": "list_available_slots", "parameters": {}},'
                   ' {"step_id": 2, "clinic": "clinic_c", "action": "list_available_slots", "parameters": {}}]}')
ANSWER = "Temos horários de cardiologia na Clínica A e na Clínica C. Qual prefere?"
ANA = {"name": "Ana Paula Teixeira", "cpf": ANA_CPF}


def answering(broken: FakeReply):
    """The scripted LLM by role: the plan, "safe", and the broken answer stream."""
    def route(request: RecordedRequest) -> str | FakeReply:
        system = str((request.body.get("messages") or [{}])[0].get("content", ""))
        if system.startswith(VERIFIER_OPENING):
            return SAFE
        return CARDIOLOGY_PLAN if system.startswith(PLANNER_OPENING) else broken
    return route


def chat(client, message: str) -> tuple[dict, float]:
    session_id = client.post("/api/session", json=ANA).get_json()["session_id"]
    started = time.monotonic()
    reply = client.post("/api/chat", json={"session_id": session_id, "message": message},
                        headers={"Accept": "application/json"})
    assert reply.status_code == 200, reply.get_json()
    return reply.get_json() | {"session_id": session_id}, time.monotonic() - started


@pytest.mark.parametrize("broken", [
    FakeReply(content=ANSWER, chunks=4, stall_after=2, stall_s=STALL_S),
    FakeReply(content=ANSWER, chunks=4, drop_after=2),
], ids=["stalls", "breaks"])
def test_a_broken_answer_stream_ends_the_turn_with_the_deterministic_answer(app_for, clinic_urls, broken):
    expected, _ = chat(app_for(clinic_urls).test_client(), "cardiologia")
    with FakeOpenAIServer(route=answering(broken)) as llm_server:
        llm = LLMSettings(provider="openai", base_url=llm_server.base_url, timeout_s=LLM_TIMEOUT_S)
        client = app_for(clinic_urls, llm=llm).test_client()
        result, elapsed = chat(client, "cardiologia")
        assert any(r.body.get("stream") for r in llm_server.requests)  # the answer stream was asked for
    answer = next(e for e in result["events"] if e["type"] == "answer")
    assert result["answer"] == expected["answer"] and not answer["blocked"]
    assert [e["type"] for e in result["events"]][-1] == "done"
    assert elapsed < LLM_TIMEOUT_S + 5  # one bounded wait, not the 30 s stall
    history = client.get("/api/session", headers={"X-Session-Id": result["session_id"]}).get_json()["history"]
    assert [t["text"] for t in history] == ["cardiologia", expected["answer"]]
