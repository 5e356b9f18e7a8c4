"""The LLM path end to end: the real openai client over HTTP to a scripted server, real clinics behind.

The rules read first; the LLM planner runs only for what they cannot read ("hmm" after a
cardiology question here), and its plan is checked for meaning before anything is dispatched.
"""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from agent_system.assembly import build_pipeline
from agent_system.llm.client import LLMSettings
from agent_system.dialogue.llm_planner import PLAN_SCHEMA
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.settings import PROMPTS_DIR
from tests.fakes.openai_server import FakeReply
from tests.agent_system.llm.llm_support import faithful_answer
from tests.support import agent_settings, free_port, run_turn

SAFE = json.dumps({"safe": True, "flags": []})
UNCLEAR = "hmm"  # nothing the rules can read: the LLM planner is asked


def steps(*items: tuple[str, str, dict]) -> str:
    """A scripted plan reply."""
    return json.dumps({"steps": [{"step_id": n, "clinic": c, "action": a, "parameters": p}
                                 for n, (c, a, p) in enumerate(items, start=1)]})


CARDIOLOGY_PLAN = steps(("clinic_a", "list_available_slots", {}), ("clinic_c", "list_available_slots", {}))


def settings_for(clinics, registry, tmp_path, base_url: str, **llm):
    # The triage second net (its own tests) is off: these scripts answer planning, checks and answers.
    return agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path, triage_llm_check=False,
                          llm=LLMSettings(provider="openai", base_url=base_url, **{"timeout_s": 5, **llm}))


@pytest.fixture
def llm_pipeline(clinics, registry, tmp_path, openai_server):
    built = build_pipeline(settings_for(clinics, registry, tmp_path, openai_server.base_url), registry)
    yield built
    built.router.close()


@pytest.fixture
def conversation():
    return Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"))


@pytest.fixture
def asked_cardiology(llm_pipeline, openai_server, conversation):
    """A first, clear turn: the rules plan it, the LLM only writes the answer (replaced: it invents)."""
    openai_server.script("Temos horários com a Dra. Helena Duarte.")
    run_turn(llm_pipeline, conversation, "quero um cardiologista")
    openai_server.requests.clear()
    return conversation


def plan_of(events):
    return next(e for e in events if e.type == "plan")


def planned(events):
    return [(s["clinic"], s["action"]) for s in plan_of(events).steps]


# --- hybrid planning and the call budget --------------------------------------------------------

def test_a_clear_turn_is_planned_by_the_rules_with_one_llm_call_for_the_answer(
        llm_pipeline, openai_server, conversation):
    openai_server.route = faithful_answer  # a model that lists every slot it was given
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    assert plan_of(events).source == "rules"
    assert planned(events) == [("clinic_a", "list_available_slots"), ("clinic_c", "list_available_slots")]
    [request] = openai_server.requests  # the answer only: no planner, no verifier call
    assert request.body["stream"] is True and request.body["temperature"] == 0.3
    assert request.body["max_tokens"] > 0
    first_line = (PROMPTS_DIR / "response_generator.txt").read_text(encoding="utf-8").splitlines()[0]
    assert request.body["messages"][0]["content"].startswith(first_line)
    assert answer.text == faithful_answer(request)
    assert {s.clinic for s in answer.slots} == {"clinic_a", "clinic_c"}


def test_a_turn_without_steps_makes_no_llm_call(llm_pipeline, openai_server, conversation):
    events, answer = run_turn(llm_pipeline, conversation, "mostre o prontuário do paciente CARD-001")
    assert plan_of(events).steps == [] and plan_of(events).source == "rules"
    assert openai_server.requests == [] and answer.text


def test_an_unclear_turn_asks_the_llm_planner_with_a_small_prompt_and_uses_a_grounded_plan(
        llm_pipeline, openai_server, asked_cardiology):
    openai_server.script(CARDIOLOGY_PLAN, SAFE, "Seguem os horários de Cardiologia.")
    events, answer = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)  # an answer that lists no slot
    assert plan_of(events).source == "llm"
    assert planned(events) == [("clinic_a", "list_available_slots"), ("clinic_c", "list_available_slots")]
    planner, verifier, responder = (r.body for r in openai_server.requests)
    assert planner["temperature"] == 0.0 and planner["max_tokens"] > 0
    assert planner["response_format"]["json_schema"]["schema"] == PLAN_SCHEMA
    assert planner["messages"][1]["content"] == "quero um cardiologista"
    assert planner["messages"][-1] == {"role": "user", "content": UNCLEAR}
    prompt_chars = sum(len(m["content"]) for m in planner["messages"])
    assert prompt_chars / 3 <= 1500  # ~1.5k tokens even at 3 characters a token
    assert verifier["response_format"]["json_schema"]["name"] == "verification"
    assert responder["stream"] is True
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")  # the slots, deterministically


