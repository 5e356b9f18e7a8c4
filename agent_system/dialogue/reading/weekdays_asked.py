"""The weekdays a question about one's own bookings names with no date of their own ("tenho algo na sexta?").

A listing reads a bare weekday as the next one; a patient asking whether they have something on a Friday means any
Friday they are booked on, so the bookings shown are filtered by the weekday, not by the next date.
"""
from __future__ import annotations

import re

from agent_system.language.lexicon import LivePattern, weekday_numbers
from agent_system.dialogue.reading.reading import Reading

# Every registered language's weekday words, plural and "-feira" forms included ("sextas", "quarta-feira").
_NAMED = LivePattern(lambda: re.compile(
    r"\b(" + "|".join(sorted(weekday_numbers(), key=len, reverse=True)) + r")(?:[\s-]feira|s)?\b"))


def weekdays_alone(reading: Reading) -> list[int]:
    """The weekdays named, when every day the message reads came from one of them and nothing else dates it."""
    if reading.date_range or not reading.dates or re.search(r"\d", reading.text):
        return []
    named = sorted({weekday_numbers()[match[1]] for match in _NAMED.finditer(reading.text)})
    return named if named == sorted({day.weekday() for day in reading.dates}) else []
