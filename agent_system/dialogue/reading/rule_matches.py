"""Reading a message with an ordered list of pattern rules: the first rule to claim a span keeps it."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from agent_system.language.lexicon import LivePattern

# A number that does not continue another one ("2026-11-25" is no "11" or "25" on its own).
NO_NUMBER_BEFORE = r"(?<![\w/:.-])"


class Rule(NamedTuple):
    """A pattern and the function that turns its match into a value (None: the span means nothing)."""
    pattern: re.Pattern[str] | LivePattern  # LivePattern: made of the language packs' words
    resolve: Callable[..., Any]


def first_matches(text: str, rules: Iterable[Rule]) -> list[tuple[re.Match[str], Rule]]:
    """Non-overlapping matches, earlier rules first, sorted by position in the text."""
    taken: list[tuple[re.Match[str], Rule]] = []
    for rule in rules:
        for match in rule.pattern.finditer(text):
            # A span stays taken even when it resolves to nothing, so "31/02" is not
            # re-read by a looser rule as "dia 31".
            if not any(_overlap(match, other) for other, _ in taken):
                taken.append((match, rule))
    return sorted(taken, key=lambda pair: pair[0].start())


def unique(values: Iterable[Any]) -> list[Any]:
    """The values in order, without repeats or Nones."""
    return list(dict.fromkeys(value for value in values if value is not None))


def _overlap(first: re.Match[str], second: re.Match[str]) -> bool:
    return first.start() < second.end() and second.start() < first.end()
