"""Dates and date ranges mentioned in patients' messages (PT and EN).

Everything is resolved against a `today` passed in by the caller, never the clock, so the
planner, the tests and the evaluation (CLINIC_TODAY) agree on what "amanhã" means. Messages come
in as `text.normalize` output: a turn's reading normalises its message once.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from datetime import date, timedelta

from agent_system.language.lexicon import (
    LivePattern, alternatives, day_offsets, month_first_words, month_numbers, weekday_numbers, words)
from agent_system.dialogue.reading.rule_matches import NO_NUMBER_BEFORE, Rule, first_matches, unique

# An explicit date outside this window cannot be booked; slots only exist ahead of today.
HORIZON_DAYS = 400

# The calendar's words and the small words around them are the packs' (language/<code>/calendar.py, day_words.py).


def _alternation(names: Iterable[str]) -> str:
    # Longest first, so "sept" is not read as "sep" followed by a stray "t".
    return "|".join(sorted(names, key=len, reverse=True))


def _bare_months() -> str:  # "2 out of 3" is not the 2nd of October: bare "out" only counts after "de"
    after_of_only = words("month_after_of_only")
    return _alternation(name for name in month_numbers() if name not in after_of_only)


def _any(concept: str) -> str:
    """A concept's words in every registered language, as one group."""
    return f"(?:{alternatives(concept)})"


def _not_a_time() -> str:
    """After a day number: no time follows ("sexta 27 às 10h" is no Friday the 27th at 10)."""
    return rf"(?![:./-]\d|\s*(?:{alternatives('time_after_number')}|{alternatives('meridiem_dotted')}))"


def _ordinal_weekdays() -> tuple[str, ...]:  # "a segunda opção" is not a Monday
    return words("ordinal_weekdays")


_ISO = re.compile(
    rf"{NO_NUMBER_BEFORE}(?P<year>\d{{4}})-(?P<month>\d{{1,2}})-(?P<day>\d{{1,2}})(?![\w/-])",
    re.ASCII,
)
_NUMERIC = re.compile(
    rf"{NO_NUMBER_BEFORE}(?P<day>\d{{1,2}})(?P<sep>[/-])(?P<month>\d{{1,2}})"
    r"(?:(?P=sep)(?P<year>\d{4}|\d{2}))?(?![\w/:-]|\.\d)",
    re.ASCII,
)
_DAY_MONTH = LivePattern(lambda: re.compile(
    rf"{NO_NUMBER_BEFORE}(?P<day>\d{{1,2}}){_any('day_suffix')}?\s+"
    rf"(?:{_any('month_of')}\s+(?P<month>{_alternation(month_numbers())})|(?P<bare_month>{_bare_months()}))\b\.?"
    rf"(?:\s+(?:{_any('year_of')}\s+)?(?P<year>\d{{4}})\b)?",
    re.ASCII,
))
_MONTH_DAY = LivePattern(lambda: re.compile(
    rf"\b(?P<month>{_alternation(month_first_words())})\.?\s+(?P<day>\d{{1,2}})"
    rf"{_any('day_suffix')}?\b(?!:\d|\s*{_any('time_after_month_day')}\b)(?:\s+(?P<year>\d{{4}})\b)?",
    re.ASCII,
))
_RELATIVE = LivePattern(lambda: re.compile(rf"\b(?P<word>{_alternation(day_offsets())})\b", re.ASCII))
_WEEKDAY = LivePattern(lambda: re.compile(
    rf"\b(?:(?P<article>{_any('weekday_article')})\s+|(?P<next>{_any('weekday_next')})\s+"
    rf"|(?P<this>{_any('weekday_this')})\s+"
    rf"|(?P<other>{_any('weekday_following')})\s+)?"  # "na outra quarta", "the following Wednesday": next week's
    rf"(?P<name>{_alternation(weekday_numbers())})(?P<tail>[\s-]{_any('weekday_tail')})?\b"
    rf"(?:(?P<following_week>\s+{_any('weekday_next_week')})"
    rf"|(?P<que_vem>\s+{_any('weekday_coming')}))?\b",
    re.ASCII,
))
# "terça 1", "segunda, dia 30", "Friday the 27th", "wed 2nd": the day number decides the date.
_WEEKDAY_NUMBER = LivePattern(lambda: re.compile(
    rf"\b(?P<name>{_alternation(weekday_numbers())})(?:[\s-]{_any('weekday_tail')})?\.?,?\s+"
    rf"(?:{_any('day_lead_bare')}\s+|{_any('day_lead_ordinal')}\s+)?(?P<day>\d{{1,2}}){_any('day_suffix')}?\b{_not_a_time()}",
    re.ASCII,
))
_ORDINAL_NOUN = LivePattern(lambda: re.compile(rf"\s+{_any('ordinal_noun')}\b"))
_DAY_OF_MONTH = LivePattern(lambda: re.compile(
    rf"\b(?:{_any('day_lead_bare')}\s+(?P<day>\d{{1,2}}){_any('day_suffix')}?"
    rf"|{_any('day_lead_ordinal')}\s+(?P<day_en>\d{{1,2}}){_any('day_suffix')})\b(?![:.]\d)",
    re.ASCII,
))

