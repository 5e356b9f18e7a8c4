"""The LLM's second net over real HTTP (scripted OpenAI-compatible server): it may escalate, never clear."""
from __future__ import annotations

import json

import pytest

from agent_system.assembly import build_pipeline
from agent_system.llm.client import LLM, LLMSettings
from agent_system.sessions.conversation import Conversation, Patient
from agent_system.settings import PROMPTS_DIR
from agent_system.triage.screen import assess
from agent_system.triage.second_net import MAX_TOKENS, TriageSecondNet
from tests.fakes.openai_server import FakeReply
from tests.support import agent_settings, run_turn

CLEARED = "quero remarcar o dermatologista. minha vó tá meio esquisita hoje, meio devagar"
NOTHING = json.dumps({"emergency": False, "category": "none", "quote": ""})


def check(emergency: bool, category: str, quote: str) -> str:
    return json.dumps({"emergency": emergency, "category": category, "quote": quote})


@pytest.fixture
def net(openai_server):
    llm = LLM(LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=1))
    return TriageSecondNet(llm, (PROMPTS_DIR / "triage_check.txt").read_text(encoding="utf-8"))


@pytest.fixture
def llm_pipeline(clinics, registry, tmp_path, openai_server):
    settings = agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path, triage_llm_check=True,
                              llm=LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=5))
    built = build_pipeline(settings, registry)
    yield built
    built.router.close()


def conversation() -> Conversation:
    return Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"))


def test_the_screen_clears_the_message_the_net_is_asked_about():
    assert assess(CLEARED).emergency is False


def test_an_escalation_with_a_quote_from_the_message_halts_the_turn(llm_pipeline, openai_server):
    openai_server.script(check(True, "stroke", "Minha VÓ ta meio esquisita"))
    events, answer = run_turn(llm_pipeline, conversation(), CLEARED)
    plan = next(e for e in events if e.type == "plan")
    assert (plan.steps, plan.source, answer.emergency) == ([], "triage", True)
    assert "192" in answer.text and "Fique com a pessoa" in answer.text
    assert len(openai_server.requests) == 1  # no planner, verifier or responder call after it
    request = openai_server.requests[0].body
    assert request["max_tokens"] == MAX_TOKENS and request["temperature"] == 0.0
    first_line = (PROMPTS_DIR / "triage_check.txt").read_text(encoding="utf-8").splitlines()[0]
    assert request["messages"][0]["content"].startswith(first_line)
    assert request["messages"][1:] == [{"role": "user", "content": CLEARED}]


def test_a_cleared_message_goes_on_to_the_planner(llm_pipeline, openai_server):
    openai_server.script(NOTHING)
    events, answer = run_turn(llm_pipeline, conversation(), "obrigado")
    # The rules read a thank-you with confidence: no planning call, and no answer call without data.
    assert answer.emergency is False and next(e for e in events if e.type == "plan").source == "rules"
    assert len(openai_server.requests) == 1


def test_a_deterministic_hit_is_never_sent_to_the_net_nor_cleared(llm_pipeline, openai_server, net):
    openai_server.script(NOTHING)
    events, answer = run_turn(llm_pipeline, conversation(), "meu pai está com dor no peito")
    assert answer.emergency is True and openai_server.requests == []
    screened = assess("meu pai está com dor no peito")
    assert net.review("meu pai está com dor no peito", screened) is screened
    assert openai_server.pending == 1  # the "not an emergency" reply was never asked for


@pytest.mark.parametrize("reply", [
    check(True, "stroke", "she cannot move her arm"),  # a quote the patient never wrote
    check(True, "stroke", "esquisita"),  # one word is not a quote
    check(True, "stroke", 42),
    check("yes", "stroke", "minha vó tá meio esquisita"),
    "this is not json at all",
    FakeReply(status=503, body={"error": {"message": "overloaded"}}),
    FakeReply(content=check(True, "stroke", "minha vó tá meio esquisita"), delay_s=3),  # past the 1 s timeout
])
def test_an_unusable_reply_changes_nothing(net, openai_server, reply):
    openai_server.script(reply)
    screened = assess(CLEARED)
    assert net.review(CLEARED, screened) is screened
    assert len(openai_server.requests) == 1


def test_an_unknown_category_escalates_as_a_general_emergency(net, openai_server):
    openai_server.script(check(True, "something else", "minha vó tá meio esquisita"))
    result = net.review(CLEARED, assess(CLEARED))
    assert (result.emergency, result.kind, result.matched) == (True, "medical", "minha vo esta meio esquisita")
