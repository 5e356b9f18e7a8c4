"""LLM mode is never worse than rules mode: where the LLM's output cannot be used, the deterministic path answers.

Each test scripts the OpenAI-compatible server with an output a small model was seen to give (or could give),
runs the real pipeline against the real clinics, and checks the patient gets the rules mode's outcome: the
same stores, an answer, and no error.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.assembly import build_pipeline
from agent_system.planning.llm_planner import MAX_TOKENS as PLAN_TOKENS
from agent_system.sessions.conversation import Conversation, Patient
from tests.agent_system.test_llm_pipeline import UNCLEAR, settings_for, steps
from tests.support import run_turn, store_rows

CPF = "39053344705"


@pytest.fixture
def llm_pipeline(clinics, registry, tmp_path, openai_server):
    built = build_pipeline(settings_for(clinics, registry, tmp_path, openai_server.base_url), registry)
    yield built
    built.router.close()


def _plans(plan: str):
    """A model that answers the planner with `plan` and every other request with a short greeting."""
    return lambda request: plan if request.body.get("max_tokens") == PLAN_TOKENS else "Olá."


@pytest.mark.parametrize("plan", [
    steps(("clinic_a", "get_clinic_info", {})),
    steps(("clinic_a", "request_callback", {"phone": "(11) 98765-4321", "reason": "exame", "best_time": "manhã"})),
])
def test_an_llm_plan_with_a_tool_only_the_rules_plan_falls_back_to_the_rules(
        llm_pipeline, openai_server, clinics, plan):
    openai_server.route = _plans(plan)
    events, answer = run_turn(llm_pipeline, Conversation(patient=Patient(name="Ana Paula Teixeira", cpf=CPF)), UNCLEAR)
    [planned] = [e for e in events if e.type == "plan"]
    assert planned.source == "rules_fallback" and planned.steps == []
    assert not [e for e in events if e.type == "dispatch"] and not [e for e in events if e.type == "error"]
    assert answer.text
    assert store_rows(Path(clinics.env["VAR_DIR"]), "clinic_a", "SELECT COUNT(*) FROM callbacks WHERE cpf = ?",
                      CPF) == [(0,)]
