"""A doctor pointed at without a name, by gender, in PT and EN: "a doutora", "the female doctor", "the other
male doctor". Read as "fem", "masc" or "any"."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.reading import read
from agent_system.dialogue.reading.vocabulary import DoctorIndex
from clinic_servers.contract.registry import ClinicRegistry

REGISTRY = ClinicRegistry.load()


def reading(message: str):
    conversation = Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"))
    return read(message, conversation, date(2026, 11, 23), DoctorIndex(REGISTRY), FederationWords(REGISTRY))


POINTERS = [  # (message, the reading's field, the gender it reads)
    ("quero com a doutora", "some_doctor", "fem"),
    ("with the female doctor please", "some_doctor", "fem"),
    ("can I see a woman doctor?", "some_doctor", "fem"),
    ("I'd prefer a lady doctor", "some_doctor", "fem"),
    ("book me with the male doctor", "some_doctor", "masc"),
    ("a man doctor is fine", "some_doctor", "masc"),
    ("with the doctor please", "some_doctor", "any"),
    ("e a outra doutora?", "other_doctor", "fem"),
    ("what about the other female doctor?", "other_doctor", "fem"),
    ("the other male doctor then", "other_doctor", "masc"),
    ("what about the other doctor?", "other_doctor", "any"),
]


@pytest.mark.parametrize(("message", "field", "gender"), POINTERS)
def test_a_doctor_pointed_at_by_gender(message, field, gender):
    assert getattr(reading(message), field) == gender
