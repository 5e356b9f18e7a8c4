"""English: the small words around weekdays, day numbers and clock times (dialogue/reading/dates.py,
date_windows.py, day_corrections.py, times.py), by concept, on folded text (joined into the pack's lexicon)."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # a day of the month: "the 3rd", "3rd of December"
    "day_suffix": (r"st", r"nd", r"rd", r"th"),
    "day_lead_ordinal": (r"the",),
    "month_of": (r"of",),
    # a weekday: "next Friday", "this Thursday", "the following Wednesday", "Friday of next week"
    "weekday_next": (r"next",),
    "weekday_this": (r"this",),
    "weekday_following": (r"following",),
    "weekday_next_week": (r"(?:of\s+)?next week", r"of the following week"),
    "date_beside_joiner": (r"the", r"on"),
    # a number that is a time, not a day: "Friday 27 at 10 am"
    "time_after_number": (r"am\b", r"pm\b"),
    "meridiem_dotted": (r"a\.m", r"p\.m"),
    "time_after_month_day": (r"am", r"pm"),
    # a window's ends (dialogue/reading/date_windows.py): "from the 25th to next Friday"
    "window_day_article": (r"the",),
    "window_weekday_lead": (r"next",),
    # a day said, then taken back or restated (dialogue/reading/day_corrections.py)
    "corrected_day_lead": (r"on", r"the"),
    "day_said_lead": (r"the", r"on"),
    # clock times (dialogue/reading/times.py)
    "noon": (r"noon",),
    "midnight": (r"midnight",),
    "hour_mark": (r"hr", r"hrs"),
    "clock_am": (r"am", r"a\.m\.?"),
    "clock_pm": (r"pm", r"p\.m\.?"),
    "unit_minute": (r"min(?:utes?|s)?",),
}
