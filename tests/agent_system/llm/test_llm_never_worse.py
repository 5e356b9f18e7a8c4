"""LLM mode is never worse than rules mode: where the LLM's output cannot be used, the deterministic path answers.

Each test scripts the OpenAI-compatible server with an output a small model was seen to give (or could give),
runs the real pipeline against the real clinics, and checks the patient gets the rules mode's outcome: the
same stores, an answer, and no error.
"""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from agent_system.answer.answer_gate import MISSING_FACT, OTHER_FACT, AnswerGate
from agent_system.answer.responder import Rendering
from agent_system.assembly import build_pipeline
from agent_system.domain.appointments import SlotOffer
from agent_system.domain.events import ConfirmRequest
from agent_system.dialogue.llm_planner import MAX_TOKENS as PLAN_TOKENS
from agent_system.dialogue.rules import RulesPlanner
from agent_system.domain.patient import Patient
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.answer_facts import AnswerFacts
from tests.agent_system.llm.llm_support import faithful_answer
from tests.agent_system.llm.test_llm_pipeline import UNCLEAR, settings_for, steps
from tests.support import CLINIC_TODAY, all_store_bookings, call_tool, run_turn, store_rows

CPF = "39053344705"
CAMILA = "Dra. Camila Rocha"
TODAY = date.fromisoformat(CLINIC_TODAY)


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


# --- an answer that offers a booking for a yes --------------------------------------------------------

OFFER = Rendering(text="A Dra. Camila Rocha tem horário livre na Clínica B em 26/11/2026 às 15:00. Quer que eu agende?",
                  slots=[SlotOffer(clinic="clinic_b", doctor=CAMILA, date="2026-11-26", time="15:00")],
                  appointments=[], confirm=ConfirmRequest(
                      action="book", appointment=SlotOffer(clinic="clinic_b", doctor=CAMILA, date="2026-11-26",
                                                           time="15:00")))


@pytest.fixture(scope="module")
def gate(registry):
    rules = RulesPlanner(registry)
    return AnswerGate(AnswerFacts(rules.doctors, rules.federation))


@pytest.mark.parametrize("text, reason", [
    ("A Dra. Camila Rocha tem horário livre na Clínica B em 26/11 às 15:00. Quer que eu agende?", None),
    ("A Dra. Camila Rocha tem horário livre na Clínica B em 26/11 às 15:00.", MISSING_FACT),  # the offer unsaid
])
def test_an_answer_offering_a_booking_must_offer_it(gate, text, reason):
    assert gate.answer(text, gate.reference(OFFER, "pt")) == reason


def test_an_answer_offering_a_booking_may_not_tell_it_as_done(gate):
    reference = gate.reference(OFFER, "pt")
    assert gate.sentence("Sua consulta com a Dra. Camila Rocha está agendada.", reference, TODAY) == OTHER_FACT


def test_a_turn_offering_a_booking_is_answered_in_llm_mode(llm_pipeline, openai_server, clinics):
    slot = call_tool(clinics.url("clinic_b"), "list_available_slots", {"doctor": CAMILA})["structuredContent"][
        "available_slots"][-1]
    day = "/".join(reversed(slot["date"].split("-")))
    openai_server.route = faithful_answer
    conversation = Conversation(patient=Patient(name="Ana Paula Teixeira", cpf=CPF))
    events, answer = run_turn(llm_pipeline, conversation, f"a {CAMILA} tem horário livre dia {day} às {slot['time']}?")
    [offered] = [e for e in events if e.type == "answer"]
    assert offered.confirm is not None and offered.confirm.action == "book"
    assert not [e for e in events if e.type == "error"] and slot["time"] in answer.text
    assert all_store_bookings(clinics, CPF) == []  # offered, not booked
