"""agent_system.llm.client through the real openai client, over HTTP, against a scripted server."""

from __future__ import annotations

import json
import logging
import socket
import time
from pathlib import Path
from string import Template

import openai
import pytest
import requests

from agent_system.errors import LLMBudgetSpent, LLMError
from agent_system.llm.client import (
    DEFAULT_AZURE_API_VERSION,
    LLM,
    LLMSettings,
    build_client,
    build_llm,
)
from agent_system.llm.stream import first_json_object
from tests.fakes.openai_server import FakeOpenAIServer, FakeReply

PROMPTS = Path(__file__).resolve().parents[2] / "prompts"
PLAN_SCHEMA = {
    "type": "object",
    "properties": {"steps": {"type": "array", "items": {"type": "object"}}},
    "required": ["steps"],
}
SYSTEM = "You are the planner. Answer with JSON only."
CONVERSATION = [
    {"role": "user", "content": "quero marcar cardiologia"},
    {"role": "assistant", "content": "Temos horários na Clínica A e na Clínica C."},
    {"role": "user", "content": "o primeiro"},
]
PLAN = '{"steps": [{"step_id": 1, "clinic": "clinic_a", "action": "list_available_slots", "parameters": {}}]}'
PATIENT_CPF = "529.982.247-25"


def openai_llm(server: FakeOpenAIServer, timeout_s: float = 5.0) -> LLM:
    """An LLM pointed at the fake server's OpenAI path."""
    return LLM(LLMSettings(provider="openai", api_key="sk-test", base_url=server.base_url, timeout_s=timeout_s))


def azure_settings(server: FakeOpenAIServer) -> LLMSettings:
    """Azure settings pointed at the fake server."""
    return LLMSettings(
        provider="azure", api_key="azure-key", azure_endpoint=server.endpoint, azure_deployment="gpt4o-prod"
    )


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- settings -------------------------------------------------------------------------

AZURE_ENV = {
    "AZURE_OPENAI_ENDPOINT": "https://clinic.openai.azure.com",
    "AZURE_OPENAI_API_KEY": "az-key",
    "AZURE_OPENAI_DEPLOYMENT": "gpt4o-prod",
}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, LLMSettings(provider="none")),
        ({"OPENAI_API_KEY": "sk-1"}, LLMSettings(provider="openai", api_key="sk-1")),
        (
            {"OPENAI_BASE_URL": "http://127.0.0.1:8080/v1"},
            LLMSettings(provider="openai", base_url="http://127.0.0.1:8080/v1"),
        ),
        (
            {**AZURE_ENV, "OPENAI_API_KEY": "sk-1"},
            LLMSettings(
                provider="azure",
                api_key="az-key",
                azure_endpoint="https://clinic.openai.azure.com",
                azure_deployment="gpt4o-prod",
            ),
        ),
        ({"LLM_PROVIDER": "none", "OPENAI_API_KEY": "sk-1"}, LLMSettings(provider="none", api_key="sk-1")),
        (
            {"LLM_PROVIDER": " OpenAI ", "AZURE_OPENAI_ENDPOINT": "https://x", "OPENAI_API_KEY": "sk-1"},
            LLMSettings(provider="openai", api_key="sk-1", azure_endpoint="https://x"),
        ),
        ({"LLM_PROVIDER": "", "OPENAI_API_KEY": "sk-1"}, LLMSettings(provider="openai", api_key="sk-1")),
        (
            {
                "OPENAI_BASE_URL": "http://127.0.0.1:11434/v1",
                "OPENAI_MODEL": "qwen2.5:7b",
                "LLM_TIMEOUT_S": "2.5",
            },
            LLMSettings(provider="openai", base_url="http://127.0.0.1:11434/v1", model="qwen2.5:7b", timeout_s=2.5),
        ),
        (
            {**AZURE_ENV, "AZURE_OPENAI_API_VERSION": "2025-01-01"},
            LLMSettings(
                provider="azure",
                api_key="az-key",
                azure_endpoint="https://clinic.openai.azure.com",
                azure_deployment="gpt4o-prod",
                azure_api_version="2025-01-01",
            ),
        ),
    ],
)
def test_settings_from_env(env, expected):
    assert LLMSettings.from_env(env) == expected


