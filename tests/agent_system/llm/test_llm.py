"""agent_system.llm.client through the real openai client, over HTTP, against a scripted server."""

from __future__ import annotations

import logging
from string import Template

import openai
import pytest
import requests

from agent_system.errors import LLMError
from agent_system.llm.client import DEFAULT_AZURE_API_VERSION, LLM, LLMSettings, build_client
from tests.agent_system.llm.llm_support import (CONVERSATION, PATIENT_CPF, PLAN, PLAN_SCHEMA,
                                               PROMPTS, SYSTEM, azure_settings, closed_port, openai_llm)
from tests.fakes.openai_server import FakeReply

# --- clients and requests -------------------------------------------------------------


def test_azure_settings_build_an_azure_client_that_calls_the_deployment(openai_server):
    assert isinstance(build_client(azure_settings(openai_server)), openai.AzureOpenAI)
    openai_server.script(PLAN)
    LLM(azure_settings(openai_server)).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    [request] = openai_server.requests
    assert (request.path, request.query, request.headers["api-key"], request.body["model"]) == (
        "/openai/deployments/gpt4o-prod/chat/completions",
        {"api-version": DEFAULT_AZURE_API_VERSION},
        "azure-key",
        "gpt4o-prod",
    )


def test_openai_settings_build_an_openai_client(openai_server):
    client = build_client(LLMSettings(provider="openai", base_url=openai_server.base_url))
    assert type(client) is openai.OpenAI
    assert client.max_retries == 0


def test_complete_json_sends_schema_system_prompt_and_conversation(openai_server):
    openai_server.script(PLAN)
    plan = openai_llm(openai_server).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    [request] = openai_server.requests
    assert plan["steps"][0]["clinic"] == "clinic_a"
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer sk-test"
    assert request.body["temperature"] == 0.0
    assert request.body["model"] == "gpt-4o-mini"
    assert request.body["messages"] == [{"role": "system", "content": SYSTEM}, *CONVERSATION]
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "plan", "schema": PLAN_SCHEMA, "strict": False},
    }


def test_local_server_without_api_key_gets_a_placeholder(openai_server):
    openai_server.script(PLAN)
    llm = LLM(LLMSettings.from_env({"OPENAI_BASE_URL": openai_server.base_url}))
    assert llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan") == {"steps": [dict(
        step_id=1, clinic="clinic_a", action="list_available_slots", parameters={}
    )]}
    assert openai_server.requests[0].headers["authorization"].startswith("Bearer ")


def test_json_schema_rejection_falls_back_to_json_object_and_remembers(openai_server):
    openai_server.reject_json_schema = True
    openai_server.script(PLAN, '{"steps": []}')
    llm = openai_llm(openai_server)
    assert llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")["steps"]
    assert llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan") == {"steps": []}
    sent = [r.response_format_type for r in openai_server.requests]
    assert sent == ["json_schema", "json_object", "json_object"]
    assert openai_server.requests[1].body["response_format"] == {"type": "json_object", "schema": PLAN_SCHEMA}
    assert llm.json_mode == "json_object"


def test_response_format_rejection_falls_back_to_plain_prompt(openai_server):
    openai_server.reject_response_format = True
    openai_server.script(PLAN, PLAN)
    llm = openai_llm(openai_server)
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    sent = [r.response_format_type for r in openai_server.requests]
    assert sent == ["json_schema", "json_object", None, None]
    assert "response_format" not in openai_server.requests[2].body


@pytest.mark.parametrize("status", [401, 404, 429])
def test_errors_that_are_not_format_rejections_do_not_degrade(openai_server, status):
    openai_server.script(FakeReply(status=status))
    llm = openai_llm(openai_server)
    with pytest.raises(LLMError, match=f"HTTP {status}"):
        llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    assert len(openai_server.requests) == 1
    assert llm.json_mode == "json_schema"


