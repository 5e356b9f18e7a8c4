"""The LLM's second net over real HTTP (scripted OpenAI-compatible server): it may escalate, never clear.

It looks only at messages with health language, and its call is the clear turn's one LLM call.
"""
from __future__ import annotations

import json

import pytest

from agent_system.assembly import build_pipeline, semantic_screen
from agent_system.llm.client import LLM, LLMSettings
from agent_system.sessions.audit import audit_record
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.settings import PROMPTS_DIR
from agent_system.triage.screen import assess
from agent_system.triage.result import TriageResult
from agent_system.triage.second_net import MAX_TOKENS, TriageSecondNet, screen
from tests.fakes.openai_server import FakeReply
from tests.support import agent_settings, call_tool, make_cpf, run_turn, store_bookings

CLEARED = "quero remarcar o dermatologista. minha vó tá meio esquisita hoje, meio devagar"
DOCTOR = "Dr. Ricardo Lopes"
NOTHING = json.dumps({"emergency": False, "category": "none", "quote": ""})


def check(emergency: bool, category: str, quote: str) -> str:
    return json.dumps({"emergency": emergency, "category": category, "quote": quote})


@pytest.fixture
def net(openai_server):
    llm = LLM(LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=1))
    return TriageSecondNet(llm, (PROMPTS_DIR / "triage_check.txt").read_text(encoding="utf-8"))


@pytest.fixture
def semantic_net(openai_server):
    """The net as the product builds it: with the semantic screen to see a signal the lexicon does not read."""
    llm = LLM(LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=1))
    return TriageSecondNet(llm, (PROMPTS_DIR / "triage_check.txt").read_text(encoding="utf-8"), semantic_screen())


@pytest.fixture
def llm_pipeline(clinics, registry, tmp_path, openai_server):
    settings = agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path, triage_llm_check=True,
                              llm=LLMSettings(provider="openai", base_url=openai_server.base_url, timeout_s=5))
    built = build_pipeline(settings, registry)
    yield built
    built.router.close()


def conversation() -> Conversation:
    return Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705"))


def as_screened(message: str) -> TriageResult:
    """The screen's result as the pipeline hands it to the net: the lexicon's and the semantic score's together."""
    return screen(message, "pt", semantic=semantic_screen())


def test_the_screen_clears_the_message_the_net_is_asked_about():
    assert assess(CLEARED).emergency is False
    screened = as_screened(CLEARED)  # its health signal is the semantic score's: no word of the lexicon's
    assert not (screened.emergency or screened.doubt) and screened.health_language


def test_an_escalation_with_a_quote_from_the_message_halts_the_turn(llm_pipeline, openai_server):
    openai_server.script(check(True, "stroke", "Minha VÓ ta meio esquisita"))
    events, answer = run_turn(llm_pipeline, conversation(), CLEARED)
    plan = next(e for e in events if e.type == "plan")
    assert (plan.steps, plan.source, answer.emergency) == ([], "triage", True)
    assert "192" in answer.text and "Fique com a pessoa" in answer.text
    assert len(openai_server.requests) == 1  # no planner, verifier or responder call after it
    assert llm_calls(events) == ["triage"]
    request = openai_server.requests[0].body
    assert request["max_tokens"] == MAX_TOKENS and request["temperature"] == 0.0
    first_line = (PROMPTS_DIR / "triage_check.txt").read_text(encoding="utf-8").splitlines()[0]
    assert request["messages"][0]["content"].startswith(first_line)
    assert request["messages"][1:] == [{"role": "user", "content": CLEARED}]


def llm_calls(events) -> list[str]:
    """The purposes of the turn's LLM calls, as the done event (and the audit line) report them."""
    done = events[-1]
    assert done.type == "done" and audit_record("s", events)["llm_calls"] == done.llm_calls
    return done.llm_calls


