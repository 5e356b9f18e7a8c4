"""Everyday chat words that double as symptom words are not health language on their own.

"Fechou" is "deal" in Brazilian chat and half of "a garganta fechou"; "caiu" is a dropped call and half of a
fall; "spots" are free slots and half of "seeing spots". The lexicon keeps such words because the red flags
combine them (a throat + closing, a body part + a verb), but only a concept that is a health or life signal
by itself (a pain, a fever, a swelling) makes a message health language: said alone, the others lead no answer
with the safety line and send nothing to the LLM's triage check. Idioms built on a symptom word ("morri de
rir", "passando mal de fome", "apagou a luz") are masked whole.
"""
from __future__ import annotations

import json

import pytest

from agent_system.errors import LexiconError
from agent_system.language.registry import language_pack
from agent_system.triage.categories import ALL_CONCEPTS
from agent_system.triage.lexicon import MASK, SIGNALS_ALONE, signals_alone
from agent_system.triage.screen import assess
from tests.support import all_store_bookings, run_turn

EVERYDAY = [
    ("fechou, marca a primeira", "pt"),
    ("fechado então, pode ser na quinta", "pt"),
    ("show, pode marcar esse", "pt"),
    ("apagou a luz aqui, pode repetir os horários?", "pt"),
    ("apaguei a mensagem sem querer, manda de novo", "pt"),
    ("caiu a ligação, marca a primeira", "pt"),
    ("caiu a internet aqui, qual era o horário?", "pt"),
    ("morri de rir com o corretor, marca sexta", "pt"),
    ("to passando mal de fome, marca logo a primeira", "pt"),
    ("a fila tava enorme da última vez, tem horário cedo?", "pt"),
    ("pode ser até a sexta?", "pt"),
    ("this is killing me, just book the earliest", "en"),
    ("I'm dying to know which slots are free", "en"),
    ("any free spots on friday?", "en"),
    ("can you move it a bit later?", "en"),
    ("call me back later please", "en"),
    ("sorry, I was expecting more slots", "en"),
    ("that was a huge help, thanks", "en"),
]


@pytest.mark.parametrize(("message", "language"), EVERYDAY)
def test_an_everyday_phrase_with_a_word_a_symptom_shares_is_not_health_language(message, language):
    result = assess(message, language)
    assert (result.emergency, result.health_language) == (False, False)


@pytest.mark.parametrize(("message", "language", "category"), [
    ("minha garganta ta fechando", "pt", "anaphylaxis"),
    ("my throat is closing up", "en", "anaphylaxis"),
    ("a língua dele ficou enorme depois do camarão", "pt", "anaphylaxis"),
    ("meu pai caiu da escada e não acorda", "pt", "trauma"),
])
def test_the_combinations_those_words_belong_to_are_still_emergencies(message, language, category):
    result = assess(message, language)
    assert (result.emergency, result.kind) == (True, category)


@pytest.mark.parametrize(("message", "language"), [
    ("que sufoco achar vaga, marca qualquer um", "pt"),
    ("meu pai não sabe onde fica a clínica, qual o endereço?", "pt"),
    ("apagou tudo aqui, manda de novo os horários", "pt"),
    ("foi um tiro no escuro mas consegui o horário", "pt"),
    ("to passando mal de rir com esse corretor", "pt"),
    ("the app crashed, can you book again?", "en"),
    ("I can't talk now, just book friday", "en"),
    ("she doesn't know where the clinic is, can you send the address?", "en"),
])
def test_an_idiom_built_on_a_red_flag_word_is_no_emergency(message, language):
    result = assess(message, language)
    assert (result.emergency, result.health_language) == (False, False)


@pytest.mark.parametrize(("message", "language"), [
    ("meu pai apagou e não acorda", "pt"),
    ("meu pai não sabe onde está nem quem eu sou", "pt"),
    ("ele tá sufocando", "pt"),
    ("we crashed the car and my son can't move his legs", "en"),
    ("he can't talk now, his face is drooping", "en"),
])
def test_the_same_words_telling_of_the_sign_are_still_emergencies(message, language):
    assert assess(message, language).emergency