def test_settings_defaults():
    settings = LLMSettings.from_env({"OPENAI_API_KEY": "sk-1"})
    assert (settings.model, settings.timeout_s, settings.azure_api_version) == (
        "gpt-4o-mini",
        15.0,
        DEFAULT_AZURE_API_VERSION,
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"LLM_PROVIDER": "gemini"}, "LLM_PROVIDER"),
        ({"OPENAI_API_KEY": "sk-1", "LLM_TIMEOUT_S": "soon"}, "LLM_TIMEOUT_S"),
        ({"OPENAI_API_KEY": "sk-1", "LLM_TIMEOUT_S": "0"}, "LLM_TIMEOUT_S"),
        ({"OPENAI_API_KEY": "sk-1", "LLM_TIMEOUT_S": "nan"}, "LLM_TIMEOUT_S"),
        ({"LLM_PROVIDER": "azure", "AZURE_OPENAI_API_KEY": "k"}, "AZURE_OPENAI_ENDPOINT"),
        ({"LLM_PROVIDER": "openai"}, "OPENAI_API_KEY"),
    ],
)
def test_settings_from_env_rejects_bad_configuration(env, message):
    with pytest.raises(ValueError, match=message):
        LLMSettings.from_env(env)


def test_unknown_provider_in_code_is_rejected():
    with pytest.raises(ValueError, match="not one of"):
        LLMSettings(provider="bedrock")  # type: ignore[arg-type]


def test_settings_repr_hides_api_key():
    assert "sk-secret" not in repr(LLMSettings(provider="openai", api_key="sk-secret"))


def test_labels_and_build_llm():
    assert build_llm(LLMSettings()) is None
    assert LLMSettings().label == "none"
    assert build_llm(LLMSettings(provider="openai", api_key="sk-1")).label == "openai:gpt-4o-mini"
    azure = LLMSettings(provider="azure", azure_endpoint="https://x", azure_deployment="dep")
    assert build_llm(azure).label == "azure:dep"


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


# --- streaming ------------------------------------------------------------------------

ANSWER = "Olá! Há horários com o Dr. Ricardo Lopes na Clínica A em 2026-07-20 às 09:00."


def test_stream_text_yields_the_answer_in_pieces(openai_server):
    openai_server.script(FakeReply(content=ANSWER, chunks=4))
    pieces = list(openai_llm(openai_server).stream_text(SYSTEM, CONVERSATION))
    [request] = openai_server.requests
    assert len(pieces) > 1
    assert "".join(pieces) == ANSWER
    assert (request.body["stream"], request.body["temperature"]) == (True, 0.3)
    assert request.body["messages"] == [{"role": "system", "content": SYSTEM}, *CONVERSATION]


def test_stream_text_on_azure_skips_chunks_without_choices(openai_server):
    openai_server.script(ANSWER)
    pieces = list(LLM(azure_settings(openai_server)).stream_text(SYSTEM, CONVERSATION))
    assert "".join(pieces) == ANSWER
    assert openai_server.requests[0].path == "/openai/deployments/gpt4o-prod/chat/completions"


def test_stream_text_raises_on_server_error(openai_server):
    openai_server.script(FakeReply(status=500))
    with pytest.raises(LLMError, match="HTTP 500"):
        list(openai_llm(openai_server).stream_text(SYSTEM, CONVERSATION))


@pytest.mark.timeout(20)
def test_stream_text_raises_on_timeout(openai_server):
    openai_server.script(FakeReply(content=ANSWER, delay_s=10))
    with pytest.raises(LLMError, match="timed out"):
        list(openai_llm(openai_server, timeout_s=0.5).stream_text(SYSTEM, CONVERSATION))


