"""The write grant holds every write to what the patient asked, whoever planned it: a question never writes,
a request to change a booking never books, and a cancel or move runs only as the change just confirmed.

The last tests take the LLM's steps over HTTP (the scripted OpenAI-compatible server) and hand them to the
router with neither the LLM planner's validation nor the plan check, as if both had let them through: the
clinics' stores show that nothing was written, no booking, cancel, move or callback request."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from agent_system.assembly import build_pipeline
from agent_system.llm.budget import UNCLEAR_TURN
from agent_system.llm.client import LLMSettings
from agent_system.dialogue.llm_planner import MAX_TOKENS, PLAN_SCHEMA, messages
from agent_system.domain.plan import Intent, Plan, Step
from agent_system.dialogue.write_grant import grant_for
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.dialogue.reading.reading import read
from tests.agent_system.dialogue.test_write_intent import QUESTIONS
from tests.redteam.scripted_llm import VERIFIER_OPENING
from tests.support import CLINIC_TODAY, agent_settings, all_store_bookings, call_tool, give_back, make_cpf, run_turn, store_rows

TODAY = date.fromisoformat(CLINIC_TODAY)
CAMILA = "Dra. Camila Rocha"
WRITES = ("book_appointment", "cancel_appointment", "reschedule_appointment", "request_callback")
CALLBACK = {"phone": "(11) 98765-4321", "reason": "preparo do exame", "best_time": "de manhã"}
# A change asked for, as a question or an order: a write, but never a booking.
CHANGE_REQUESTS = [
    "pode remarcar minha consulta com a Dra. Camila Rocha para 27/11 às 10h?",
    "dá pra reagendar pra sexta às 10h?",
    "consegue cancelar a consulta de quinta e deixar sexta às 10h?",
    "can you reschedule my appointment to Friday at 10 AM?",
    "could you cancel my Thursday appointment?",
]


def write_step(action: str) -> Step:
    slot = {"doctor": CAMILA, "date": "2026-11-26", "time": "15:00"}
    parameters = {"book_appointment": slot,
                  "cancel_appointment": slot,
                  "reschedule_appointment": {"doctor": CAMILA, "original_date": "2026-11-26", "original_time": "15:00",
                                             "new_date": "2026-11-27", "new_time": "10:00"},
                  "request_callback": CALLBACK}[action]
    return Step(step_id=1, clinic="clinic_b", action=action, parameters=parameters)


@pytest.fixture(scope="module")
def reader(registry):
    from agent_system.dialogue.rules import RulesPlanner
    rules = RulesPlanner(registry)
    return lambda message, conversation: read(message, conversation, TODAY, rules.doctors, rules.federation)


def conversation() -> Conversation:
    return Conversation(patient=Patient(name="Renata Alves Costa", cpf="39053344705"))


@pytest.mark.parametrize("action", WRITES)
@pytest.mark.parametrize("question", QUESTIONS)
def test_a_question_grants_no_write(reader, question, action):
    grant = grant_for(reader(question, conversation()), conversation())
    assert grant.refusal(write_step(action)) is not None


@pytest.mark.parametrize("message", CHANGE_REQUESTS)
def test_a_request_to_change_a_booking_never_grants_a_booking(reader, message):
    grant = grant_for(reader(message, conversation()), conversation())
    assert grant.refusal(write_step("book_appointment")) == "write_not_requested"
    assert grant.refusal(write_step("cancel_appointment")) == "not_confirmed"  # nor to change unconfirmed


def test_a_request_to_book_grants_a_booking_only(reader):
    grant = grant_for(reader(f"quero marcar com a {CAMILA} dia 26/11 às 15h", conversation()), conversation())
    assert grant.refusal(write_step("book_appointment")) is None
    assert {grant.refusal(write_step(a)) for a in WRITES[1:3]} == {"not_confirmed"}
    assert grant.refusal(write_step("request_callback")) == "write_not_requested"


def test_a_callback_asked_with_a_phone_grants_the_callback_only(reader):
    grant = grant_for(reader("me liguem no (11) 98765-4321 sobre o preparo do exame", conversation()), conversation())
    assert grant.refusal(write_step("request_callback")) is None
    assert grant.refusal(write_step("book_appointment")) == "write_not_requested"
    assert {grant.refusal(write_step(a)) for a in WRITES[1:3]} == {"not_confirmed"}


# --- LLM plans, straight to the router ----------------------------------------------------------------

class UncheckedLLMPlanner:
    """The LLM's steps for every message, as it wrote them: only the grant stands before the clinics."""

    def __init__(self, planner):
        self.llm_planner = planner.llm_planner

    def plan(self, reading, conversation, today):
        llm = self.llm_planner.llm
        llm.settle_turn(UNCLEAR_TURN)  # as the product's planner does for a turn it asks about
        raw = llm.complete_json(self.llm_planner.system_prompt(today), messages(conversation, reading.message),
                                PLAN_SCHEMA, "plan", temperature=0.0, max_tokens=MAX_TOKENS, purpose="plan")
        steps = [Step(**{**item, "step_id": n}) for n, item in enumerate(raw["steps"], start=1)]
        return Plan(steps=steps, intents=[Intent.BOOK], source="llm")


