"""Bounded date windows in patients' messages: "até sexta", "entre 25 e 27", "before Friday", "depois do dia 26".

A window is read on `text.normalize` output and resolved against the caller's `today`. Its ends are
days `dates.find_dates` understands (or a bare day number: "entre 25 e 27"); a window whose ends do
not resolve is no window. An open end (`end=None`) runs to the end of the schedule.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import NamedTuple

from agent_system.language.lexicon import LivePattern, alternatives, day_offsets, month_numbers, weekday_numbers, words
from agent_system.dialogue.reading.dates import days_numbered, find_dates, week_named


def _any(concept: str) -> str:
    """A concept's words in every registered language (language/<code>/day_words.py), as one group."""
    return f"(?:{alternatives(concept)})"


def _day(name: str) -> str:
    """One end of a window: "25", "dia 25", "the 1st", "25/11", "25 de novembro", "sexta", "terça 1", "Dec 3"."""
    months = "|".join(sorted(month_numbers(), key=len, reverse=True))
    weekdays = "|".join(sorted(weekday_numbers(), key=len, reverse=True))
    suffix, not_a_time = f"{_any('day_suffix')}?", rf"(?![\d:h])(?!\s*(?:{_any('time_after_number')}|{_any('meridiem_dotted')}))"
    number = (rf"(?:{_any('window_day_article')}\s+)?(?:{_any('day_lead_bare')}\s+)?(?P<{name}_n>\d{{1,2}}){suffix}"
              rf"{not_a_time}(?:/\d{{1,2}}(?:/\d{{2,4}})?)?(?:\s+(?:{_any('month_of')}\s+)?(?:{months})\b)?")
    weekday = (rf"(?:{_any('window_weekday_lead')}\s+)?(?:{weekdays})(?:[ -]{_any('weekday_tail')})?"
               rf"(?:,?\s+(?:{_any('day_lead_bare')}\s+|{_any('day_lead_ordinal')}\s+)?\d{{1,2}}{suffix}{not_a_time})?")
    month_day = rf"(?:{months})\.?\s+\d{{1,2}}{suffix}\b"
    # Today and tomorrow only: "depois de amanhã" is a window's "depois de" before "amanhã".
    near = "|".join(word for word, offset in day_offsets().items() if offset < 2)
    return rf"(?P<{name}>{number}|{weekday}\b|{near}|{month_day})"


def _window(template: str) -> LivePattern:
    """A window's pattern: `template` with its words ({concept}) from the language packs and its ends ({a}, {b})."""
    def build() -> re.Pattern[str]:
        filled = re.sub(r"\{(window_\w+)\}", lambda m: f"(?:{alternatives(m[1])})", template)
        return re.compile(filled.replace("{a}", _day("a")).replace("{b}", _day("b")))
    return LivePattern(build)


# (pattern, what the first end is, what the second end is): "from" / "after" / "until" / "before".
_WINDOWS = (
    (_window(r"\b{window_between}\s+{a}\s+(?:{window_and}|-)\s+{b}"), "from", "until"),
    (_window(r"\b{window_from}\s+{a}\s+(?:{window_to}|-)\s+{b}"), "from", "until"),
    (_window(r"\b{window_until}\s+{b}"), None, "until"),
    (_window(r"\b{window_before}\s+{b}"), None, "before"),
    (_window(r"\b{window_after}\s+{a}"), "after", None),
    (_window(r"\b{window_starting}\s+{a}"), "from", None),
)


class DateWindow(NamedTuple):
    start: date
    end: date | None  # None: open to the end of the schedule
    span: tuple[int, int]  # where the window is written in the normalized text


def find_date_window(text: str, today: date) -> DateWindow | None:
    """The first bounded window the (normalized) text asks about, if any."""
    for pattern, first, second in _WINDOWS:
        for match in pattern.finditer(text):
            window = _resolve(match, first, second, today)
            if window is not None:
                return window
    return None


def _resolve(match: re.Match[str], first: str | None, second: str | None, today: date) -> DateWindow | None:
    if not _days_not_hours(match):
        return None
    end = _end(match, second, today) if second else None
    start = _start(match, first, today, end) if first else today
    if start is None or (second and end is None) or (end is not None and end < start):
        return None
    return DateWindow(max(start, today), end, match.span())


def _days_not_hours(match: re.Match[str]) -> bool:
    """A bare number may be an hour ("até 10", "from 9 to 11"): it counts as a day only in "entre 25 e 27"
    or when one of two bare ends cannot be an hour of the clinics' day."""
    bare = [int(match[n]) for n in ("a", "b") if match.groupdict().get(n) and match[n].strip().isdigit()]
    ends = sum(1 for n in ("a", "b") if match.groupdict().get(n))
    if not bare:
        return True
    if ends == 1:
        return False
    return match[0].startswith(tuple(words("window_between"))) or max(bare) > 12


def _end(match: re.Match[str], kind: str, today: date) -> date | None:
    day = _resolved(match, "b", today)
    return day - timedelta(days=1) if day is not None and kind == "before" else day


def _start(match: re.Match[str], kind: str, today: date, end: date | None) -> date | None:
    day = _resolved(match, "a", today)
    if day is not None and end is not None and match["a_n"] and match["a"].strip().isdigit():
        # "entre 1 e 3 de dezembro": a bare first day shares the second day's month.
        same_month = _replace_day(end, int(match["a_n"]))
        day = same_month if same_month is not None and today <= same_month <= end else day
    return day + timedelta(days=1) if day is not None and kind == "after" else day


def _resolved(match: re.Match[str], name: str, today: date) -> date | None:
    # "entre segunda e quarta da semana que vem": the week named anywhere in the message holds both ends.
    found = find_dates(match[name], today, week=week_named(match.string, today))
    if found:
        return found[0]
    number = match.groupdict().get(f"{name}_n")
    days = days_numbered(int(number), today) if number else []
    return days[0] if days else None


def _replace_day(day: date, number: int) -> date | None:
    try:
        return day.replace(day=number)
    except ValueError:
        return None
