"""Days of the month written in words, rewritten as the digits `dates.find_dates` reads.

Each registered language's pack reads its own (`LanguagePack.spoken_days`: "dia vinte e sete" -> "dia 27",
"December second" -> "December 2nd"), in the registry's order, with every language's month and weekday words as
date cues. Works on `text.normalize` output.
"""
from __future__ import annotations

import re
from functools import lru_cache

from agent_system.language.lexicon import LivePattern, alternatives, month_numbers, weekday_numbers
from agent_system.language.registry import generation, language_packs

# "terça 1º/12" (normalised "1o/12"), "1º de dezembro": the ordinal mark of a day of the month, before its month.
_ORDINAL_MARK = LivePattern(lambda: re.compile(
    rf"\b(\d{{1,2}})(?:{alternatives('ordinal_mark')})(?=\s*/\s*\d|\s+(?:{alternatives('month_of')})\s)"))


def spell_out_days(text: str) -> str:
    """The normalized text with days of the month said in words rewritten as digits (1-31)."""
    text = _ORDINAL_MARK.sub(r"\1", text)
    months, weekdays = _calendar_words(generation())
    for pack in language_packs():
        if pack.spoken_days is not None:
            text = pack.spoken_days(text, months, weekdays)
    return text


@lru_cache(maxsize=4)
def _calendar_words(_generation: int) -> tuple[str, str]:
    """Every registered month word and weekday word, each as an alternation, longest first."""
    return ("|".join(sorted(month_numbers(), key=len, reverse=True)),
            "|".join(sorted(weekday_numbers(), key=len, reverse=True)))
