"""A doctor pointed at without a name, by gender, in PT and EN: "a doutora", "the female doctor", "the other
male doctor". Read as "fem", "masc" or "any"."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.sessions.conversation import Conversation, Patient
from agent_system.understanding.federation_words import FederationWords
from agent_system.understanding.reading import read
from agent_system.understanding.vocabulary import DoctorIndex
from clinic_servers.contract.registry import ClinicRegistry

REGISTRY = ClinicRegistry.load()


def reading(message: str):
    conversation = Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"))
    return read(message, conversation, date(2026, 11, 23), DoctorIndex(REGISTRY), FederationWords(REGISTRY))


SOME = {
    "quero com a doutora": "fem",
    "with the female doctor please": "fem",
    "can I see a woman doctor?": "fem",
    "I'd prefer a lady doctor": "fem",
    "book me with the male doctor": "masc",
    "a man doctor is fine": "masc",
    "with the doctor please": "any",
}
OTHER = {
    "e a outra doutora?": "fem",
    "what about the other female doctor?": "fem",
    "the other male doctor then": "masc",
    "what about the other doctor?": "any",
}


@pytest.mark.parametrize(("message", "gender"), SOME.items())
def test_a_doctor_pointed_at_by_gender(message, gender):
    assert reading(message).some_doctor == gender


@pytest.mark.parametrize(("message", "gender"), OTHER.items())
def test_the_other_doctor_by_gender(message, gender):
    assert reading(message).other_doctor == gender