@pytest.mark.timeout(20)
def test_a_trickling_stream_is_abandoned_at_the_call_deadline(openai_server):
    openai_server.script(FakeReply(content=ANSWER * 5, chunks=50, chunk_delay_s=0.2))  # ~10 s in all
    started = time.monotonic()
    with pytest.raises(LLMError, match="timed out"):
        list(openai_llm(openai_server, timeout_s=1.0).stream_text(SYSTEM, CONVERSATION))
    assert time.monotonic() - started < 3


@pytest.mark.timeout(20)
def test_a_stalled_stream_is_closed_at_the_turn_deadline(openai_server):
    openai_server.script(FakeReply(content=ANSWER, chunks=2, chunk_delay_s=8))  # then nothing for 8 s
    llm = openai_llm(openai_server, timeout_s=30)
    llm.start_turn(frozenset({"answer"}), seconds=1.0)
    started = time.monotonic()
    with pytest.raises(LLMError, match="timed out"):
        list(llm.stream_text(SYSTEM, CONVERSATION))
    assert time.monotonic() - started < 3  # the turn's deadline, not the 30 s read timeout


def test_every_call_sets_max_tokens(openai_server):
    openai_server.script(PLAN, ANSWER)
    llm = openai_llm(openai_server)
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan", max_tokens=200)
    list(llm.stream_text(SYSTEM, CONVERSATION, max_tokens=100))
    assert [r.body["max_tokens"] for r in openai_server.requests] == [200, 100]


def test_a_json_reply_is_read_only_to_its_first_complete_object(openai_server):
    rambling = PLAN + ' {"steps": []} and then the model keeps talking' * 20
    openai_server.script(FakeReply(content=rambling, chunks=40))
    assert openai_llm(openai_server).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan") == json.loads(PLAN)


@pytest.mark.parametrize(("text", "expected"), [
    ('{"a": "}"} tail', '{"a": "}"}'),
    ('x {"a": {"b": "\\" }"}} {"c": 1}', 'x {"a": {"b": "\\" }"}}'),
    ('{"a": [1, {"b": 2}]', '{"a": [1, {"b": 2}]'),  # never closes: all of it
])
def test_first_json_object_respects_strings_and_nesting(text, expected):
    assert first_json_object([text[i:i + 3] for i in range(0, len(text), 3)]) == expected


def test_the_json_mode_that_worked_is_remembered_per_server(openai_server):
    openai_server.reject_json_schema = True
    openai_server.script(PLAN, PLAN)
    openai_llm(openai_server).complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    fresh = openai_llm(openai_server)  # a pipeline built again for the same server
    assert fresh.json_mode == "json_object"
    fresh.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    assert [r.response_format_type for r in openai_server.requests] == ["json_schema", "json_object", "json_object"]
    with FakeOpenAIServer() as other:
        assert openai_llm(other).json_mode == "json_schema"


def test_a_turn_budget_allows_one_call_per_purpose(openai_server):
    openai_server.script(ANSWER, ANSWER)
    llm = openai_llm(openai_server)
    llm.start_turn(frozenset({"answer"}))
    assert "".join(llm.stream_text(SYSTEM, CONVERSATION)) == ANSWER
    with pytest.raises(LLMBudgetSpent):
        list(llm.stream_text(SYSTEM, CONVERSATION))
    with pytest.raises(LLMBudgetSpent):
        llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    llm.end_turn()
    assert "".join(llm.stream_text(SYSTEM, CONVERSATION)) == ANSWER  # outside a turn: not budgeted
    assert len(openai_server.requests) == 2


def test_a_spent_turn_time_makes_no_call(openai_server):
    llm = openai_llm(openai_server)
    llm.start_turn(frozenset({"answer"}), seconds=0.0)
    with pytest.raises(LLMBudgetSpent):
        list(llm.stream_text(SYSTEM, CONVERSATION))
    assert openai_server.requests == []


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
