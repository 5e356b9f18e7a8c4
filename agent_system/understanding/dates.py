"""Dates, times and date ranges mentioned in patients' messages (PT and EN).

Everything is resolved against a `today` passed in by the caller, never the clock, so the
planner, the tests and the evaluation (CLINIC_TODAY) agree on what "amanhã" means.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable
from datetime import date, timedelta
from typing import Any, NamedTuple

from agent_system.language.text import normalize
from agent_system.understanding.spoken_times import spell_out

# An explicit date outside this window cannot be booked; slots only exist ahead of today.
HORIZON_DAYS = 400

_MONTHS = {
    "janeiro": 1, "jan": 1, "january": 1,
    "fevereiro": 2, "fev": 2, "february": 2, "feb": 2,
    "marco": 3, "mar": 3, "march": 3,
    "abril": 4, "abr": 4, "april": 4, "apr": 4,
    "maio": 5, "mai": 5, "may": 5,
    "junho": 6, "jun": 6, "june": 6,
    "julho": 7, "jul": 7, "july": 7,
    "agosto": 8, "ago": 8, "august": 8, "aug": 8,
    "setembro": 9, "set": 9, "september": 9, "sept": 9, "sep": 9,
    "outubro": 10, "out": 10, "october": 10, "oct": 10,
    "novembro": 11, "nov": 11, "november": 11,
    "dezembro": 12, "dez": 12, "december": 12, "dec": 12,
}
_ENGLISH_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_WEEKDAYS = {
    "segunda": 0, "terca": 1, "quarta": 2, "quinta": 3, "sexta": 4, "sabado": 5, "domingo": 6,
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6, "mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
}
MONTH_NAMES = tuple(_MONTHS)
WEEKDAY_NAMES = tuple(_WEEKDAYS)
# "segunda" to "sexta" are also ordinals: "a segunda opção" is not a Monday.
_ORDINAL_WEEKDAYS = frozenset({"segunda", "terca", "quarta", "quinta", "sexta"})
_RELATIVE_DAYS = {
    "hoje": 0, "today": 0, "amanha": 1, "tomorrow": 1,
    "depois de amanha": 2, "day after tomorrow": 2,
}


def _alternation(words: Iterable[str]) -> str:
    # Longest first, so "sept" is not read as "sep" followed by a stray "t".
    return "|".join(sorted(words, key=len, reverse=True))


_ALL_MONTHS = _alternation(_MONTHS)
# "2 out of 3" is not the 2nd of October: bare "out" only counts after "de".
_BARE_MONTHS = _alternation(name for name in _MONTHS if name != "out")
_SUFFIX = r"(?:o|st|nd|rd|th)?"
_NO_NUMBER_BEFORE = r"(?<![\w/:.-])"

_ISO = re.compile(
    rf"{_NO_NUMBER_BEFORE}(?P<year>\d{{4}})-(?P<month>\d{{1,2}})-(?P<day>\d{{1,2}})(?![\w/-])",
    re.ASCII,
)
_NUMERIC = re.compile(
    rf"{_NO_NUMBER_BEFORE}(?P<day>\d{{1,2}})(?P<sep>[/-])(?P<month>\d{{1,2}})"
    r"(?:(?P=sep)(?P<year>\d{4}|\d{2}))?(?![\w/:-]|\.\d)",
    re.ASCII,
)
_DAY_MONTH = re.compile(
    rf"{_NO_NUMBER_BEFORE}(?P<day>\d{{1,2}}){_SUFFIX}\s+"
    rf"(?:(?:de|of)\s+(?P<month>{_ALL_MONTHS})|(?P<bare_month>{_BARE_MONTHS}))\b\.?"
    r"(?:\s+(?:de\s+)?(?P<year>\d{4})\b)?",
    re.ASCII,
)
_MONTH_DAY = re.compile(
    rf"\b(?P<month>{_alternation(_ENGLISH_MONTHS)})\.?\s+(?P<day>\d{{1,2}})"
    r"(?:st|nd|rd|th)?\b(?!:\d|\s*(?:am|pm|h|horas?)\b)(?:\s+(?P<year>\d{4})\b)?",
    re.ASCII,
)
_RELATIVE = re.compile(
    r"\b(?P<word>depois de amanha|day after tomorrow|amanha|tomorrow|hoje|today)\b", re.ASCII
)
_WEEKDAY = re.compile(
    r"\b(?:(?P<article>a|minha|sua|uma)\s+|(?P<next>proxim[ao]|next)\s+)?"
    rf"(?P<name>{_alternation(_WEEKDAYS)})(?P<feira>[\s-]feira)?\b"
    r"(?:(?P<following_week>\s+(?:da\s+)?(?:semana q(?:ue)? vem|proxima semana)|\s+next week)"
    r"|(?P<que_vem>\s+q(?:ue)? vem))?\b",
    re.ASCII,
)
# "terça 1", "segunda, dia 30", "Friday the 27th", "wed 2nd": the day number decides the date.
_WEEKDAY_NUMBER = re.compile(
    rf"\b(?P<name>{_alternation(_WEEKDAYS)})(?:[\s-]feira)?\.?,?\s+(?:dia\s+|the\s+)?(?P<day>\d{{1,2}})"
    r"(?:o|st|nd|rd|th)?\b"
    r"(?![:./-]\d|\s*(?:h\b|hs?\d|horas?|am\b|pm\b|a\.m|p\.m|e meia|d[ae] (?:manha|tarde|noite)))",
    re.ASCII,
)
_ORDINAL_NOUN = re.compile(r"\s+(?:opcao|vez|via|consulta|opiniao|parte|vaga|semana)\b")
_DAY_OF_MONTH = re.compile(
    r"\b(?:dia\s+(?P<day>\d{1,2})o?|the\s+(?P<day_en>\d{1,2})(?:st|nd|rd|th))\b(?![:.]\d)",
    re.ASCII,
)

_NOON = re.compile(
    r"\b(?P<word>meio[\s-]?dia|noon|meia[\s-]?noite|midnight)(?P<half>\s+e\s+meia)?\b"
)
_CLOCK = re.compile(
    rf"(?:\b(?P<cue>as|at|das|pelas)\s+)?{_NO_NUMBER_BEFORE}(?P<hour>\d{{1,2}})"
    r"(?:[:h](?P<minute>\d{2})|(?P<h>h(?:rs?|s)?)|\s+(?P<horas>horas?))?"
    r"(?P<half>\s+e\s+meia)?"
    r"(?:\s*(?P<meridiem>am|pm|a\.m\.?|p\.m\.?)|\s+d[ae]\s+(?P<part>manha|tarde|noite))?"
    r"(?![\w/:]|[.-]\d)",
    re.ASCII,
)

_RANGE = re.compile(
    r"\b(?:(?P<next_week>semana q(?:ue)? vem|prox(?:ima)? semana|next week)"
    r"|(?P<this_week>n?(?:est|ess)a semana|this week)"
    r"|(?P<this_month>n?(?:est|ess)e mes|this month)"
    r"|(?P<next_month>mes q(?:ue)? vem|prox(?:imo)? mes|next month))\b"
)


class _Rule(NamedTuple):
    pattern: re.Pattern[str]
    resolve: Callable[..., Any]


def find_dates(text: str, today: date) -> list[date]:
    """Every date the message mentions, in order of appearance, without repeats."""
    found = [(rule, rule.resolve(match, today)) for match, rule in _matches(normalize(text), _DATE_RULES)]
    # "segunda, 30/11": the weekday only restates the explicit date's day of the week.
    anchored = {day.weekday() for rule, day in found if day is not None and rule.pattern is not _WEEKDAY}
    return _unique(day for rule, day in found
                   if rule.pattern is not _WEEKDAY or day is None or day.weekday() not in anchored)


def find_times(text: str) -> list[str]:
    """Every time of day the message mentions as `HH:MM`, in order, without repeats."""
    found = (rule.resolve(match) for match, rule in _matches(spell_out(normalize(text)), _TIME_RULES))
    return _unique(found)


def find_date_range(text: str, today: date) -> tuple[date, date] | None:
    """The first week or month the message asks about, as inclusive (start, end), if any."""
    match = _RANGE.search(normalize(text))
    if match is None:
        return None
    if match["next_week"]:
        monday = today + timedelta(days=7 - today.weekday())
        return monday, monday + timedelta(days=6)
    if match["this_week"]:
        return today, today + timedelta(days=6 - today.weekday())
    if match["this_month"]:
        return today, _month_end(today)
    first_of_next = _month_end(today) + timedelta(days=1)
    return first_of_next, _month_end(first_of_next)


def _matches(text: str, rules: Iterable[_Rule]) -> list[tuple[re.Match[str], _Rule]]:
    """Non-overlapping matches, earlier rules first, sorted by position in the text."""
    taken: list[tuple[re.Match[str], _Rule]] = []
    for rule in rules:
        for match in rule.pattern.finditer(text):
            # A span stays taken even when it resolves to nothing, so "31/02" is not
            # re-read by a looser rule as "dia 31".
            if not any(_overlap(match, other) for other, _ in taken):
                taken.append((match, rule))
    return sorted(taken, key=lambda pair: pair[0].start())


def _overlap(first: re.Match[str], second: re.Match[str]) -> bool:
    return first.start() < second.end() and second.start() < first.end()


def _unique(values: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(value for value in values if value is not None))


def _calendar_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _month_end(day: date) -> date:
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _explicit(year: int, month: int, day: int, today: date) -> date | None:
    found = _calendar_date(year, month, day)
    if found is None or not today <= found <= today + timedelta(days=HORIZON_DAYS):
        return None
    return found


def _upcoming(month: int, day: int, today: date) -> date | None:
    """A day and month without a year: this year, or next year once this year's has passed."""
    this_year = _explicit(today.year, month, day, today)
    return this_year or _explicit(today.year + 1, month, day, today)


