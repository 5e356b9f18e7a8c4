"""Fixtures for the orchestrator's tests."""
from __future__ import annotations

import pytest

from agent_system.answer.responder import ResponseRenderer
from agent_system.assembly import build_pipeline
from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.verification.verifier import Verifier
from clinic_servers.contract.registry import ClinicRegistry
from tests.fakes.openai_server import openai_server  # noqa: F401  (re-exported fixture)
from tests.support import agent_settings, give_back, make_cpf


@pytest.fixture
def pipeline(clinics, registry, tmp_path):
    """The rules-only pipeline against the six real clinics."""
    built = build_pipeline(agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path), registry)
    yield built
    built.router.close()


@pytest.fixture
def new_conversation():
    """A fresh conversation for a given patient name and CPF digits (and the booking codes the page holds)."""
    return lambda name, cpf, codes=None: Conversation(patient=Patient(name=name, cpf=cpf, codes=codes or {}))


@pytest.fixture(scope="module")
def planner() -> RulesPlanner:
    """The rules planner on the shipped registry."""
    return RulesPlanner(ClinicRegistry.load())


@pytest.fixture(scope="module")
def renderer(registry) -> ResponseRenderer:
    """The deterministic response generator on the shipped registry."""
    return ResponseRenderer(registry)


@pytest.fixture
def verifier() -> Verifier:
    """The rules-only Verifier."""
    return Verifier()


@pytest.fixture
def patient(clinics, new_conversation):
    """A new patient's conversation by CPF number and name; whatever it booked is given back afterwards, pass or
    fail."""
    made = []

    def start(cpf_number: int, name: str):
        made.append(new_conversation(name, make_cpf(cpf_number).replace(".", "").replace("-", "")))
        return made[-1]
    yield start
    for conversation in made:
        give_back(clinics, conversation)
