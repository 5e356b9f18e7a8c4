"""Violence and abuse (red-flags.md 3.16), indirect suicidal statements (3.15) and their answers.

Cases are written from the classes in the clinical reference: violence happening now or threatened,
sexual violence, abuse of a child or an older person, told in the first or third person, PT and EN,
everyday spelling; and the near misses (idioms, a story on TV, a match lost).
"""
from __future__ import annotations

import re

import pytest

from agent_system.triage.screen import assess
from agent_system.triage.answers import emergency_answer


def numbers(text: str) -> list[str]:
    return re.findall(r"0800 722 6001|\b(?:100|180|188|190|192|193)\b", text)


@pytest.mark.parametrize("text", [
    "fui estuprada ontem", "I was raped last night", "meu padrasto mexe comigo quando minha mae sai",
    "my boyfriend is hitting me right now, im locked in the bathroom", "someone is hurting a child next door",
    "tô com medo de voltar pra casa, ele me ameaça", "a cuidadora maltrata meu avô", "he said he'd kill me",
    "meu marido me bateu e disse q vai me matar", "ele me espancou ontem a noite", "my dad beats me",
    "tao batendo numa crianca aqui do lado", "minha vizinha ta sendo agredida pelo marido agora",
    "she threatened to kill me if i tell anyone", "the carer is abusing my grandfather",
    "a baba bate no meu filho quando eu saio", "minha filha foi abusada pelo vizinho", "he beat me last night",
])
def test_violence_and_abuse_are_caught_as_violence(text):
    result = assess(text)
    assert (result.emergency, result.kind) == (True, "violence"), result


@pytest.mark.parametrize("text", [
    "levei uma surra no jogo", "my team got killed in the match", "vi na novela um marido batendo na esposa",
    "watched a documentary about domestic violence, want to book a therapist", "essa dor vai me matar de tanto rir",
    "meu chefe vai me matar se eu chegar atrasado", "bateu uma tristeza hoje, queria um psicologo",
    "the nurse hit a vein on the first try, i need the results", "o jogo de ontem foi um massacre",
    "my boyfriend beat me at chess again", "meu chefe me ameaçou de demissão, quero um psicólogo",
    "preciso de atestado pra fazer tiro ao alvo",
])
def test_idioms_and_stories_about_violence_stay_routine(text):
    assert not assess(text).emergency


@pytest.mark.parametrize("text", [
    "ninguem sentiria minha falta se eu sumisse", "i just want it all to stop, i'm thinking about ending things",
    "sou so um peso pra minha familia", "there's no way out for me", "vim me despedir de todos voces",
    "been saving up my pills for weeks", "todo mundo ia ficar melhor sem mim",
])
def test_indirect_suicidal_statements_get_the_cvv_answer(text):
    result = assess(text)
    assert (result.emergency, result.kind) == (True, "suicide"), result
    assert numbers(emergency_answer(result, "pt"))[0] == "188"


def test_a_threat_from_a_husband_is_violence_not_suicide():
    result = assess("meu marido me bateu e disse q vai me matar")
    assert "suicide" not in result.categories
    assert numbers(emergency_answer(result, "pt")) == ["190", "192", "180"]


@pytest.mark.parametrize(("message", "language", "expected"), [
    ("someone is hurting a child next door", "en", ["190", "192", "100"]),
    ("a cuidadora maltrata meu avô", "pt", ["190", "192", "100"]),
    ("my boyfriend is hitting me right now, im locked in the bathroom", "en", ["190", "192", "180"]),
    ("fui estuprada ontem", "pt", ["190", "192", "180"]),
    ("he said he'd kill me", "en", ["190", "192", "180", "100"]),  # who is at risk unsaid: both lines
    ("levei uma facada", "pt", ["192", "193", "190"]),  # an injury keeps SAMU first and adds the police
    ("my husband stabbed me", "en", ["192", "193", "190", "180"]),
])
def test_the_violence_answer_picks_its_lines_from_who_is_at_risk(message, language, expected):
    assert numbers(emergency_answer(assess(message), language)) == expected


def test_a_witness_of_violence_is_not_asked_to_stay_beside_it():
    answer = emergency_answer(assess("someone is hurting a child next door"), "en")
    assert "Stay with the person" not in answer and "without putting yourself at risk" in answer


@pytest.mark.parametrize("text", [
    "picada de mosquito coçando muito, quero dermatologista", "mosquito bites itching a lot, can i see a dermatologist",
])
def test_an_itching_bite_without_breathing_or_swelling_signs_is_routine(text):
    assert not assess(text).emergency


def test_an_itching_bite_with_a_closing_throat_is_still_an_emergency():
    assert assess("picada de abelha coçando muito e a garganta fechando").kind == "anaphylaxis"


@pytest.mark.parametrize("text", [
    "queimação no peito que não passa, suando frio", "burning in my chest for an hour and a cold sweat"])
def test_a_burning_sensation_is_not_a_fire(text):
    result = assess(text)
    assert result.kind == "cardiac" and "burns" not in result.categories
    assert "193" not in numbers(emergency_answer(result, "pt"))


@pytest.mark.parametrize("text", [
    "my kid drank some of the cleaning stuff under the sink", "kid ate grandma's tablets",
    "toddler got into the rat poison in the garage", "my son swallowed some mouthwash, the whole bottle"])
def test_poisoning_told_in_english_is_caught(text):
    assert assess(text).kind == "poisoning"
