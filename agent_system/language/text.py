"""Text normalisation and language detection for patients' messages."""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

Language = Literal["pt", "en"]

# Keep the separators that carry meaning in dates and times (18/07, 2026-07-18, 10:30, meio-dia).
_PUNCTUATION = re.compile(r"[^\w\s:/.\-]|_")
_WORD = re.compile(r"[a-z]+")

# Only words that exist in one of the two languages: "no", "do", "as", "me" and "favor" are
# ordinary words in both, so they would tilt the count without telling the languages apart.
_ENGLISH_WORDS = frozenset(
    """
    the i want would like book booking appointment appointments cancel reschedule my slots
    slot available availability tomorrow today with please schedule need show what which when
    is are you have for to an any next week this at on doctor hi hello can could first
    earliest and of in see there how thanks thank yes time times from it that get
    write tell poem joke weather whats
    cardiology dermatology orthopedics orthopedic cardiologist dermatologist orthopedist
    monday tuesday wednesday thursday friday saturday sunday
    """.split()
)
_PORTUGUESE_WORDS = frozenset(
    """
    quero marcar consulta consultas com para pra meu minha meus minhas horario horarios amanha
    hoje cancelar desmarcar remarcar agendar por tem de o a e os da das dos um uma eu voce vc
    quais qual quando disponivel disponiveis semana dia obrigado obrigada oi ola bom boa sim nao
    gostaria preciso ver doutor doutora medico que em na mais primeiro dor joelho pele
    cardiologia dermatologia ortopedia cardiologista dermatologista ortopedista
    segunda terca quarta quinta sexta sabado domingo
    """.split()
)


def normalize(text: str) -> str:
    """Casefold, strip accents and punctuation (except `: / - .`) and collapse whitespace."""
    # NFKD before casefolding too: compatibility forms such as "ℌ" decompose to capitals.
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    bare = "".join(char for char in folded if not unicodedata.combining(char))
    return " ".join(_PUNCTUATION.sub(" ", bare).split())


def detect_language(text: str) -> Language:
    """Portuguese unless the message has more English than Portuguese keywords."""
    words = _WORD.findall(normalize(text))
    english = sum(word in _ENGLISH_WORDS for word in words)
    portuguese = sum(word in _PORTUGUESE_WORDS for word in words)
    return "en" if english > portuguese else "pt"
