"""The registered languages' words for one concept, and patterns built from them that follow the registry."""
from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from functools import lru_cache

from agent_system.language.concepts import CONCEPTS
from agent_system.language.registry import generation, language_packs

__all__ = ["LivePattern", "alternatives", "concept_pattern", "day_offsets", "month_first_words", "month_numbers",
           "number_table", "number_words", "weekday_numbers", "words"]


def words(concept: str) -> tuple[str, ...]:
    """The concept's entries in every registered language, the default language's first, without repeats."""
    if concept not in CONCEPTS:
        raise KeyError(f"no concept {concept!r} in language/concepts.py")
    return _words(concept, generation())


@lru_cache(maxsize=256)  # a turn asks for the same few concepts many times; a registration starts a new generation
def _words(concept: str, _generation: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys(entry for pack in language_packs() for entry in pack.lexicon.get(concept, ())))


def alternatives(concept: str) -> str:
    """The concept's entries as the alternatives of a pattern ("a|b|c"); one that never matches when no registered
    language has words for it (an empty alternative would match everywhere)."""
    return "|".join(words(concept)) or _NOTHING


class LivePattern:
    """A compiled pattern made of lexicon words, compiled again once a language is registered or removed.

    Reads like `re.Pattern` (search, match, fullmatch, finditer, sub, split), so a pattern that was a module
    constant stays one.
    """

    def __init__(self, build: Callable[[], re.Pattern[str]]) -> None:
        self._build = build
        self._compiled: tuple[int, re.Pattern[str]] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        """The pattern for the languages registered now."""
        now, compiled = generation(), self._compiled
        if compiled is None or compiled[0] != now:
            compiled = (now, self._build())
            self._compiled = compiled
        return compiled[1]

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.pattern.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.pattern.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.pattern.fullmatch(string, pos, endpos)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(string)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.pattern.sub(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str]:
        return self.pattern.split(string, maxsplit)


def concept_pattern(concept: str) -> LivePattern:
    """Any of a concept's entries, as whole words."""
    return LivePattern(lambda: re.compile(rf"\b(?:{alternatives(concept)})\b"))


_NOTHING = r"(?!)"  # a concept no registered language has words for matches nothing, not every word boundary


def month_numbers() -> dict[str, int]:
    """Every registered language's month words -> the month (January = 1)."""
    return _calendar_numbers("month_numbers", generation())


def weekday_numbers() -> dict[str, int]:
    """Every registered language's weekday words -> the weekday (Monday = 0)."""
    return _calendar_numbers("weekday_numbers", generation())


def day_offsets() -> dict[str, int]:
    """Every registered language's relative days -> days from today ("amanha" -> 1)."""
    return _calendar_numbers("day_offsets", generation())


def number_table(name: str) -> dict[str, int]:
    """A number table of every registered language (LanguagePack.numbers): number_table("hour")["duas"] == 2."""
    return _number_table(name, generation())


@lru_cache(maxsize=16)
def _number_table(name: str, _generation: int) -> dict[str, int]:
    return {word: number for pack in language_packs() for word, number in pack.numbers.get(name, {}).items()}


def number_words() -> frozenset[str]:
    """Every word a day or an hour may be said in, in every registered language (LanguagePack.number_words)."""
    return _number_words(generation())


@lru_cache(maxsize=4)
def _number_words(_generation: int) -> frozenset[str]:
    return frozenset().union(*(pack.number_words for pack in language_packs()))


def month_first_words() -> tuple[str, ...]:
    """The month words of the languages that write the month before the day ("Nov 25", "December 3rd")."""
    return _month_first(generation())


@lru_cache(maxsize=16)
def _calendar_numbers(kind: str, _generation: int) -> dict[str, int]:
    return {word: number for pack in language_packs() for word, number in getattr(pack, kind).items()}


@lru_cache(maxsize=4)
def _month_first(_generation: int) -> tuple[str, ...]:
    return tuple(word for pack in language_packs() if pack.month_before_day for word in pack.month_numbers)
