"""Text normalisation and language detection for patients' messages."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from agent_system.language.registry import language_packs

# A registered language code (language.registry): "pt", "en".
Language = str

# Keep the separators that carry meaning in dates and times (18/07, 2026-07-18, 10:30, meio-dia).
_PUNCTUATION = re.compile(r"[^\w\s:/.\-]|_")
_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=2048)  # a turn reads its message a dozen times, in every stage of the reading
def normalize(text: str) -> str:
    """Casefold, strip accents and punctuation (except `: / - .`) and collapse whitespace."""
    # NFKD before casefolding too: compatibility forms such as "ℌ" decompose to capitals.
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    bare = folded if folded.isascii() else "".join(char for char in folded if not unicodedata.combining(char))
    return " ".join(_PUNCTUATION.sub(" ", bare).split())


def detect_language(text: str) -> Language:
    """The language with the most keywords in the message; the default (Portuguese) on a tie."""
    return language_of(normalize(text))


def language_of(normalized: str) -> Language:
    """`detect_language` of a text `normalize` already read (a message is normalised once)."""
    words = _WORD.findall(normalized)
    counts = [(sum(word in pack.keywords for word in words), pack.code) for pack in language_packs()]
    # max keeps the first of equal counts, and the default pack comes first.
    return max(counts, key=lambda count: count[0])[1]
