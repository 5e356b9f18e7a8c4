"""The response generator on plans without steps: privacy, specialties, greetings, scope, advice, clarifying."""
from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from agent_system.domain.appointments import AppointmentItem
from agent_system.domain.plan import Clarification, Intent, Plan
from tests.agent_system.answer.responder_support import TODAY


@pytest.mark.parametrize(("language", "words"), [
    ("pt", ["confidenciais (LGPD)", "nunca são usadas por este chat", "suas próprias consultas"]),
    ("en", ["confidential (LGPD", "never used from this chat", "your own appointments"]),
])
def test_privacy_refuses_and_offers_the_patients_own_appointments(renderer, language, words):
    text = renderer.render(Plan(intents=[Intent.PRIVACY]), [], language, TODAY).text
    assert all(word in text for word in words)


def test_an_invalid_specialty_lists_the_ones_offered_with_their_clinics(renderer):
    plan = Plan(intents=[Intent.INVALID_SPECIALTY], unknown_specialty="neurologia")
    assert renderer.render(plan, [], "pt", TODAY).text == """\
Ainda não oferecemos Neurologia nas nossas clínicas. Estas são as especialidades disponíveis:
• Cardiologia — Clínica A e Clínica C
• Dermatologia — Clínica B e Clínica F
• Ortopedia — Clínica D e Clínica E
Diga a especialidade e eu mostro os horários livres."""


def test_a_missing_specialty_is_asked_for_in_english(renderer):
    assert renderer.render(Plan(intents=[Intent.MISSING_SPECIALTY]), [], "en", TODAY).text == """\
Of course! Which specialty is the appointment for? We have:
• Cardiology — Clínica A and Clínica C
• Dermatology — Clínica B and Clínica F
• Orthopedics — Clínica D and Clínica E
Tell me the specialty and I'll show you the open slots."""


@pytest.mark.parametrize("language", ["pt", "en"])
def test_a_greeting_says_what_the_assistant_can_do(renderer, language):
    text = renderer.render(Plan(intents=[Intent.GREETING]), [], language, TODAY).text
    expected = {"pt": ["Olá!", "agendar, remarcar ou cancelar", "Cardiologia, Dermatologia e Ortopedia"],
                "en": ["Hello!", "book, reschedule or cancel", "Cardiology, Dermatology and Orthopedics"]}
    assert all(word in text for word in expected[language])


def test_out_of_scope_explains_the_scope(renderer):
    assert renderer.render(Plan(intents=[Intent.OUT_OF_SCOPE]), [], "pt", TODAY).text == (
        "Desculpe, por aqui só consigo ajudar com consultas nas nossas clínicas de Cardiologia, Dermatologia e "
        "Ortopedia: ver horários livres, agendar, remarcar, cancelar e ver as suas consultas. "
        "Posso ajudar com alguma dessas coisas?")


@pytest.mark.parametrize(("language", "specialty", "suggestion"), [
    ("pt", "ortopedia", "Posso mostrar os horários livres de Ortopedia"),
    ("en", None, "I can help you book an appointment in Cardiology, Dermatology and Orthopedics."),
])
def test_medical_advice_is_never_given(renderer, language, specialty, suggestion):
    plan = Plan(intents=[Intent.MEDICAL_ADVICE], advice_specialty=specialty)
    text = renderer.render(plan, [], language, TODAY).text
    assert suggestion in text
    assert "SAMU" in text and "192" in text
    assert re.search(r"\d+ ?mg|tome |take ", text) is None


def test_clarify_lists_the_matching_appointments_numbered(renderer):
    clarification = Clarification(action="cancel", appointments=[
        AppointmentItem(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00", status="confirmed"),
        AppointmentItem(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-12-01", time="09:00",
                        status="confirmed")])
    plan = Plan(intents=[Intent.CLARIFY], clarification=clarification)
    assert renderer.render(plan, [], "pt", TODAY).text == """\
Qual destas consultas você quer cancelar?
1. qua 25/11 às 09:00 — Dr. Ricardo Lopes (Clínica A)
2. ter 01/12 às 09:00 — Dr. Fernando Mendes (Clínica C)
É só responder com o número."""


@pytest.mark.parametrize(("action", "language", "answer"), [
    ("cancel", "pt", "Qual consulta você quer cancelar? Diga o médico, o dia e o horário, ou peça para ver as suas "
                     "consultas."),
    ("reschedule", "en", "Which appointment would you like to reschedule? Tell me the doctor, the day and the time, "
                         "or ask to see your appointments."),
])
def test_clarify_without_the_bookings_asks_which_one(renderer, action, language, answer):
    plan = Plan(intents=[Intent.CLARIFY], clarification=Clarification(action=action))
    assert renderer.render(plan, [], language, TODAY).text == answer


def test_a_plan_refuses_a_fact_it_does_not_have():
    with pytest.raises(ValidationError):
        Plan(intents=[Intent.CLARIFY], missing="new_time")
