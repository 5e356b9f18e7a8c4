"""Which clinics take a health plan: asked in everyday PT or EN, answered with the clinics whose data accepts it."""
from __future__ import annotations

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading.federation_words import FederationWords
from tests.support import all_store_bookings, make_cpf, run_turn

ALL = ["clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e", "clinic_f"]
# From each clinic's own get_clinic_info data (registry.json `health_plans`).
UNIMED = ["clinic_a", "clinic_b", "clinic_d", "clinic_f"]
BRADESCO = ["clinic_a", "clinic_c", "clinic_f"]
AMIL = ["clinic_a", "clinic_d", "clinic_f"]
SULAMERICA = ["clinic_a", "clinic_c", "clinic_e"]
PT_LABEL, EN_LABEL = "Convênios:", "Health plans:"


def _turn(pipeline, new_conversation, message: str, n: int):
    conversation = new_conversation("Ana Paula Teixeira", make_cpf(700 + n).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, message)
    plan = next(e for e in events if e.type == "plan")
    return plan, answer


def _named(answer_text: str, registry) -> list[str]:
    """The clinics whose name and phone the answer gives."""
    return [c.id for c in registry.clinics if c.name in answer_text and c.contact.phone in answer_text]


@pytest.mark.parametrize("n, message, accepting, language", [
    (1, "quais clinicas aceitam unimed?", UNIMED, "pt"),
    (2, "aceita unimed?", UNIMED, "pt"),
    (3, "atende pelo convenio bradesco?", BRADESCO, "pt"),
    (4, "quais clinicas pegam amil", AMIL, "pt"),
    (5, "which clinics take Unimed?", UNIMED, "en"),
    (6, "do you accept Bradesco insurance?", BRADESCO, "en"),
    (7, "is SulAmérica accepted?", SULAMERICA, "en"),
    (8, "sulamérica é aceito?", SULAMERICA, "pt"),
    # A plan whose name runs two words together is also typed apart ("SulAmérica", "NotreDame").
    (9, "vcs aceitam sul america?", SULAMERICA, "pt"),
    (12, "do you accept Notre Dame Intermedica?", ["clinic_b"], "en"),
])
def test_a_named_plan_lists_only_the_clinics_that_accept_it(pipeline, new_conversation, registry, clinics,
                                                            n, message, accepting, language):
    plan, answer = _turn(pipeline, new_conversation, message, n)
    assert {s["action"] for s in plan.steps} == {"get_clinic_info"}
    assert sorted(s["clinic"] for s in plan.steps) == ALL
    assert not answer.blocked
    assert _named(answer.text, registry) == accepting
    assert answer.lang == language
    assert (EN_LABEL if language == "en" else PT_LABEL) in answer.text
    assert all_store_bookings(clinics, make_cpf(700 + n)) == []


@pytest.mark.parametrize("n, message, language, expected", [
    (10, "a clínica C aceita unimed?", "pt", "nenhuma"),
    (11, "Does clinic E take Bradesco insurance?", "en", "none"),
])
def test_no_clinic_asked_about_accepting_the_plan_is_said(pipeline, new_conversation, registry,
                                                          n, message, language, expected):
    plan, answer = _turn(pipeline, new_conversation, message, n)
    assert [s["action"] for s in plan.steps] == ["get_clinic_info"]
    assert _named(answer.text, registry) == []
    assert answer.lang == language
    assert expected in answer.text.lower()


@pytest.mark.parametrize("n, message, language, expected", [
    (13, "vocês atendem pelo convênio Cassi?", "pt", "nenhuma das clínicas consultadas aceita cassi"),
    (14, "aceitam plano de saúde Medsenior?", "pt", "nenhuma das clínicas consultadas aceita medsenior"),
    (15, "do you take Cigna insurance?", "en", "none of the clinics i checked accepts cigna"),
])
def test_a_plan_no_clinic_takes_is_said_by_its_name(pipeline, new_conversation, registry, n, message, language,
                                                     expected):
    plan, answer = _turn(pipeline, new_conversation, message, n)
    assert {s["action"] for s in plan.steps} == {"get_clinic_info"}
    assert _named(answer.text, registry) == []
    assert answer.lang == language and not answer.blocked
    assert expected in answer.text.lower()


def test_a_question_without_a_plan_name_lists_every_clinic(pipeline, new_conversation, registry):
    plan, answer = _turn(pipeline, new_conversation, "quais convênios vocês aceitam?", 20)
    assert {s["action"] for s in plan.steps} == {"get_clinic_info"}
    assert _named(answer.text, registry) == ALL


@pytest.mark.parametrize("n, message, language", [
    (30, "o que vc faz?", "pt"),
    (31, "o que você faz?", "pt"),
    (32, "what can you do?", "en"),
])
def test_asking_what_the_assistant_does_gets_the_greeting(pipeline, new_conversation, n, message, language):
    plan, answer = _turn(pipeline, new_conversation, message, n)
    assert plan.steps == []
    assert answer.lang == language
    greeting = {"pt": "Sou o assistente de agendamento", "en": "I'm the scheduling assistant"}[language]
    assert greeting in answer.text
    assert "Desculpe" not in answer.text and "Sorry" not in answer.text


@pytest.mark.parametrize("message", [
    "o convênio cobre a consulta?",
    "meu plano é ir cedo, tem dermato amanhã?",
    "does my insurance cover it?",
    "quais convênios vocês aceitam?",
])
def test_words_about_plans_that_name_none_read_no_plan(message, registry):
    assert FederationWords(registry).health_plan_in(normalize(message)) is None