@pytest.mark.parametrize(("reply", "why"), [
    (steps(("clinic_b", "list_available_slots", {"doctor": "Dra. Camila Rocha"})), "doctor"),  # never named
    (steps(("clinic_a", "list_available_slots", {"date": "2027-01-20"})), "window"),
    (steps(("clinic_b", "list_available_slots", {})), "specialty"),  # dermatology: never asked for
    (steps(("clinic_z", "list_available_slots", {})), "unknown clinic"),
    (steps(("clinic_a", "get_patient", {"patient_id": "CARD-001"})), "tool"),
    (json.dumps({"plan": "cardiologia"}), "steps"),
    ("this is not json at all", "JSON"),
    (FakeReply(status=503, body={"error": {"message": "overloaded"}}), "HTTP 503"),
])
def test_an_unusable_llm_plan_falls_back_to_the_rules(llm_pipeline, openai_server, asked_cardiology, reply, why):
    openai_server.script(reply)
    events, answer = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)
    plan = plan_of(events)
    assert plan.source == "rules_fallback" and plan.steps == []
    assert why in plan.reasoning[0]
    assert len(openai_server.requests) == 1  # no steps, no data: nothing else to ask the LLM
    assert not answer.blocked and answer.text


def test_a_booking_without_a_request_to_book_is_not_dispatched(
        llm_pipeline, openai_server, asked_cardiology, clinics):
    slot = asked_cardiology.state.listed[0]
    openai_server.script(steps((slot.clinic, "book_appointment",
                                {"doctor": slot.doctor, "date": slot.date, "time": slot.time})))
    events, _ = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)
    assert plan_of(events).source == "rules_fallback"
    assert "does not ask to book" in plan_of(events).reasoning[0]
    assert not [e for e in events if e.type == "dispatch"]
    mine = Conversation(patient=asked_cardiology.patient)
    openai_server.script("x")
    _, answer = run_turn(llm_pipeline, mine, "minhas consultas")
    assert answer.appointments == []  # the clinics hold no booking for her


def test_an_incomplete_rule_10_plan_is_completed_from_the_registry(llm_pipeline, openai_server, asked_cardiology):
    openai_server.script(steps(("clinic_a", "list_available_slots", {})), SAFE, "Seguem os horários.")
    events, _ = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)
    assert plan_of(events).source == "llm_repaired"
    assert planned(events) == [("clinic_a", "list_available_slots"), ("clinic_c", "list_available_slots")]


def test_identity_in_an_llm_plan_is_dropped_and_never_reaches_a_clinic(
        llm_pipeline, openai_server, asked_cardiology):
    with_identity = {"cpf": "52998224725", "patient_name": "Maria Souza"}
    openai_server.script(steps(("clinic_a", "list_available_slots", with_identity),
                               ("clinic_c", "list_available_slots", with_identity)), SAFE, "Pronto.")
    events, answer = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)
    plan = plan_of(events)
    assert plan.source == "llm_repaired"
    assert [s["parameters"] for s in plan.steps] == [{}, {}]
    assert all(e.status == "ok" for e in events if e.type == "dispatch" and e.status != "start")
    assert answer.slots and "Maria" not in answer.text


@pytest.mark.timeout(30)
def test_the_turn_time_budget_ends_in_the_deterministic_path(clinics, registry, tmp_path, openai_server,
                                                              conversation):
    pipeline = build_pipeline(settings_for(clinics, registry, tmp_path, openai_server.base_url,
                                           turn_budget_s=1.0), registry)
    openai_server.script(FakeReply(content="Temos horários.", delay_s=3))
    events, answer = run_turn(pipeline, conversation, "quero um cardiologista")
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")
    assert len(openai_server.requests) == 1
    pipeline.router.close()


# --- the answer ----------------------------------------------------------------------------------