def _with_optional_year(year: str | None, month: int, day: int, today: date) -> date | None:
    if year is None:
        return _upcoming(month, day, today)
    full_year = int(year) + 2000 if len(year) == 2 else int(year)
    return _explicit(full_year, month, day, today)


def _resolve_iso(match: re.Match[str], today: date) -> date | None:
    return _explicit(int(match["year"]), int(match["month"]), int(match["day"]), today)


def _resolve_numeric(match: re.Match[str], today: date) -> date | None:
    # "10-12" is a range of hours or days far more often than a date; dashes need a year.
    if match["sep"] == "-" and match["year"] is None:
        return None
    return _with_optional_year(match["year"], int(match["month"]), int(match["day"]), today)


def _resolve_month_name(match: re.Match[str], today: date) -> date | None:
    month = _MONTHS[match.groupdict().get("bare_month") or match["month"]]
    return _with_optional_year(match["year"], month, int(match["day"]), today)


def _resolve_relative(match: re.Match[str], today: date) -> date:
    return today + timedelta(days=_RELATIVE_DAYS[match["word"]])


def _resolve_weekday(match: re.Match[str], today: date) -> date | None:
    name = match["name"]
    if name in _ORDINAL_WEEKDAYS and not match["feira"] and _is_ordinal(match):
        return None
    if match["following_week"]:
        return today + timedelta(days=7 - today.weekday() + _WEEKDAYS[name])
    days_ahead = (_WEEKDAYS[name] - today.weekday()) % 7
    if days_ahead == 0 and (match["next"] or match["que_vem"]):
        days_ahead = 7
    return today + timedelta(days=days_ahead)


