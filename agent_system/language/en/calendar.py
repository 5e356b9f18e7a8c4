"""English: the words that show a message is in this language, and its calendar words."""
from __future__ import annotations

# Only words that exist in English alone (see the Portuguese list for the shared ones left out).
# Endings of words only this language has: a specialty named alone ("neurology", "pediatrics") shows the language.
KEYWORD_ENDINGS = ("ology", "ologist", "ologists", "iatrics", "iatrician", "iatricians")
KEYWORDS = frozenset(
    """
    the i want would like book booking appointment appointments cancel reschedule my slots
    slot available availability tomorrow today with please schedule need show what which when
    is are you have for to an any next week this at on doctor hi hello can could first
    earliest and of in see there how thanks thank yes time times from it that get
    write tell poem joke weather whats help bye goodbye lot much
    does take takes accept accepts accepted insurance clinic clinics
    cardiology dermatology orthopedics orthopedic cardiologist dermatologist orthopedist
    monday tuesday wednesday thursday friday saturday sunday
    """.split()
)

CALENDAR = {
    "weekdays": "Mon, Tue, Wed, Thu, Fri, Sat, Sun",
    "weekdays_full": "Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday",
    "months": "January, February, March, April, May, June, July, August, September, October, November, December",
    "day": "{weekday} {month_abbr} {day}",
    "full_day": "{weekday}, {month_name} {day}, {year}",
    "today_tomorrow": "today, tomorrow",
    "and": "and",
    "or": "or",
    "month_words": "january jan, february feb, march mar, april apr, may, june jun, july jul, august aug, "
                   "september sept sep, october oct, november nov, december dec",
    "weekday_words": "monday mon, tuesday tue tues, wednesday wed, thursday thu thur thurs, friday fri, saturday, sunday",
    "relative_days": "today, tomorrow, day after tomorrow",
}
