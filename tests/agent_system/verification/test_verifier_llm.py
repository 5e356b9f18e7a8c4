"""The Verifier's LLM check, through the real openai client against a scripted server: grounded flags only."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from agent_system.llm.client import LLM, LLMSettings
from agent_system.verification.verifier import OK_NOTE, Verdict, Verifier, blocked_note, data_rules
from tests.agent_system.verification.verifier_support import (ALL_LISTINGS, ANA, ANA_BARE, ANA_FULL, ANA_MASK, CLINICS, LISTING_EN,
                                                 LISTING_PT, MARIA, MARIA_CPF, MARIA_MASK, booking, step, tool_error)
from tests.fakes.openai_server import FakeOpenAIServer, FakeReply

PROMPT = (Path(__file__).resolve().parents[3] / "prompts" / "verifier.txt").read_text(encoding="utf-8")


def llm_for(server: FakeOpenAIServer) -> LLM:
    return LLM(LLMSettings(provider="openai", api_key="sk-test", base_url=server.base_url, timeout_s=5.0))


@pytest.fixture
def llm_verifier(openai_server) -> Verifier:
    return Verifier(llm_for(openai_server), PROMPT)


def test_an_llm_verifier_needs_its_prompt(openai_server):
    with pytest.raises(ValueError, match="prompt"):
        Verifier(llm_for(openai_server), "")


SAFE = '{"safe": true, "flags": []}'
DOSE_NOTE = "Paciente em uso de dipirona 500 mg."
WITH_DOSE_NOTE = [step("list_available_slots", {"clinic": "clinic_a", "available_slots": [], "note": DOSE_NOTE})]


def flags(*items: tuple[str, str], safe: bool = False) -> str:
    return json.dumps({"safe": safe, "flags": [{"rule": r, "quote": q} for r, q in items]}, ensure_ascii=False)


def test_a_grounded_llm_flag_blocks_what_the_rules_pass(llm_verifier, openai_server):
    assert data_rules(WITH_DOSE_NOTE, ANA) == set()  # no prescription wording: the rules let it through
    openai_server.script(flags(("R1", "dipirona 500 mg")))
    verdict = llm_verifier.check_data(WITH_DOSE_NOTE, ANA, "pt")
    # The LLM's own words are never shown: the note is the product's.
    assert verdict == Verdict(safe=False, note=blocked_note(("R1",), "pt"), rules=("R1",))


@pytest.mark.parametrize(("reply", "dropped"), [
    pytest.param(flags(("R2", "Dr. Ricardo Lopes")), 1, id="a-doctor-is-not-pii"),
    pytest.param(flags(("R2", "Maria Aparecida Santos")), 1, id="quote-not-in-the-data"),
    pytest.param(flags(("R1", "Dr. Ricardo Lopes")), 1, id="no-dose-in-the-quote"),
    pytest.param(flags(("R2", ANA.name)), 1, id="the-patients-own-name"),
    pytest.param(flags(("R3", "Dr. Ricardo Lopes"), safe=True), 1, id="says-safe-but-flags"),
    pytest.param('{"safe": false, "flags": []}', 1, id="unsafe-without-a-rule"),
    pytest.param('{"safe": false, "note": "x", "rules": ["R2"]}', 1, id="no-quote-at-all"),
    pytest.param(flags(("R9", "Dr. Ricardo Lopes")), 1, id="unknown-rule"),
])
def test_ungrounded_or_self_contradictory_flags_never_block_and_are_counted(llm_verifier, openai_server, reply,
                                                                            dropped):
    openai_server.script(reply)
    verdict = llm_verifier.check_data([*ALL_LISTINGS, booking()], ANA, "pt")
    assert verdict == Verdict(safe=True, note=OK_NOTE, llm_flags_dropped=dropped)
    assert verdict.to_event().llm_flags_dropped == dropped


def test_llm_safe_does_not_override_a_rule_violation(llm_verifier, openai_server):
    openai_server.script(SAFE)
    verdict = llm_verifier.check_answer("Tome 500 mg de amoxicilina de 8 em 8 horas.", ALL_LISTINGS, ANA, "pt")
    assert (verdict.safe, verdict.rules) == (False, ("R1",))


def test_llm_and_rules_agreeing_on_safe(llm_verifier, openai_server):
    openai_server.script(SAFE)
    assert llm_verifier.check_answer(LISTING_PT, ALL_LISTINGS, ANA, "pt") == Verdict(safe=True, note=OK_NOTE)


def test_llm_and_rules_flags_are_united(llm_verifier, openai_server):
    answer = "Ligue para (11) 98765-4321. Você provavelmente tem artrose."
    openai_server.script(flags(("R3", "provavelmente tem artrose")))
    verdict = llm_verifier.check_answer(answer, ALL_LISTINGS, ANA, "en")
    assert verdict == Verdict(safe=False, note=blocked_note(("R2", "R3"), "en"), rules=("R2", "R3"))


def test_no_clinic_data_is_never_sent_to_the_llm(llm_verifier, openai_server):
    assert llm_verifier.check_data([], ANA, "pt") == Verdict(safe=True, note=OK_NOTE)
    assert llm_verifier.check_answer("Olá! Como posso ajudar?", [], ANA, "pt").safe is True
    assert openai_server.requests == []


FAILURES = [
    pytest.param(FakeReply(status=500), id="http-500"),
    pytest.param(FakeReply(status=503), id="http-503"),
    pytest.param("this is not json", id="garbage"),
    pytest.param('{"safe": "maybe", "flags": []}', id="safe-not-a-boolean"),
    pytest.param('{"safe": false, "flags": "R2"}', id="flags-not-a-list"),
]


@pytest.mark.parametrize("reply", FAILURES)
@pytest.mark.parametrize(("results", "expected"), [
    pytest.param(ALL_LISTINGS, Verdict(safe=True, note=OK_NOTE), id="clean-data"),
    pytest.param([booking(name=MARIA, mask=MARIA_MASK)], Verdict(safe=False, note=blocked_note(("R2",), "pt"),
                                                                  rules=("R2",)), id="leaking-data"),
])
def test_llm_failure_leaves_the_rules_verdict(llm_verifier, openai_server, reply, results, expected, caplog):
    openai_server.script(reply)
    verdict = llm_verifier.check_data(results, ANA, "pt")
    assert (verdict.safe, verdict.note, verdict.rules) == (expected.safe, expected.note, expected.rules)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert not any(MARIA in w or ANA.name in w or "533" in w for w in warnings)


def test_llm_request_carries_the_patient_in_the_prompt_and_the_data_as_json(llm_verifier, openai_server):
    openai_server.script(SAFE)
    results = [booking(), tool_error("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")]
    llm_verifier.check_data(results, ANA, "pt")
    body = openai_server.requests[0].body
    system, user = body["messages"]
    assert system["role"] == "system" and "Ana Paula Teixeira" in system["content"]
    assert ANA_MASK in system["content"] and "$patient" not in system["content"]
    assert ANA_FULL not in system["content"] and ANA_BARE not in system["content"]
    assert user["role"] == "user"
    assert json.loads(user["content"]) == {
        "clinic_data": [
            {"clinic": "clinic_a", "action": "book_appointment", "result": results[0].data, "error": None},
            {"clinic": "clinic_a", "action": "book_appointment", "result": None, "error": results[1].error},
        ],
        "draft_answer": None,
    }
    assert body["response_format"]["json_schema"]["name"] == "verification"


def test_llm_answer_check_sends_the_draft(llm_verifier, openai_server):
    openai_server.script(SAFE)
    llm_verifier.check_answer(LISTING_EN, ALL_LISTINGS, ANA, "en")
    sent = json.loads(openai_server.requests[0].body["messages"][1]["content"])
    assert sent["draft_answer"] == LISTING_EN
    assert [item["clinic"] for item in sent["clinic_data"]] == list(CLINICS)


def test_full_cpfs_never_reach_the_llm(llm_verifier, openai_server):
    openai_server.script(SAFE, SAFE)
    llm_verifier.check_data([booking(cpf=ANA_FULL, other=MARIA_CPF)], ANA, "pt")
    llm_verifier.check_answer(f"Seu CPF é {ANA_FULL} ({ANA_BARE}).", [booking()], ANA, "pt")
    raw = json.dumps([r.body for r in openai_server.requests], ensure_ascii=False)
    assert ANA_FULL not in raw and ANA_BARE not in raw and MARIA_CPF not in raw
    assert ANA_MASK in json.loads(openai_server.requests[1].body["messages"][1]["content"])["draft_answer"]


def test_rules_only_check_never_calls_the_llm(llm_verifier, openai_server):
    assert llm_verifier.check_answer_rules(LISTING_PT, ALL_LISTINGS, ANA, "pt").safe is True
    assert openai_server.requests == []
