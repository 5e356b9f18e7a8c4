"""Streamed LLM replies: read to their end, a deadline, or a cut-off stream, through the real openai client."""

from __future__ import annotations

import json
import time

import pytest

from agent_system.errors import LLMBudgetSpent, LLMError
from agent_system.llm.budget import CLEAR_TURN, SCREENING, UNCLEAR_TURN
from agent_system.llm.client import LLM
from agent_system.llm.stream import first_json_object
from tests.agent_system.llm.llm_support import (ANSWER_ONLY, CONVERSATION, PLAN,
                                               PLAN_SCHEMA, SYSTEM, azure_settings, openai_llm)
from tests.fakes.openai_server import FakeOpenAIServer, FakeReply

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
    llm.start_turn(ANSWER_ONLY, seconds=1.0)
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


@pytest.mark.parametrize("slow", [FakeReply(content=PLAN, delay_s=3),  # no answer at all within the time
                                  FakeReply(content=PLAN, chunks=6, chunk_delay_s=0.5)])  # a trickle
def test_a_rejected_json_mode_is_remembered_even_when_the_next_mode_times_out(openai_server, slow):
    openai_server.reject_json_schema = True
    openai_server.script(slow, PLAN)
    llm = openai_llm(openai_server, timeout_s=1.0)
    with pytest.raises(LLMError, match="timed out"):
        llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    assert [r.response_format_type for r in openai_server.requests] == ["json_schema", "json_object", "json_object"]


def test_a_turn_budget_allows_one_call_per_purpose(openai_server):
    openai_server.script(ANSWER, ANSWER)
    llm = openai_llm(openai_server)
    llm.start_turn(ANSWER_ONLY)
    assert "".join(llm.stream_text(SYSTEM, CONVERSATION)) == ANSWER
    with pytest.raises(LLMBudgetSpent):
        list(llm.stream_text(SYSTEM, CONVERSATION))
    with pytest.raises(LLMBudgetSpent):
        llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan")
    llm.end_turn()
    assert "".join(llm.stream_text(SYSTEM, CONVERSATION)) == ANSWER  # outside a turn: not budgeted
    assert len(openai_server.requests) == 2


def test_the_triage_call_is_a_clear_turns_one_call(openai_server):
    openai_server.script(PLAN, ANSWER)
    llm = openai_llm(openai_server)
    llm.start_turn(SCREENING)
    with pytest.raises(LLMBudgetSpent):  # before the planner settles the turn, only the net may ask
        list(llm.stream_text(SYSTEM, CONVERSATION))
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "triage_check", purpose="triage")
    llm.settle_turn(CLEAR_TURN)
    with pytest.raises(LLMBudgetSpent):
        list(llm.stream_text(SYSTEM, CONVERSATION))
    assert llm.end_turn() == ["triage"] and len(openai_server.requests) == 1


def test_an_unclear_turn_after_the_triage_call_has_two_calls_left(openai_server):
    openai_server.script(PLAN, PLAN, PLAN, ANSWER)
    llm = openai_llm(openai_server)
    llm.start_turn(SCREENING)
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "triage_check", purpose="triage")
    llm.settle_turn(UNCLEAR_TURN)
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "plan", purpose="plan")
    llm.complete_json(SYSTEM, CONVERSATION, PLAN_SCHEMA, "verification", purpose="verify")
    with pytest.raises(LLMBudgetSpent):  # three calls in all: the answer is deterministic
        list(llm.stream_text(SYSTEM, CONVERSATION))
    assert llm.end_turn() == ["triage", "plan", "verify"] and len(openai_server.requests) == 3


def test_a_spent_turn_time_makes_no_call(openai_server):
    llm = openai_llm(openai_server)
    llm.start_turn(ANSWER_ONLY, seconds=0.0)
    with pytest.raises(LLMBudgetSpent):
        list(llm.stream_text(SYSTEM, CONVERSATION))
    assert openai_server.requests == []
