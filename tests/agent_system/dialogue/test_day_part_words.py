"""A part of the day said without a preposition ("ortopedia tarde", "sexta noite") is a wish for that part
of the day; the same words in greetings and in "late"/"later" are not. Today is Monday 2026-11-23."""
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


def day_part(message: str) -> str | None:
    conversation = Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"))
    return read(message, conversation, date(2026, 11, 23), DoctorIndex(REGISTRY), FederationWords(REGISTRY)).day_part


READ = {
    "dermato tarde": "afternoon",
    "tem cardio quarta manhã?": "morning",
    "quinta noite tem horário com ortopedista?": "evening",
    "amanhã tarde, dermatologia": "afternoon",
    "consulta dia 30 manhã": "morning",
    "horarios sabado manha": "morning",
    "ortopedia periodo da tarde": "afternoon",
}


@pytest.mark.parametrize(("message", "part"), READ.items())
def test_a_bare_part_of_the_day_next_to_a_day_or_a_specialty_is_read(message, part):
    assert day_part(message) == part


@pytest.mark.parametrize("message", [
    "boa tarde, quero ver horários de dermatologia",
    "Boa noite! Tem ortopedia na sexta?",
    "bom dia, cardiologia",
    "tem horário mais tarde com a dermatologista?",
    "cheguei tarde na consulta de ortopedia, dá pra remarcar?",
    "é muito tarde pra marcar pra hoje?",
    "até mais tarde",
])
def test_greetings_and_late_are_no_part_of_the_day(message):
    assert day_part(message) is None
