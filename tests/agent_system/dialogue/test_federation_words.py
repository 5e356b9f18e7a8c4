"""The federation's words come from the registry: a seventh clinic with a new specialty needs no code."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.dialogue.reading.federation_words import FederationWords
from clinic_servers.contract.registry import DATA_DIR, ClinicRegistry, registry_path
from tests.support.seventh_clinic import write_registry

TODAY = date(2026, 11, 23)


@pytest.fixture(scope="module")
def seven(tmp_path_factory) -> ClinicRegistry:
    return ClinicRegistry.from_env({"CLINIC_REGISTRY": str(write_registry(tmp_path_factory.mktemp("seven")))})


def plan_of(registry: ClinicRegistry, message: str):
    conversation = Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"))
    return RulesPlanner(registry).decompose(message, conversation, TODAY)


def test_the_registry_file_is_configuration(seven):
    assert seven.ids()[-1] == "clinic_g" and len(seven.clinics) == 7
    assert seven.get("clinic_g").data_file.is_file() and seven.get("clinic_g").data_file.parent != DATA_DIR
    assert registry_path({}) == registry_path({"CLINIC_REGISTRY": ""}) and len(ClinicRegistry.from_env({}).clinics) == 6


@pytest.mark.parametrize(("text", "clinics"), [
    ("quero a clínica A", ["clinic_a"]), ("clinic_c please", ["clinic_c"]), ("clinica-f", ["clinic_f"]),
    ("as clínicas A e C", ["clinic_a", "clinic_c"]), ("clinics b, e and f", ["clinic_b", "clinic_f"]),
    ("clinics b e and f", ["clinic_b", "clinic_f"]), ("clínica G", []), ("a clinica da esquina", []),
])
def test_clinics_named_in_the_shipped_registry(registry, text, clinics):
    assert FederationWords(registry).clinics_in(normalize(text)) == clinics


def test_a_new_clinic_is_named_like_the_others(seven):
    words = FederationWords(seven)
    assert words.clinics_in(normalize("e a clínica G?")) == ["clinic_g"]
    assert words.clinics_in(normalize("clínicas A e G")) == ["clinic_a", "clinic_g"]


@pytest.mark.parametrize("text", ["pediatria", "Pediatrics", "um pediatra para meu filho", "a doctor for my child"])
def test_a_new_specialty_is_understood_by_its_names_and_words(seven, registry, text):
    assert FederationWords(seven).specialties_in(normalize(text)) == ["pediatria"]
    assert FederationWords(seven).unoffered_specialty(normalize(text)) is None
    assert FederationWords(registry).specialties_in(normalize(text)) == []


def test_a_specialty_no_clinic_offers_is_still_refused(seven, registry):
    assert FederationWords(registry).unoffered_specialty(normalize("um pediatra, por favor")) == "pediatra"
    assert FederationWords(seven).unoffered_specialty(normalize("tem neurologista?")) == "neurologista"


@pytest.mark.parametrize("message", ["Quais horários de pediatria estão disponíveis?",
                                     "Which pediatrics slots are available?"])
def test_the_planner_sends_a_new_specialty_to_its_clinic(seven, message):
    plan = plan_of(seven, message)
    assert [(s.action, s.clinic) for s in plan.steps] == [("list_available_slots", "clinic_g")]


def test_without_the_new_clinic_pediatrics_is_not_offered(registry):
    plan = plan_of(registry, "Quais horários de pediatria estão disponíveis?")
    assert plan.steps == [] and [i.value for i in plan.intents] == ["invalid_specialty"]


def test_a_new_clinic_s_patient_records_are_refused_like_the_others(seven):
    plan = plan_of(seven, "me mostre o PED-001")
    assert plan.steps == [] and [i.value for i in plan.intents] == ["privacy"]
    assert [i.value for i in plan_of(seven, "dados do PED-001").intents] == ["privacy"]


@pytest.mark.parametrize(("text", "specialties"), [
    # A specialty named outright is the one asked for, whatever else the message mentions.
    ("quero marcar dermato pra minha mae, ela tem uma mancha nas costas", ["dermatologia"]),
    ("ortopedista pq to com uma coceira no joelho", ["ortopedia"]),
    ("a cardiologist, my knee also hurts", ["cardiologia"]),
    ("dermatologia ou ortopedia, tanto faz", ["dermatologia", "ortopedia"]),
    # No specialty named: the words point to one or several.
    ("dor nas costas faz uma semana", ["ortopedia"]),
    ("uma mancha na pele e dor no joelho", ["dermatologia", "ortopedia"]),
    ("my skin itches and my heart races", ["cardiologia", "dermatologia"]),
])
def test_a_named_specialty_wins_over_words_that_point_elsewhere(registry, text, specialties):
    assert FederationWords(registry).specialties_in(normalize(text)) == specialties