@pytest.mark.parametrize(("message", "language"), [
    ("meu pé está inchado desde ontem", "pt"),
    ("estou com dor nas costas, tem ortopedista?", "pt"),
    ("não tenho febre, só queria remarcar", "pt"),
    ("I've had a cough for a week", "en"),
    ("tô passando mal, marca pra hoje", "pt"),
])
def test_a_word_that_is_a_sign_by_itself_is_still_health_language(message, language):
    assert assess(message, language).health_language


def test_every_concept_says_whether_it_is_a_health_signal_alone():
    assert set(ALL_CONCEPTS) - {MASK} >= SIGNALS_ALONE
    assert {"PAIN", "FEVER", "SWELLING", "UNWELL"} <= SIGNALS_ALONE
    assert SIGNALS_ALONE.isdisjoint({"SWELLING_SHAPE", "FALL", "AIRWAY", "CHEST", "SPOTS", "THIRD_PERSON", "SUDDEN"})


@pytest.mark.parametrize(("declared", "complaint"), [
    ({"alone": ["PAIN"], "only_in_combination": []}, "not declared: CHEST"),
    ({"alone": ["PAIN", "CHEST"], "only_in_combination": ["CHEST"]}, "declared twice: CHEST"),
    ({"alone": ["PAIN", "CHEST", "PAIN_KILLER"], "only_in_combination": []}, "not a concept: PAIN_KILLER"),
    ({"alone": ["PAIN", "CHEST"]}, "only_in_combination: expected a list of non-empty strings"),
])
def test_a_concept_left_undeclared_or_declared_twice_is_refused(tmp_path, declared, complaint):
    path = tmp_path / "alone.json"
    path.write_text(json.dumps(declared), encoding="utf-8")
    with pytest.raises(LexiconError, match=complaint):
        signals_alone(path, {"PAIN", "CHEST"})


def safety_opening(language: str) -> str:
    return language_pack(language).emergency["doubt_opening"]


@pytest.mark.parametrize(("message", "language"), [
    ("fechou, marca a primeira", "pt"),
    ("apagou a luz aqui, pode repetir os horários?", "pt"),
    ("caiu a ligação, marca a primeira", "pt"),
    ("to passando mal de fome, marca logo a primeira", "pt"),
    ("this is killing me, book the first slot please", "en"),
])
def test_after_an_empty_listing_an_everyday_phrase_gets_neither_the_emergency_nor_the_safety_line(
        pipeline, clinics, patient, message, language):
    conversation = patient(6801, "Renata Lopes Aguiar")
    _, listed = run_turn(pipeline, conversation, "horários de dermatologia no sábado")
    assert listed.slots == []  # the clinics keep no Saturday hours: the answer that would fall back
    _, answer = run_turn(pipeline, conversation, message)
    assert not answer.emergency and safety_opening(language) not in answer.text
    assert all_store_bookings(clinics, conversation.patient.cpf) == []


@pytest.mark.parametrize(("message", "language"), [
    ("fechou, marca a primeira", "pt"),
    ("show, marca a primeira", "pt"),
    ("morri de rir, marca a primeira", "pt"),
    ("caiu a ligação, marca a primeira", "pt"),
    ("I'm dying to get this done, book the first slot please", "en"),
])
def test_after_a_listing_an_everyday_phrase_books_the_first_slot(pipeline, clinics, patient, message, language):
    conversation = patient(6802, "Renata Lopes Aguiar")
    _, listed = run_turn(pipeline, conversation, "quero ver horários de cardiologia")
    first = listed.slots[0]
    _, answer = run_turn(pipeline, conversation, message)
    assert not answer.emergency and safety_opening(language) not in answer.text
    assert all_store_bookings(clinics, conversation.patient.cpf) == [
        (first.clinic, first.doctor, first.date, first.time)]


def test_a_throat_closing_after_a_listing_is_still_the_emergency_and_books_nothing(pipeline, clinics, patient):
    conversation = patient(6803, "Renata Lopes Aguiar")
    run_turn(pipeline, conversation, "quero ver horários de cardiologia")
    _, answer = run_turn(pipeline, conversation, "minha garganta ta fechando")
    assert answer.emergency and "192" in answer.text
    assert all_store_bookings(clinics, conversation.patient.cpf) == []