def test_server_errors_in_every_mode_raise_and_forget_nothing(openai_server):
    openai_server.script(FakeReply(status=500), FakeReply(status=500), FakeReply(status=500))
    llm = openai_llm(openai_server)
    with pytest.raises(LLMError, match="HTTP 500"):
        llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    assert len(openai_server.requests) == 3
    assert llm.json_mode == "json_schema"  # nothing worked, so nothing is remembered


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('```json\n{"steps": []}\n```', {"steps": []}),
        ('Here is the plan:\n{"steps": []}', {"steps": []}),
        ('  {"reasoning": ["a"], "steps": []}  ', {"reasoning": ["a"], "steps": []}),
    ],
)
def test_complete_json_tolerates_fences_and_chatter(openai_server, content, expected):
    openai_server.script(content)
    assert openai_llm(openai_server).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan") == expected


@pytest.mark.parametrize(
    "content", [f"I booked it for CPF {PATIENT_CPF}", '{"steps": [', "[1, 2]", '"steps"', "   "]
)
def test_unparseable_output_raises_without_echoing_it(openai_server, content):
    openai_server.script(content)
    with pytest.raises(LLMError) as caught:
        openai_llm(openai_server).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    assert PATIENT_CPF not in str(caught.value)


@pytest.mark.timeout(20)
def test_a_reply_slower_than_the_timeout_raises_without_retrying(openai_server):
    openai_server.script(FakeReply(content=PLAN, delay_s=10))
    with pytest.raises(LLMError, match="timed out"):
        openai_llm(openai_server, timeout_s=0.5).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    assert len(openai_server.requests) == 1


@pytest.mark.timeout(20)
def test_an_unreachable_server_raises():
    settings = LLMSettings(provider="openai", base_url=f"http://127.0.0.1:{closed_port()}/v1", timeout_s=2)
    with pytest.raises(LLMError, match="unreachable"):
        LLM(settings).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    with pytest.raises(LLMError, match="unreachable"):
        list(LLM(settings).stream_text(SYSTEM, CONVERSATION))


def test_prompts_and_errors_are_not_logged(openai_server, caplog):
    caplog.set_level(logging.DEBUG)
    openai_server.reject_json_schema = True
    openai_server.script(PLAN, FakeReply(status=429))
    llm = openai_llm(openai_server)
    conversation = [{"role": "user", "content": f"meu CPF é {PATIENT_CPF}"}]
    llm.complete_json(SYSTEM, conversation, PLAN_SCHEMA, "plan")
    with pytest.raises(LLMError):
        llm.complete_json(SYSTEM, conversation, PLAN_SCHEMA, "plan")
    assert "json_schema" in caplog.text  # the degradation is logged...
    assert PATIENT_CPF not in caplog.text  # ...the conversation is not


# --- the fake server itself -----------------------------------------------------------


def test_fake_server_answers_500_when_its_script_is_empty(openai_server):
    answer = requests.post(f"{openai_server.base_url}/chat/completions", json={"model": "m", "messages": []})
    assert answer.status_code == 500
    assert "script is empty" in answer.json()["error"]["message"]


def test_fake_server_rejection_does_not_consume_the_script(openai_server):
    openai_server.reject_json_schema = True
    openai_server.script(PLAN)
    body = {"model": "m", "messages": [], "response_format": {"type": "json_schema", "json_schema": {}}}
    assert requests.post(f"{openai_server.base_url}/chat/completions", json=body).status_code == 500
    assert openai_server.pending == 1


# --- prompt files ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "placeholders"),
    [
        ("planner.txt", {"today", "clinic_catalog", "tool_catalog"}),
        ("planner_cot.txt", {"today", "clinic_catalog", "tool_catalog"}),
        ("verifier.txt", {"patient_name", "patient_cpf_masked"}),
        ("response_generator.txt", set()),
    ],
)
def test_prompt_files_have_exactly_their_placeholders(name, placeholders):
    template = Template((PROMPTS / name).read_text(encoding="utf-8"))
    assert template.is_valid()
    assert set(template.get_identifiers()) == placeholders
    template.substitute({key: "x" for key in placeholders})  # raises on a stray "$"
