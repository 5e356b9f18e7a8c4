"""Patterns made of plain word lists: a list reads as words, not as regular-expression syntax."""
from __future__ import annotations

import re

from agent_system.language.lexicon import LivePattern, words


def any_phrase(*phrases: str) -> re.Pattern[str]:
    """A pattern matching any of the phrases as whole words (normalised text: lower case, no accents)."""
    # Longest first: an alternation takes the first alternative that fits, so "se" listed before "se puder"
    # would stop at the shorter prefix and a replacement would leave "puder" behind.
    alternatives = "|".join(re.escape(phrase) for phrase in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"\b(?:{alternatives})\b")


def not_after_a_title() -> str:
    """Lookbehinds: not right after a title written short, its first letter in either case ("Dr.", "sra.")."""
    return "".join(f"(?<![{title[0].upper()}{title[0]}]{re.escape(title[1:])})" for title in words("title_before_dot"))


def phrase_pattern(concept: str) -> LivePattern:
    """Any of a lexicon concept's phrases as whole words, in every registered language (`any_phrase`)."""
    return LivePattern(lambda: any_phrase(*words(concept)) if words(concept) else re.compile(r"(?!)"))
