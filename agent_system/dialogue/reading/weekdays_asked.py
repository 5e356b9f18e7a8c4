"""The weekdays a question about one's own bookings names with no date of their own ("tenho algo na sexta?").

A listing reads a bare weekday as the next one; a patient asking whether they have something on a Friday means any
Friday they are booked on, so the bookings shown are filtered by the weekday, not by the next date.
"""
from __future__ import annotations

import re

from agent_system.dialogue.reading.dates import weekdays_named
from agent_system.dialogue.reading.reading import Reading


def weekdays_alone(reading: Reading) -> list[int]:
    """The weekdays named, when every day the message reads came from one of them and nothing else dates it."""
    if reading.date_range or not reading.dates or re.search(r"\d", reading.text):
        return []
    named = sorted(set(weekdays_named(reading.text)))
    return named if named == sorted({day.weekday() for day in reading.dates}) else []