def test_a_plain_booking_makes_one_llm_call_the_answer_and_no_triage_call(
        llm_pipeline, openai_server, clinics):
    cpf = make_cpf(7400).replace(".", "").replace("-", "")
    free = call_tool(clinics.url("clinic_a"), "list_available_slots", {"doctor": DOCTOR})["structuredContent"]
    slot = free["available_slots"][-2]
    day = "/".join(reversed(slot["date"].split("-")))
    openai_server.script("Pronto, sua consulta está marcada.")
    patient = Patient(name="Lia Campos Prado", cpf=cpf)
    events, answer = run_turn(llm_pipeline, Conversation(patient=patient),
                              f"Quero agendar com {DOCTOR} no dia {day} às {slot['time']}")
    assert store_bookings(clinics, "clinic_a", cpf) == [("clinic_a", DOCTOR, slot["date"], slot["time"])]
    # The clinics are shared by the whole run: the slot is freed again for the tests that count them.
    [booked] = answer.appointments
    freed = call_tool(clinics.url("clinic_a"), "cancel_appointment",
                      {"doctor": DOCTOR, "date": slot["date"], "time": slot["time"], "patient_name": patient.name,
                       "cpf": cpf, "booking_code": booked.code})
    assert freed["isError"] is False and store_bookings(clinics, "clinic_a", cpf) == []
    [request] = openai_server.requests
    first_line = (PROMPTS_DIR / "response_generator.txt").read_text(encoding="utf-8").splitlines()[0]
    assert request.body["stream"] is True and request.body["messages"][0]["content"].startswith(first_line)
    assert llm_calls(events) == ["answer"]
    # That answer lacks the booking's facts: the deterministic confirmation, with its code, is shown instead.
    assert answer.text.startswith("Consulta confirmada!") and booked.code in answer.text


def test_a_message_without_health_language_is_not_sent_to_the_net(llm_pipeline, openai_server):
    events, answer = run_turn(llm_pipeline, conversation(), "obrigado")
    assert answer.emergency is False and next(e for e in events if e.type == "plan").source == "rules"
    assert openai_server.requests == [] and llm_calls(events) == []


def test_a_cleared_health_mention_uses_the_turns_one_call_and_gets_the_deterministic_answer(
        llm_pipeline, openai_server):
    message = "estou com dor no joelho, quero uma consulta"  # a sign, no red flag: the screen clears it
    assert assess(message).emergency is False and assess(message).health_language is True
    openai_server.script(NOTHING, "Temos horários de Ortopedia com o Dr. Paulo.")
    events, answer = run_turn(llm_pipeline, conversation(), message)
    [request] = openai_server.requests
    assert request.body["messages"][1:] == [{"role": "user", "content": message}]
    assert request.body["response_format"]["json_schema"]["name"] == "triage_check"
    assert openai_server.pending == 1  # the answer was never asked for
    assert next(e for e in events if e.type == "plan").source == "rules" and answer.slots
    assert {s.clinic for s in answer.slots} == {"clinic_d", "clinic_e"} and "Dr. Paulo" not in answer.text
    assert llm_calls(events) == ["triage"]


def test_a_negated_sign_is_still_looked_at(net, openai_server):
    message = "não estou com falta de ar, só quero remarcar"
    screened = assess(message)
    assert screened.emergency is False and screened.health_language is True
    openai_server.script(NOTHING)
    assert net.review(message, screened) is screened and len(openai_server.requests) == 1


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
    screened = as_screened(CLEARED)
    assert net.review(CLEARED, screened) is screened
    assert len(openai_server.requests) == 1


def test_an_unknown_category_escalates_as_a_general_emergency(net, openai_server):
    openai_server.script(check(True, "something else", "minha vó tá meio esquisita"))
    result = net.review(CLEARED, as_screened(CLEARED))
    assert (result.emergency, result.kind, result.matched) == (True, "medical", "minha vo esta meio esquisita")


# --- a quote must carry a health signal the deterministic nets see --------------------------------

CAMILA = "Dra. Camila Rocha"