def _is_ordinal(match: re.Match[str]) -> bool:
    return bool(match["article"]) or bool(_ORDINAL_NOUN.match(match.string, match.end()))


def _resolve_weekday_number(match: re.Match[str], today: date) -> date | None:
    """This or next month's day with this number when it falls on the named weekday, else just the weekday.

    "terça 1" is Tuesday 1 December; in "quinta 9" the 9th is no Thursday soon, so the number is not a day.
    """
    weekday = _WEEKDAYS[match["name"]]
    near = _days_numbered(int(match["day"]), today)[:2]
    weekday_only = today + timedelta(days=(weekday - today.weekday()) % 7)
    return next((d for d in near if d.weekday() == weekday), weekday_only)


def _days_numbered(day: int, today: date) -> list[date]:
    """The days numbered `day` in the next twelve months, from today on."""
    found = []
    for months_ahead in range(12):
        years, month_index = divmod(today.month - 1 + months_ahead, 12)
        candidate = _calendar_date(today.year + years, month_index + 1, day)
        if candidate is not None and candidate >= today:
            found.append(candidate)
    return found


def _resolve_day_of_month(match: re.Match[str], today: date) -> date | None:
    """The next day with this number on or after today, skipping months too short for it."""
    days = _days_numbered(int(match["day"] or match["day_en"]), today)
    return days[0] if days else None


def _resolve_noon(match: re.Match[str]) -> str:
    hour = 0 if match["word"] == "midnight" or match["word"].startswith("meia") else 12
    return f"{hour:02d}:{30 if match['half'] else 0:02d}"


def _resolve_clock(match: re.Match[str]) -> str | None:
    cues = ("cue", "minute", "h", "horas", "half", "meridiem", "part")
    if not any(match[cue] for cue in cues):
        return None  # a bare number is a day, a count or an option, not a time
    minute = int(match["minute"]) if match["minute"] else 30 if match["half"] else 0
    period = (match["meridiem"] or match["part"] or "").replace(".", "")
    hour = _to_24h(int(match["hour"]), period)
    if hour is not None and not period and 1 <= hour <= 6 and not match["hour"].startswith("0"):
        hour += 12  # "às 2", "2:30": clinics see patients by day, so a bare early hour is the afternoon
    if hour is None or not 0 <= hour <= 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"


def _to_24h(hour: int, period: str) -> int | None:
    """Apply "am"/"pm" or "da manhã/tarde/noite"; None when the pair is impossible."""
    if period in {"am", "pm"}:
        return hour % 12 + (12 if period == "pm" else 0) if 1 <= hour <= 12 else None
    if period == "manha":
        return hour if hour <= 12 else None
    if period and hour < 12:
        return hour + 12
    if period == "noite" and hour == 12:
        return 0
    return hour


_DATE_RULES = (
    _Rule(_ISO, _resolve_iso),
    _Rule(_NUMERIC, _resolve_numeric),
    _Rule(_DAY_MONTH, _resolve_month_name),
    _Rule(_MONTH_DAY, _resolve_month_name),
    _Rule(_RELATIVE, _resolve_relative),
    _Rule(_WEEKDAY_NUMBER, _resolve_weekday_number),
    _Rule(_WEEKDAY, _resolve_weekday),
    _Rule(_DAY_OF_MONTH, _resolve_day_of_month),
)
_TIME_RULES = (
    _Rule(_NOON, _resolve_noon),
    _Rule(_CLOCK, _resolve_clock),
)
