"""Normalisation and language detection of patients' messages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_system.language.text import detect_language, normalize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Amanhã às 10h", "amanha as 10h"),
        ("MARÇO", "marco"),
        ("Terça-feira, 18/07/2026!", "terca-feira 18/07/2026"),
        ("  dor   no\tpeito\n", "dor no peito"),
        ("Não consigo respirar!!!", "nao consigo respirar"),
        ("I can't breathe", "i can t breathe"),
        ("2026-07-18 10:30", "2026-07-18 10:30"),
        ("meio-dia?", "meio-dia"),
        ("Dra. Patrícia Gomes", "dra. patricia gomes"),
        ("1º de maio", "1o de maio"),
        ("(ortopedia) & [dermatologia]", "ortopedia dermatologia"),
        ("snake_case", "snake case"),
        ("", ""),
    ],
)
def test_normalize(text, expected):
    assert normalize(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Quero marcar uma consulta com cardiologista amanhã", "pt"),
        ("tem horário com a Dra. Camila na sexta?", "pt"),
        ("cancelar minha consulta", "pt"),
        ("quais horários disponíveis de ortopedia?", "pt"),
        ("o primeiro", "pt"),
        ("obrigado", "pt"),
        ("Dr. Ricardo Lopes", "pt"),
        ("ok", "pt"),
        ("", "pt"),
        ("slots de ortopedia", "pt"),
        ("I want to book a cardiology appointment tomorrow", "en"),
        ("Cancel my appointment", "en"),
        ("Show me available slots with Dr. Paulo", "en"),
        ("What slots are available next week?", "en"),
        ("Can I see my appointments please", "en"),
        ("Hello", "en"),
        ("book with Dra. Ana on 18/07 at 10am", "en"),
        ("I need a dermatologist", "en"),
        ("write me a poem", "en"),
        ("tell me a joke", "en"),
    ],
)
def test_detect_language(text, expected):
    assert detect_language(text) == expected


@given(st.text())
def test_normalize_is_idempotent_and_leaves_no_runs_of_whitespace(text):
    normalized = normalize(text)
    assert normalize(normalized) == normalized
    assert normalized == " ".join(normalized.split())
    assert detect_language(text) in {"pt", "en"}
