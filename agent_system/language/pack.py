"""The shape of one language's data: what the answers say and the calendar words messages use."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import Any


@dataclass(frozen=True)
class LanguagePack:
    """Everything the product says or reads in one language; `language.registry` maps codes to packs."""
    code: str
    # Words found only in this language; the detector counts them in a message.
    keywords: frozenset[str]
    # Answers: phrase key -> template. A "<key>_many" entry is the plural form of "<key>".
    phrases: Mapping[str, str]
    # The emergency answer's lines (triage/answers.py picks them) and the blocked answer's notes by kind.
    emergency: Mapping[str, str]
    blocked_notes: Mapping[str, str]
    # Dates as answers show them; templates see weekday, day, month, month_name, month_abbr, year.
    weekdays: tuple[str, ...]
    weekdays_full: tuple[str, ...]
    months: tuple[str, ...]
    day_format: str
    full_day_format: str
    today_tomorrow: tuple[str, str]
    conjunctions: Mapping[str, str]
    # Calendar words as messages write them (normalised: lower case, no accents) -> month, weekday, offset.
    month_words: Mapping[str, int]
    weekday_words: Mapping[str, int]
    relative_days: Mapping[str, int]
    # A registry specialty's name in this language, and "of <doctor>" as phrases embed it.
    specialty_name: Callable[[Any], str] = attrgetter("name_en")
    of_doctor: Callable[[str], str] = "of {}".format
