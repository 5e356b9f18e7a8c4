"""Two readings by class: a reply that only accepts (and names nothing to choose), and a question about price."""
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


@pytest.mark.parametrize("message", [
    "blz, pode ser", "pode ser sim", "ok quero", "sim", "Simm!", "claro, quero sim", "okk bora", "fechado",
    "ta bom entao", "pode marcar", "sim pfv", "beleza, vou querer", "yes please", "sure, sounds good", "yeah",
    "ok let's do it", "that works", "Sounds great, go ahead", "yep, book it", "alright",
    "fechou, pode marcar esse", "pode ser essa ai", "ok book that one",
])
def test_a_reply_that_only_accepts(message):
    assert reading(message).accepts


@pytest.mark.parametrize("message", [
    "ok, obrigado", "valeu", "thanks!", "não", "no thanks", "sim, mas de tarde", "pode ser com a dra camila?",
    "ok, e dermatologia?", "yes, the first one", "sure, at 10am", "ok quero cancelar", "pode ser amanhã?",
    "quero remarcar", "oi", "hello",
])
def test_a_reply_that_says_more_than_yes(message):
    assert not reading(message).accepts


@pytest.mark.parametrize("message", [
    "quanto custa a consulta particular?", "qual o valor da consulta?", "é caro?", "qto custa uma consulta",
    "quanto sai a consulta de dermato", "quais os valores?", "preço da consulta de ortopedia", "how much is a visit?",
    "How much does it cost?", "what's the price?", "is it expensive?", "what are your fees", "consulta é barata?",
    "quanto custa essa consulta?", "e isso sai caro?", "how much is that appointment?",
])
def test_a_question_about_price(message):
    assert reading(message).asks_price


@pytest.mark.parametrize("message", [
    "quanto tempo dura a consulta?", "quantos horários tem?", "how much time do I have?", "how many slots are left?",
    "dermatologia quarta", "quero marcar cardio", "aceita unimed?", "caro doutor, tem vaga?",
    "how much does a new phone cost?", "qto custa uma passagem pra sp?", "quanto custa o horário das 9h?",
])
def test_no_question_about_price(message):
    assert not reading(message).asks_price
