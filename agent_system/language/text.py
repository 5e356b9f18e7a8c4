"""Text normalisation and language detection for patients' messages."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from agent_system.domain.language import Language
from agent_system.language.registry import language_packs

# Keep the separators that carry meaning in dates and times (18/07, 2026-07-18, 10:30, meio-dia).
_PUNCTUATION = re.compile(r"[^\w\s:/.\-]|_")
_WORD = re.compile(r"\b[a-z]+\b")  # whole words: a booking code ("A3F9KQ") is no "a"


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


def language_of(normalized: str, earlier: Language | None = None) -> Language:
    """The language a normalised message shows; else the conversation's so far; else the default.

    "no", "ok", "2" or a booking code show no language: the answer stays in the one the patient
    has been writing in.
    """
    return _evident_language(normalized) or earlier or language_packs()[0].code


def keyword_counts(normalized: str) -> dict[Language, int]:
    """How many words of a normalised message are keywords of each registered language."""
    words = _WORD.findall(normalized)
    return {pack.code: sum(word in pack.keywords or word.endswith(pack.keyword_endings) for word in words)
            for pack in language_packs()}


def leading_language(counts: dict[Language, int]) -> Language | None:
    """The language with strictly the highest positive count, or None when none leads."""
    ranked = sorted(counts.items(), key=lambda count: count[1], reverse=True)
    leads = bool(ranked) and ranked[0][1] > 0 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1])
    return ranked[0][0] if leads else None


def _evident_language(normalized: str) -> Language | None:
    """The language with strictly the most keywords in the message, or None when none leads."""
    return leading_language(keyword_counts(normalized))
