"""Days a message says twice: corrected in passing ("quinta, não, sexta às 10", "Thursday, no wait, Friday"), or
given two ways that disagree ("amanhã dia 26" when tomorrow is the 24th).

Read on `text.normalize` output with days of the month already spelled out as digits (`spoken_days`).
A correction keeps only the day said last; a disagreement is asked about, never guessed.
"""
from __future__ import annotations

import re
from datetime import date

from agent_system.language.registry import language_packs
from agent_system.dialogue.reading.dates import WEEKDAY_NAMES, find_dates, weekday_mismatch

_RELATIVE_WORDS = sorted({word for pack in language_packs() for word in pack.day_offsets}, key=len, reverse=True)
_DAY = (r"(?:" + "|".join(sorted(WEEKDAY_NAMES, key=len, reverse=True)) + "|" + "|".join(_RELATIVE_WORDS)
        + r"|dia \d{1,2}|\d{1,2}/\d{1,2}|the \d{1,2}(?:st|nd|rd|th))")
# The day first said, then a word taking it back, then the day meant.
_CORRECTED = re.compile(rf"\b{_DAY}(?:[ -]feira)? (?:nao|no|no wait|wait|err|digo|quer dizer|ou melhor|i mean|"
                        rf"sorry|oops|ops|perdao)(?= (?:(?:na|no|on|the|dia) )?{_DAY}\b)")
# "amanhã dia 26", "tomorrow the 27th": a relative day with a day of the month right after it (not an hour).
_RELATIVE_AND_NUMBER = re.compile(
    rf"\b(?P<word>{'|'.join(_RELATIVE_WORDS)}),? (?:(?:dia|the|on) )?(?P<day>\d{{1,2}})(?:st|nd|rd|th|o)?\b"
    r"(?![:./]\d|\s*(?:h\b|hs?\d|horas?|am\b|pm\b|e meia|d[ae] (?:manha|tarde|noite)))")


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
        relative, numbered = find_dates(match["word"], today), find_dates(f"dia {match['day']}", today)
        if relative and numbered and relative[0] != numbered[0]:
            return numbered[0], relative[0]
    return None