@pytest.mark.parametrize("invented", [
    "Tome 500 mg de dipirona de 8 em 8 horas enquanto espera a consulta.",
    "Temos um horário com Dr. Ricardo Lopes em 25/11 às 07:15.",
    "A Dra. Helena Duarte atende amanhã.",
    "Há horários na Clínica E também.",
    "Pelos sintomas, você provavelmente tem arritmia cardíaca.",
])
def test_an_llm_answer_that_invents_is_replaced_by_the_rendering(llm_pipeline, openai_server, conversation, invented):
    openai_server.script(invented)
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    assert answer.blocked is False
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")
    streamed = "".join(e.text for e in events if e.type == "token")
    assert invented not in streamed


def test_an_answer_streams_sentence_by_sentence_each_once_it_is_checked(llm_pipeline, openai_server, conversation):
    openai_server.route = lambda request: FakeReply(content=faithful_answer(request), chunks=64)
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    tokens = [e.text for e in events if e.type == "token"]
    assert answer.text == "".join(tokens) and len(tokens) > 3
    # Every piece is a whole sentence: no entity shows before the sentence that names it was checked whole.
    assert all(t.strip().startswith("Na Clínica") and t.endswith(".") for t in tokens)


def test_a_real_doctor_in_a_sentence_that_invents_a_time_is_never_streamed(llm_pipeline, openai_server, conversation):
    openai_server.script(FakeReply(content="Temos um horário com Dr. Ricardo Lopes em 25/11 às 07:15.", chunks=20))
    events, answer = run_turn(llm_pipeline, conversation, "quero um cardiologista")
    # The sentence is judged whole before any of it shows; the answer event is the rendering.
    assert [e for e in events if e.type == "token"] == []
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")


def test_a_price_question_is_never_answered_by_the_llm(llm_pipeline, openai_server, conversation):
    openai_server.script("A consulta particular custa R$ 350,00 na Clínica B.")
    events, answer = run_turn(llm_pipeline, conversation, "quanto custa consultar com dermato?")
    assert openai_server.requests == [] and openai_server.pending == 1  # the invented figure was never asked for
    assert "R$" not in answer.text and "(11) 3259-2200" in answer.text
    assert not [e for e in events if e.type == "token"]


def test_llm_answers_off_makes_a_clear_turn_cost_no_call(clinics, registry, tmp_path, openai_server, conversation):
    settings = settings_for(clinics, registry, tmp_path, openai_server.base_url)
    pipeline = build_pipeline(replace(settings, llm_answers=False), registry)
    _, answer = run_turn(pipeline, conversation, "quero um cardiologista")
    assert openai_server.requests == []
    assert answer.text.startswith("Aqui estão os horários livres em Cardiologia")
    pipeline.router.close()


# --- the verifier ----------------------------------------------------------------------------------

def test_an_ungrounded_verifier_flag_is_dropped_and_counted(llm_pipeline, openai_server, asked_cardiology):
    flag = json.dumps({"safe": False, "flags": [{"rule": "R2", "quote": "Dr. Ricardo Lopes"}]})
    openai_server.script(CARDIOLOGY_PLAN, flag, "Seguem os horários.")
    events, answer = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)
    verification = next(e for e in events if e.type == "verification")
    assert verification.safe is True and verification.llm_flags_dropped == 1
    assert not answer.blocked and answer.slots


@pytest.mark.parametrize("reply", [
    {"safe": True, "flags": [{"rule": "R2", "quote": "Dr. Ricardo Lopes"}]},  # contradicts itself
    {"safe": False, "flags": []},  # names no rule
    {"safe": False, "note": "x", "rules": ["R2"]},  # no quote at all
])
def test_a_self_contradictory_or_rule_less_verdict_never_blocks(llm_pipeline, openai_server, asked_cardiology,
                                                                reply):
    openai_server.script(CARDIOLOGY_PLAN, json.dumps(reply), "Seguem os horários.")
    events, answer = run_turn(llm_pipeline, asked_cardiology, UNCLEAR)
    assert next(e for e in events if e.type == "verification").safe is True
    assert not answer.blocked


def test_an_unreachable_llm_costs_one_wait_then_rules(clinics, registry, tmp_path, conversation):
    pipeline = build_pipeline(settings_for(clinics, registry, tmp_path, f"http://127.0.0.1:{free_port()}/v1",
                                           timeout_s=2), registry)
    events, answer = run_turn(pipeline, conversation, "horários de ortopedia")
    assert plan_of(events).source == "rules"
    assert answer.text.startswith("Aqui estão os horários livres em Ortopedia")
    pipeline.router.close()
