"""The LLM path end to end: the real openai client over HTTP to a scripted server, real clinics behind."""
from __future__ import annotations

import json

import pytest

from agent_system.conversation import Conversation, Patient
from agent_system.llm import LLMSettings
from agent_system.llm_planner import PLAN_SCHEMA
from agent_system.orchestrator import build_pipeline
from agent_system.settings import PROMPTS_DIR
from tests.fakes.openai_server import FakeReply
from tests.support import agent_settings, free_port, run_turn

SAFE = json.dumps({"safe": True, "note": "OK", "rules": []})
CARDIOLOGY_PLAN = json.dumps({"steps": [
    {"step_id": 1, "clinic": "clinic_a", "action": "list_available_slots", "parameters": {}},
    {"step_id": 2, "clinic": "clinic_c", "action": "list_available_slots", "parameters": {}}]})


@pytest.fixture
def llm_pipeline(clinics, registry, tmp_path, openai_server):
    settings = agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path,
                              llm=LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=5))
    built = build_pipeline(settings, registry)
    yield built
    built.router.close()


@pytest.fixture
def conversation():
    return Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"))


def plan_of(events):
    return next(e for e in events if e.type == "plan")


def test_the_llm_plan_is_used_and_its_request_is_right(llm_pipeline, openai_server, conversation):
    openai_server.script(CARDIOLOGY_PLAN, SAFE, "Temos horários na Clínica A e na Clínica C.", SAFE)
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    plan = plan_of(events)
    assert plan.source == "llm"
    assert [(s["clinic"], s["action"]) for s in plan.steps] == [("clinic_a", "list_available_slots"),
                                                                 ("clinic_c", "list_available_slots")]
    request = openai_server.requests[0].body
    assert request["temperature"] == 0.0
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["schema"] == PLAN_SCHEMA
    system = request["messages"][0]
    first_line = (PROMPTS_DIR / "planner.txt").read_text(encoding="utf-8").splitlines()[0]
    assert system["role"] == "system" and system["content"].startswith(first_line)
    assert "2026-11-23" in system["content"] and "Dr. Ricardo Lopes" in system["content"]
    assert request["messages"][1:] == [{"role": "user", "content": "quero um cardiologista"}]
    assert answer.text == "Temos horários na Clínica A e na Clínica C."
    assert {s.clinic for s in answer.slots} == {"clinic_a", "clinic_c"}


def test_the_history_goes_to_the_planner_and_the_answer_streams_at_temperature_0_3(
        llm_pipeline, openai_server, conversation):
    openai_server.script(CARDIOLOGY_PLAN, SAFE, "Temos horários na Clínica A e na Clínica C.", SAFE,
                         json.dumps({"steps": []}), SAFE, "Olá! Posso ajudar com mais alguma coisa?", SAFE)
    run_turn(llm_pipeline, conversation, "quero um cardiologista")
    events, _ = run_turn(llm_pipeline, conversation, "obrigado")
    planner_request = openai_server.requests[4].body
    assert [m["role"] for m in planner_request["messages"]] == ["system", "user", "assistant", "user"]
    assert planner_request["messages"][1]["content"] == "quero um cardiologista"
    assert planner_request["messages"][-1]["content"] == "obrigado"
    responder_request = openai_server.requests[6].body
    assert responder_request["temperature"] == 0.3 and responder_request["stream"] is True
    first_line = (PROMPTS_DIR / "response_generator.txt").read_text(encoding="utf-8").splitlines()[0]
    assert responder_request["messages"][0]["content"].startswith(first_line)
    assert [e.text for e in events if e.type == "token"] == ["Olá!", " Posso ajudar com mais alguma coisa?"]


@pytest.mark.parametrize("reply", [
    json.dumps({"steps": [{"step_id": 1, "clinic": "clinic_z", "action": "list_available_slots", "parameters": {}}]}),
    json.dumps({"steps": [{"step_id": 1, "clinic": "clinic_a", "action": "get_patient",
                           "parameters": {"patient_id": "CARD-001"}}]}),
    json.dumps({"steps": [{"step_id": 1, "clinic": "clinic_a", "action": "list_available_slots",
                           "parameters": {"doctor": "Dr. Fernando Mendes"}}]}),
    json.dumps({"steps": [{"step_id": 1, "clinic": "clinic_a", "action": "book_appointment",
                           "parameters": {"doctor": "Dr. Ricardo Lopes", "date": "amanhã", "time": "9h"}}]}),
    json.dumps({"plan": "cardiologia"}),
    "this is not json at all",
    FakeReply(status=503, body={"error": {"message": "overloaded"}}),
])
def test_an_invalid_llm_plan_falls_back_to_the_rules_planner(llm_pipeline, openai_server, conversation, reply):
    openai_server.script(reply, SAFE, "Temos horários na Clínica A e na Clínica C.", SAFE)
    events, _ = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    plan = plan_of(events)
    assert plan.source == "rules"
    assert [(s["clinic"], s["action"]) for s in plan.steps] == [("clinic_a", "list_available_slots"),
                                                                 ("clinic_c", "list_available_slots")]
    assert "not usable" in plan.reasoning[0]


@pytest.mark.parametrize("invented", [
    "Tome 500 mg de dipirona de 8 em 8 horas enquanto espera a consulta.",
    "Temos um horário com Dr. Ricardo Lopes em 25/11 às 07:15.",
    "A Dra. Helena Duarte atende amanhã.",
    "Pelos sintomas, você provavelmente tem arritmia cardíaca.",
])
def test_an_llm_answer_that_invents_is_replaced_by_the_rendering(llm_pipeline, openai_server, conversation, invented):
    openai_server.script(CARDIOLOGY_PLAN, SAFE, invented, SAFE)
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    assert answer.blocked is False
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")
    assert invented not in answer.text
    streamed = "".join(e.text for e in events if e.type == "token")
    assert "500 mg" not in streamed and "07:15" not in streamed and "Helena" not in streamed


def test_the_llm_verifier_can_block_what_the_rules_pass(llm_pipeline, openai_server, conversation):
    openai_server.script(CARDIOLOGY_PLAN, json.dumps({"safe": False, "note": "x", "rules": ["R2"]}))
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    assert answer.blocked is True and answer.slots == []
    assert next(e for e in events if e.type == "verification").rules == ["R2"]


def test_an_unreachable_llm_costs_one_wait_then_rules(clinics, registry, tmp_path, conversation):
    dead = f"http://127.0.0.1:{free_port()}/v1"
    settings = agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path,
                              llm=LLMSettings(provider="openai", base_url=dead, timeout_s=2))
    pipeline = build_pipeline(settings, registry)
    events, answer = run_turn(pipeline, conversation, "horários de ortopedia")
    assert plan_of(events).source == "rules"
    assert answer.text.startswith("Aqui estão os horários livres em Ortopedia")
    pipeline.router.close()