# "semana que vem", "next week", "the week after next", "este mês": the language packs' words for weeks and months.
_RANGE = LivePattern(lambda: re.compile(
    r"\b(?:" + "|".join(f"(?P<{kind}>{alternatives(kind)})"
                        for kind in ("week_after_next", "next_week", "this_week", "this_month", "next_month")) + r")\b"))


def find_dates(text: str, today: date, week: date | None = None) -> list[date]:
    """Every date the (normalised) message mentions, in order of appearance, without repeats.

    A weekday lands in the week the message names anywhere ("segunda de manhã, semana que vem"):
    `week` is that week's Monday, read from `text` itself unless the caller passes the week of a
    longer message this text is part of.
    """
    week = week or week_named(text, today)
    matches = first_matches(text, _DATE_RULES)
    found = [(rule, _in_week(rule, rule.resolve(match, today), week)) for match, rule in matches]
    # "segunda, 30/11": the weekday only restates the explicit date's day of the week; "terça, 2/12" (a
    # Wednesday) names no day the weekday alone may choose.
    anchored = {day.weekday() for rule, day in found if day is not None and rule.pattern is not _WEEKDAY}
    beside = {index for index, _ in _weekday_beside_date(matches, today)}
    return unique(day for index, (rule, day) in enumerate(found)
                  if rule.pattern is not _WEEKDAY or day is None or (day.weekday() not in anchored
                                                                     and index not in beside))


def weekday_mismatch(text: str, today: date) -> tuple[date, date] | None:
    """A weekday said with a date that falls on another day ("terça dia 2" when the 2nd is a Wednesday):
    (the date said, the named weekday in that date's week), so the patient can be asked which one."""
    matches = first_matches(text, _DATE_RULES)
    for match, rule in matches:
        if rule.pattern is _WEEKDAY_NUMBER:
            weekday, near = weekday_numbers()[match["name"]], days_numbered(int(match["day"]), today)[:1]
            if near and near[0].weekday() != weekday:
                return near[0], _same_week(near[0], weekday)
    for weekday_index, dated in _weekday_beside_date(matches, today):
        weekday = weekday_numbers()[matches[weekday_index][0]["name"]]
        if dated.weekday() != weekday:
            return dated, _same_week(dated, weekday)
    return None


_BETWEEN = LivePattern(lambda: re.compile(rf"^[\s,(]*(?:{_any('date_beside_joiner')}\s+)?$"))


def _weekday_beside_date(matches: list[tuple[re.Match[str], Rule]], today: date) -> list[tuple[int, date]]:
    """(index of a bare weekday, the explicit date written right next to it)."""
    pairs = []
    for index, (match, rule) in enumerate(matches):
        if rule.pattern is not _WEEKDAY or (match["name"] in _ordinal_weekdays() and _is_ordinal(match)):
            continue
        for other in (index - 1, index + 1):
            if not 0 <= other < len(matches) or matches[other][1].pattern not in _EXPLICIT:
                continue
            first, second = sorted((match, matches[other][0]), key=lambda m: m.start())
            dated = matches[other][1].resolve(matches[other][0], today)
            if dated is not None and _BETWEEN.match(match.string[first.end():second.start()]):
                pairs.append((index, dated))
    return pairs


def _same_week(day: date, weekday: int) -> date:
    return day + timedelta(days=weekday - day.weekday())