def test_a_booking_with_its_doctor_day_and_time_quoted_as_danger_is_still_booked(llm_pipeline, openai_server, clinics):
    cpf = make_cpf(7410).replace(".", "").replace("-", "")
    slot = call_tool(clinics.url("clinic_b"), "list_available_slots", {"doctor": CAMILA})["structuredContent"][
        "available_slots"][-1]
    day = "/".join(reversed(slot["date"].split("-")))
    message = f"quero marcar com a {CAMILA} dia {day} às {slot['time']}, é por causa de uma pinta no braço que dói"
    assert assess(message).health_language is True  # "dói" (a body part alone is not): the message goes to the net
    openai_server.script(check(True, "violence", f"marcar com a {CAMILA} dia {day}"))  # a false alarm
    patient = Patient(name="Lia Campos Prado", cpf=cpf)
    events, answer = run_turn(llm_pipeline, Conversation(patient=patient), message)
    assert answer.emergency is False and next(e for e in events if e.type == "plan").source == "rules"
    assert store_bookings(clinics, "clinic_b", cpf) == [("clinic_b", CAMILA, slot["date"], slot["time"])]
    assert llm_calls(events) == ["triage"]
    [booked] = answer.appointments  # the clinics are shared by the whole run: free the slot again
    freed = call_tool(clinics.url("clinic_b"), "cancel_appointment",
                      {"doctor": CAMILA, "date": slot["date"], "time": slot["time"], "patient_name": patient.name,
                       "cpf": cpf, "booking_code": booked.code})
    assert freed["isError"] is False


def test_a_date_range_quoted_as_danger_still_gets_its_listing(llm_pipeline, openai_server):
    message = "quero dermatologia entre 24 e 27 de novembro, tenho uma mancha no braço que dói"
    openai_server.script(check(True, "stroke", "entre 24 e 27 de novembro"))
    events, answer = run_turn(llm_pipeline, conversation(), message)
    assert answer.emergency is False and answer.slots
    assert {s.clinic for s in answer.slots} <= {"clinic_b", "clinic_f"}
    assert all("2026-11-24" <= s.date <= "2026-11-27" for s in answer.slots)
    assert llm_calls(events) == ["triage"]


@pytest.mark.parametrize("quote", ["quero remarcar o dermatologista", "remarcar o dermatologista",
                                   "o dermatologista hoje"])
def test_a_quote_of_booking_words_never_escalates(net, openai_server, quote):
    message = "quero remarcar o dermatologista hoje. minha vó tá meio esquisita"
    openai_server.script(check(True, "stroke", quote))
    assert net.review(message, assess(message)).emergency is False


def test_a_sign_the_semantic_screen_sees_in_the_quote_escalates(semantic_net, openai_server):
    message = "preciso cancelar a consulta da dermato, acho que não vou estar mais aqui semana que vem"
    quote = "acho que não vou estar mais aqui semana que vem"
    assert assess(quote).concepts.isdisjoint({"SUICIDE", "DONE"})  # no word of the lexicon's
    openai_server.script(check(True, "suicide", quote))
    cleared = TriageResult(emergency=False, health_language=True)
    result = semantic_net.review(message, cleared)
    assert (result.emergency, result.kind) == (True, "suicide")


def test_no_word_of_a_doctors_or_clinics_name_reads_as_a_health_sign(registry):
    # Typo correction must never turn a name into a sign ("Moreira" is one letter from "moleira", the
    # fontanelle): a doctor named in a booking would send it to the net, and its quote would pass as danger.
    names = [c.name for c in registry.clinics] + [d.name for c in registry.clinics for d in c.doctors]
    for name in names:
        assert assess(f"quero marcar com {name} na quinta").concepts == frozenset(), name


def test_a_doctors_name_quoted_as_danger_never_escalates(net, openai_server):
    message = "o dr rafael moreira tem vaga na quinta 26? tô com uma dor nas costas"
    openai_server.script(check(True, "cardiac", "o dr rafael moreira tem vaga na quinta 26"))
    assert net.review(message, assess(message)).emergency is False
