"""Days a message says twice: corrected in passing ("quinta, não, sexta às 10", "Thursday, no wait, Friday"), or
given two ways that disagree ("amanhã dia 26" when tomorrow is the 24th).

Read on `text.normalize` output with days of the month already spelled out as digits (`spoken_days`).
A correction keeps only the day said last; a disagreement is asked about, never guessed.
"""
from __future__ import annotations

import re
from datetime import date

from agent_system.language.lexicon import LivePattern, alternatives, day_offsets, weekday_numbers
from agent_system.dialogue.reading.dates import days_numbered, find_dates, weekday_mismatch


def _relative_words() -> list[str]:
    return sorted(day_offsets(), key=len, reverse=True)


def _any(concept: str) -> str:
    """A concept's words in every registered language (language/<code>/day_words.py), as one group."""
    return f"(?:{alternatives(concept)})"


def _day() -> str:
    """A day said one way or another: a weekday, a relative day, "dia 3", "3/12", "the 3rd"."""
    return (r"(?:" + "|".join(sorted(weekday_numbers(), key=len, reverse=True)) + "|" + "|".join(_relative_words())
            + rf"|{_any('day_lead_bare')} \d{{1,2}}|\d{{1,2}}/\d{{1,2}}|{_any('day_lead_ordinal')} \d{{1,2}}{_any('day_suffix')})")


# The day first said, then a word taking it back (the language packs' "take_back"), then the day meant.
_CORRECTED = LivePattern(lambda: re.compile(
    rf"\b{_day()}(?:[ -]{_any('weekday_tail')})? {_any('take_back')}(?= (?:{_any('corrected_day_lead')} )?{_day()}\b)"))
# "amanhã dia 26", "tomorrow the 27th": a relative day with a day of the month right after it (not an hour).
_RELATIVE_AND_NUMBER = LivePattern(lambda: re.compile(
    rf"\b(?P<word>{'|'.join(_relative_words())}),? (?:{_any('day_said_lead')} )?(?P<day>\d{{1,2}}){_any('day_suffix')}?\b"
    rf"(?![:./]\d|\s*(?:{_any('time_after_number')}|{_any('meridiem_dotted')}))"))


def without_corrected_days(text: str) -> str:
    """The text with each day taken back in passing left out ("quinta nao sexta as 10" -> "sexta as 10")."""
    return _CORRECTED.sub(" ", text)


def days_in_conflict(text: str, today: date) -> tuple[date, date] | None:
    """Two days said for one: a weekday and a date that disagree ("terça dia 2"), or a relative day and a day of
    the month ("amanhã dia 26"); (the date said, the other day)."""
    return weekday_mismatch(text, today) or relative_day_mismatch(text, today)


def relative_day_mismatch(text: str, today: date) -> tuple[date, date] | None:
    """(the day of the month said, the relative day said) when "amanhã dia 26" names two different days."""
    for match in _RELATIVE_AND_NUMBER.finditer(text):
        relative, numbered = find_dates(match["word"], today), days_numbered(int(match["day"]), today)[:1]
        if relative and numbered and relative[0] != numbered[0]:
            return numbered[0], relative[0]
    return None