def weekdays_named(text: str) -> list[int]:
    """The weekdays the (normalised) message names without a day number, Monday = 0 ("a de segunda", "my Wednesday")."""
    return [weekday_numbers()[match["name"]] for match, rule in first_matches(text, _DATE_RULES)
            if rule.pattern is _WEEKDAY and not (match["name"] in _ordinal_weekdays() and not match["tail"]
                                                 and _is_ordinal(match))]


def week_named(text: str, today: date) -> date | None:
    """The Monday of a later week the (normalised) message names ("semana que vem", "week after next"), if any."""
    match = _RANGE.search(text)
    if match is None or not (match["next_week"] or match["week_after_next"]):
        return None
    return today + timedelta(days=(14 if match["week_after_next"] else 7) - today.weekday())


def _in_week(rule: Rule, day: date | None, week: date | None) -> date | None:
    """A weekday named without its own number, moved into the week the message names."""
    if day is None or week is None or rule.pattern is not _WEEKDAY:
        return day
    return week + timedelta(days=day.weekday())


def find_date_range(text: str, today: date) -> tuple[date, date] | None:
    """The first week or month the (normalised) message asks about, as inclusive (start, end), if any."""
    match = _RANGE.search(text)
    if match is None:
        return None
    if match["next_week"] or match["week_after_next"]:
        monday = week_named(text, today)
        return (monday, monday + timedelta(days=6)) if monday else None
    if match["this_week"]:
        return today, today + timedelta(days=6 - today.weekday())
    if match["this_month"]:
        return today, _month_end(today)
    first_of_next = _month_end(today) + timedelta(days=1)
    return first_of_next, _month_end(first_of_next)


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
    month = month_numbers()[match.groupdict().get("bare_month") or match["month"]]
    return _with_optional_year(match["year"], month, int(match["day"]), today)


def _resolve_relative(match: re.Match[str], today: date) -> date:
    return today + timedelta(days=day_offsets()[match["word"]])


def _resolve_weekday(match: re.Match[str], today: date) -> date | None:
    name = match["name"]
    if match["following_week"] or match["other"]:  # "a quarta da outra semana" names a day, never the fourth option
        return today + timedelta(days=7 - today.weekday() + weekday_numbers()[name])
    if name in _ordinal_weekdays() and not match["tail"] and _is_ordinal(match):
        return None
    # Today's own weekday said bare is the next one ("sexta" on a Friday); "essa sexta", "this Friday", "hoje": today.
    days_ahead = (weekday_numbers()[name] - today.weekday()) % 7 or (0 if match["this"] else 7)
    return today + timedelta(days=days_ahead)


def _is_ordinal(match: re.Match[str]) -> bool:
    return bool(match["article"]) or bool(_ORDINAL_NOUN.match(match.string, match.end()))


def _resolve_weekday_number(match: re.Match[str], today: date) -> date | None:
    """The next day with this number when it falls on the named weekday, else no day at all.

    "terça 1" is Tuesday 1 December; in "terça 2" the 2nd is a Wednesday, and in "sexta dia 1" the 1st is a
    Tuesday (a Friday the 1st is five weeks away): which day is meant is asked, never guessed.
    """
    weekday = weekday_numbers()[match["name"]]
    near = days_numbered(int(match["day"]), today)[:1]
    # Neither is said for certain when they disagree: the reading asks (`weekday_mismatch`).
    return near[0] if near and near[0].weekday() == weekday else None


def days_numbered(day: int, today: date) -> list[date]:
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
    days = days_numbered(int(match["day"] or match["day_en"]), today)
    return days[0] if days else None


_DATE_RULES = (
    Rule(_ISO, _resolve_iso),
    Rule(_NUMERIC, _resolve_numeric),
    Rule(_DAY_MONTH, _resolve_month_name),
    Rule(_MONTH_DAY, _resolve_month_name),
    Rule(_RELATIVE, _resolve_relative),
    Rule(_WEEKDAY_NUMBER, _resolve_weekday_number),
    Rule(_WEEKDAY, _resolve_weekday),
    Rule(_DAY_OF_MONTH, _resolve_day_of_month),
)
# Dates written with their own number: a weekday beside one of them only restates it, or disagrees.
_EXPLICIT = frozenset({_ISO, _NUMERIC, _DAY_MONTH, _MONTH_DAY, _DAY_OF_MONTH})
