"""Words that only say who a message is about are not a health signal on their own.

Pronouns, relatives and neighbours take part in the red flags' combinations ("ele me bateu", "meu pai
desmaiou"), but a booking or a move that names a person ("push her an hour later", "é pro meu pai") must
not lead its answer with the safety line nor go to the LLM's triage check."""
from __future__ import annotations

import pytest

from agent_system.triage.screen import assess


@pytest.mark.parametrize("message, language", [
    ("na verdade empurra ela uma hora pra frente", "pt"),
    ("ele tem horário livre na quinta?", "pt"),
    ("é pro meu pai, ele prefere de manhã", "pt"),
    ("meu vizinho indicou a clínica C", "pt"),
    ("can she come on tuesday instead?", "en"),
    ("my stepdad wants the same doctor as last time", "en"),
    ("quero marcar pro meu filho e pra minha avó", "pt"),
    ("my husband would rather see the other doctor", "en"),
])
def test_a_message_that_only_names_a_person_is_not_health_language(message, language):
    result = assess(message, language)
    assert not result.emergency and not result.health_language


@pytest.mark.parametrize("message, language", [
    ("ela está com falta de ar desde cedo", "pt"),
    ("meu pai desmaiou agora há pouco", "pt"),
    ("he has a rash on his arm, can we book dermatology?", "en"),
])
def test_a_person_with_a_health_word_is_still_health_language(message, language):
    assert assess(message, language).health_language
