"""Questions about the clinics themselves go to get_clinic_info, answered with their address, phone and plans."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from clinic_servers.contract.registry import ClinicRegistry
from tests.support import make_cpf, run_turn

TODAY = date(2026, 11, 23)
ALL = ["clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e", "clinic_f"]


@pytest.fixture(scope="module")
def planner() -> RulesPlanner:
    return RulesPlanner(ClinicRegistry.load())


@pytest.mark.parametrize("message, clinics", [
    ("onde fica a clínica A?", ["clinic_a"]),
    ("qual o endereço da clinica c", ["clinic_c"]),
    ("qual o telefone da clínica de dermatologia?", ["clinic_b", "clinic_f"]),
    ("aceita unimed?", ALL),
    ("quais convênios vocês aceitam?", ALL),
    ("qual o horário de funcionamento da clínica E?", ["clinic_e"]),
    ("Where is Dr. Rafael Moreira's clinic?", ["clinic_e"]),
    ("What is the phone number of clinic D?", ["clinic_d"]),
    ("Do you accept Bradesco health insurance?", ALL),
])
def test_clinic_questions_ask_those_clinics_for_their_information(planner, message, clinics):
    plan = planner.decompose(message, Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705")),
                             TODAY)
    assert [(s.clinic, s.action, s.parameters) for s in plan.steps] == [(c, "get_clinic_info", {}) for c in clinics]
    assert [i.value for i in plan.intents] == ["clinic_info"]


@pytest.mark.parametrize("message, action", [
    ("quais horários de cardiologia?", "list_available_slots"),
    ("qual o telefone do paciente CARD-001?", None),
    ("quero cancelar minha consulta", "list_my_appointments"),
])
def test_other_questions_keep_their_route(planner, message, action):
    plan = planner.decompose(message, Conversation(patient=Patient(name="Ana Paula Teixeira", cpf="39053344705")),
                             TODAY)
    assert {s.action for s in plan.steps} == ({action} if action else set())


def test_the_answer_quotes_the_clinic_and_passes_the_verifier(pipeline, new_conversation, registry):
    conversation = new_conversation("Ana Paula Teixeira", make_cpf(120).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, "onde fica a clínica B e qual o telefone?")
    contact = registry.get("clinic_b").contact
    assert all(e.safe for e in events if e.type == "verification")
    assert not answer.blocked
    assert contact.address in answer.text and contact.phone in answer.text and "Unimed" in answer.text
