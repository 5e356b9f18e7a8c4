"""Red-flag triage: emergencies halt the turn, ordinary booking messages never do."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_system.text import normalize
from agent_system.triage import TriageResult, assess, emergency_answer

NOT_AN_EMERGENCY = TriageResult(emergency=False, kind=None, matched=None)


@pytest.mark.parametrize(
    ("text", "matched"),
    [
        # Portuguese, with accents
        ("Estou com dor no peito", "dor no peito"),
        ("dor forte no peito desde cedo", "dor forte no peito"),
        ("DORES NO PEITO!!!", "dores no peito"),
        ("sinto um aperto no peito", "aperto no peito"),
        ("Não consigo respirar", "nao consigo respirar"),
        ("estou com falta de ar forte", "falta de ar forte"),
        ("fiquei sem ar agora", "sem ar"),
        ("Desmaiei no banheiro", "desmaiei"),
        ("meu pai desmaiou", "desmaiou"),
        ("ela teve um desmaio agora", "desmaio"),
        ("ele está inconsciente", "inconsciente"),
        ("meu filho está tendo uma convulsão", "convulsao"),
        ("acho que é um derrame", "derrame"),
        ("minha mãe está com AVC", "avc"),
        ("o rosto caído de um lado", "rosto caido"),
        ("perdi a força de um lado do corpo", "perdi a forca de um lado"),
        ("sangramento forte que não para", "sangramento forte"),
        ("minha garganta está fechando", "garganta esta fechando"),
        ("tomei muitos comprimidos", "tomei muitos comprimidos"),
        ("acho que foi envenenamento", "envenenamento"),
        # Portuguese, without accents and with typos
        ("nao consigo respira direito", "nao consigo respira"),
        ("naum consigo respirar", "naum consigo respirar"),
        ("ele esta convulsionando", "convulsionando"),
        ("ela esta inconciente", "inconciente"),
        ("convulsao", "convulsao"),
        ("ficou com a boca torta e fala enrolada", "boca torta"),
        ("estou sangrando muito", "sangrando muito"),
        ("hemorragia", "hemorragia"),
        ("overdose de remedio", "overdose"),
        # English
        ("I have chest pain", "chest pain"),
        ("I can't breathe", "can t breathe"),
        ("cannot breathe", "cannot breathe"),
        ("sudden shortness of breath", "shortness of breath"),
        ("my wife fainted", "fainted"),
        ("he passed out", "passed out"),
        ("she is unconscious", "unconscious"),
        ("he is having a seizure", "seizure"),
        ("I think it's a stroke", "stroke"),
        ("face drooping and slurred speech", "face drooping"),
        ("heavy bleeding", "heavy bleeding"),
        ("he is bleeding heavily", "bleeding heavily"),
        ("my throat is closing", "throat is closing"),
    ],
)
def test_medical_red_flags(text, matched):
    assert assess(text) == TriageResult(emergency=True, kind="medical", matched=matched)


@pytest.mark.parametrize(
    ("text", "matched"),
    [
        ("quero me matar", "quero me matar"),
        ("Vou me matar hoje", "vou me matar"),
        ("estou pensando em suicídio", "suicidio"),
        ("suicidio", "suicidio"),
        ("quero tirar minha vida", "tirar minha vida"),
        ("Não quero mais viver", "nao quero mais viver"),
        ("nao quero mais viver", "nao quero mais viver"),
        ("I want to kill myself", "kill myself"),
        ("I want to die", "want to die"),
        ("thinking about suicide", "suicide"),
        ("I want to end my life", "end my life"),
        # Suicidal intent leads even when a medical red flag is also present.
        ("tomei muitos comprimidos porque quero me matar", "quero me matar"),
    ],
)
def test_suicidal_intent(text, matched):
    assert assess(text) == TriageResult(emergency=True, kind="suicide", matched=matched)


@pytest.mark.parametrize(
    "text",
    [
        "quero marcar cardiologista",
        "dermatologista para manchas na pele",
        "dor no joelho",
        "dor nas costas há uma semana",
        "consulta de rotina do coração",
        "cancel my appointment",
        "o primeiro",
        "tem horário amanhã às 10h?",
        "a sala tem ar condicionado?",
        "quero desmarcar minha consulta",
        "quero uma avaliação ortopédica",
        "preciso de uma segunda opinião",
        "meus agendamentos",
        "Book cardiology for next Friday",
        "I need a dermatologist for a skin rash",
        "remarcar para sexta às 14h com a Dra. Patrícia Gomes",
        "meu CPF é 123.456.789-09",
        "obrigado!",
        "",
    ],
)
def test_ordinary_messages_are_not_emergencies(text):
    assert assess(text) == NOT_AN_EMERGENCY


@pytest.mark.parametrize(
    ("kind", "language", "phrases"),
    [
        ("medical", "pt", ["SAMU (192)", "UPA", "Bombeiros (193)", "Não vou agendar"]),
        ("medical", "en", ["SAMU at 192", "emergency room", "193", "won't schedule"]),
        ("suicide", "pt", ["CVV no 188", "24 horas", "gratuito", "cvv.org.br", "SAMU (192)",
                           "193", "Não vou agendar"]),
        ("suicide", "en", ["CVV at 188", "24 hours", "free", "cvv.org.br", "SAMU at 192", "193",
                           "won't schedule"]),
    ],
)
def test_emergency_answer(kind, language, phrases):
    answer = emergency_answer(TriageResult(emergency=True, kind=kind, matched="x"), language)
    assert [phrase in answer for phrase in phrases] == [True] * len(phrases)
    assert ("CVV" in answer) == (kind == "suicide")


@pytest.mark.parametrize("language", ["pt", "en"])
def test_suicide_answer_puts_cvv_before_samu(language):
    answer = emergency_answer(assess("quero me matar"), language)
    assert answer.index("188") < answer.index("192")


@given(st.text())
def test_assess_never_raises_and_is_consistent(text):
    result = assess(text)
    assert result.emergency == (result.kind is not None) == (result.matched is not None)
    if result.matched is not None:
        assert result.matched in normalize(text)
