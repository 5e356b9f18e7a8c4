"""Times written in words or loose notations, rewritten as the digits `times.find_times` reads.

"duas e meia da tarde" -> "2 e meia da tarde", "half past three in the afternoon" -> "3:30 da tarde",
"eight in the morning" -> "8 da manha", "10.30am" -> "10:30am", "16h30min" -> "16h30", "eleven thirty" -> "11:30",
"as tres e quinze" -> "as 3:15", "quinze pras tres" -> "2:45", "could it be 11 instead?" -> "…be at 11…". Works on
`text.normalize` output. A number word becomes a digit only where a time cue is next to it ("às", "at", "e meia",
"da tarde", "o'clock"), so "uma consulta" stays as it is. The words are the registered language packs': each pack
reads its own halves, quarters and minutes (`LanguagePack.times_before`, `times_after`) around the hours said in
words of every language becoming digits here.
"""
from __future__ import annotations

import re

from agent_system.language.lexicon import LivePattern, alternatives, number_table
from agent_system.language.registry import language_packs


def _hours() -> str:
    return "|".join(sorted(number_table("hour"), key=len, reverse=True))


def _any(concept: str) -> str:
    return alternatives(concept)


_CUED_WORD = LivePattern(lambda: re.compile(rf"\b({_any('hour_cue')})\s+({_hours()})\b(?!\s+(?:{_any('not_after_hour')})\b)"))
_WORD_CUED = LivePattern(lambda: re.compile(rf"\b({_hours()})(?=\s+(?:{_any('hour_follows')}))"))
# "10.30am", "10.30 h" -> "10:30am", "10:30h"; "16h30min" -> "16h30" (the "h" of "10h30" is notation, not a word).
_DOTTED = LivePattern(lambda: re.compile(
    rf"\b(\d{{1,2}})\.(\d{{2}})\s*((?:{_any('clock_am')})|(?:{_any('clock_pm')})|h)\b"))
_MINUTES_SUFFIX = LivePattern(lambda: re.compile(rf"\b(\d{{1,2}}h\d{{2}})\s*(?:{_any('minute_mark')})\b"))


def spell_out(text: str) -> str:
    """The normalized text with spoken and loose times rewritten as digits."""
    hours, packs = number_table("hour"), language_packs()
    for pack in packs:
        if pack.times_before is not None:
            text = pack.times_before(text, hours)
    text = _CUED_WORD.sub(lambda m: f"{m[1]} {hours[m[2]]}", text)
    text = _WORD_CUED.sub(lambda m: str(hours[m[1]]), text)
    for pack in packs:
        if pack.times_after is not None:
            text = pack.times_after(text, hours)
    text = _DOTTED.sub(lambda m: f"{m[1]}:{m[2]}{m[3]}", text)
    return _MINUTES_SUFFIX.sub(lambda m: m[1], text)
