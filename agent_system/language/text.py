"""The text reader of patients' messages: one fold, the reading's normalised text, triage's words; and the language
a message is written in.

Every reader folds with `fold` (lower case, no accents; the same function folds clinic data for the checks). The
reading matches its patterns on `normalize` (punctuation gone but for the separators of dates and times); triage
reads `tokens` (ASCII words and sentence marks).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agent_system.domain.folding import fold
from agent_system.domain.language import Language
from agent_system.language.registry import language_packs

__all__ = ["detect_language", "fold", "keyword_counts", "language_of", "leading_language", "normalize", "plain_text",
           "tokens"]

# Keep the separators that carry meaning in dates and times (18/07, 2026-07-18, 10:30, meio-dia).
_PUNCTUATION = re.compile(r"[^\w\s:/.\-]|_")
_WORD = re.compile(r"\b[a-z]+\b")  # whole words: a booking code ("A3F9KQ") is no "a"
_TOKEN = re.compile(r"[a-z0-9]+|[.!?;,\n]")
_CONTRACTION = re.compile(r"(\w)['’`´]([a-z])")
_DECIMAL = re.compile(r"(\d)[.,](\d)")  # 37,8 and 37.9 are one reading, not a sentence end


@lru_cache(maxsize=2048)  # a turn reads its message a dozen times, in every stage of the reading
def normalize(text: str) -> str:
    """Folded (`fold`), punctuation gone (except `: / - .`), whitespace collapsed."""
    return " ".join(_PUNCTUATION.sub(" ", fold(text)).split())


def plain_text(text: str) -> str:
    """Folded, in ASCII, contractions joined ("can't" -> "cant"), decimals split ("37,8" -> "37 8")."""
    # Emoji and other scripts carry no words the readers look for: the ASCII encoding drops them.
    bare = fold(text).encode("ascii", "ignore").decode("ascii")
    return _DECIMAL.sub(r"\1 \2", _CONTRACTION.sub(r"\1\2", bare))


def tokens(text: str) -> list[str]:
    """The message's words and sentence marks, in order: "Não consigo, mt dor!" -> nao consigo , mt dor !"""
    return _TOKEN.findall(plain_text(text))


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