@pytest.fixture
def unchecked(clinics, registry, tmp_path, openai_server):
    settings = agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path,
                              llm=LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=5),
                              llm_answers=False)
    built = build_pipeline(settings, registry)
    built.planner = UncheckedLLMPlanner(built.planner)
    yield built
    built.router.close()


SAFE = json.dumps({"safe": True, "flags": []})


def _asks_verification(request) -> bool:
    return request.body["messages"][0]["content"].startswith(VERIFIER_OPENING)


def plan_of(*steps: Step) -> str:
    return json.dumps({"steps": [{**s.model_dump(), "step_id": n} for n, s in enumerate(steps, start=1)]})


def test_llm_plans_of_every_write_never_write_for_a_question_or_a_change_request(
        unchecked, openai_server, clinics, reader):
    cpf = make_cpf(7460).replace(".", "").replace("-", "")
    patient = Conversation(patient=Patient(name="Renata Alves Costa", cpf=cpf))
    free = call_tool(clinics.url("clinic_b"), "list_available_slots", {"doctor": CAMILA})["structuredContent"][
        "available_slots"]
    booked_slot = free[-1]
    # The booking an LLM plan would add: another specialty, another day (no overlap for the guard to hold).
    other = next(s for s in call_tool(clinics.url("clinic_a"), "list_available_slots", {})["structuredContent"][
        "available_slots"] if s["date"] != booked_slot["date"])
    planned = [plan_of(Step(step_id=1, clinic="clinic_b", action="book_appointment",
                            parameters={k: booked_slot[k] for k in ("doctor", "date", "time")}))]
    openai_server.route = lambda request: SAFE if _asks_verification(request) else planned[0]
    # A booking of the patient's own, made by asking for it: the cancel and move below have something to aim at.
    _, made = run_turn(unchecked, patient, f"quero marcar com a {CAMILA} às {booked_slot['time']}")
    assert [a.status for a in made.appointments] == ["confirmed"]
    before = all_store_bookings(clinics, cpf)
    steps = [Step(step_id=1, clinic="clinic_a", action="book_appointment",
                  parameters={k: other[k] for k in ("doctor", "date", "time")}),
             Step(step_id=1, clinic="clinic_b", action="cancel_appointment",
                  parameters={k: booked_slot[k] for k in ("doctor", "date", "time")}),
             Step(step_id=1, clinic="clinic_b", action="reschedule_appointment",
                  parameters={"doctor": CAMILA, "original_date": booked_slot["date"],
                              "original_time": booked_slot["time"], "new_date": free[-2]["date"],
                              "new_time": free[-2]["time"]}),
             Step(step_id=1, clinic="clinic_b", action="request_callback", parameters=CALLBACK)]
    try:
        for message in [*QUESTIONS[:12], *CHANGE_REQUESTS]:
            for step in steps:
                planned[0] = plan_of(step)
                events, _ = run_turn(unchecked, patient, message)
                # A booking's overlap check reads first (read-only calls); the write itself is refused.
                refused = [e.error["code"] for e in events
                           if e.type == "dispatch" and e.status != "start" and e.action == step.action]
                assert refused in (["write_not_requested"], ["not_confirmed"]), (message, step.action, refused)
        assert all_store_bookings(clinics, cpf) == before
        assert store_rows(Path(clinics.env["VAR_DIR"]), "clinic_b", "SELECT COUNT(*) FROM callbacks WHERE cpf = ?", cpf) == [(0,)]
    finally:
        give_back(clinics, patient)
