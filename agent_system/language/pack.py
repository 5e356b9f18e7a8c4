"""The shape of one language's data: what the answers say, and the calendar and other words messages use."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Any

from agent_system.language.concepts import unknown_concepts

# The entries of a pack's calendar. Lists are comma-separated, Monday and January first.
# Answers: "weekdays", "weekdays_full", "months", "today_tomorrow", "and", "or", and the templates
# "day" and "full_day", which see weekday, day, month (a number), month_name, month_abbr (its first three
# letters) and year. Messages (normalised: lower case, no accents), each group one month, weekday or day
# from today: "month_words" ("janeiro jan, fevereiro fev, ..."), "weekday_words", "relative_days".
NUMBER_TABLES = frozenset({"hour", "count", "day_count", "length_minutes"})
CALENDAR_KEYS = frozenset({"weekdays", "weekdays_full", "months", "today_tomorrow", "and", "or", "day", "full_day",
                           "month_words", "weekday_words", "relative_days"})


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
    calendar: Mapping[str, str]
    # Word endings found only in this language: a specialty's name alone ("pediatrics", "neurologia") shows it.
    keyword_endings: tuple[str, ...] = ()
    # A registry specialty's name in this language, and "of <doctor>" as phrases embed it.
    specialty_name: Callable[[Any], str] = attrgetter("name_en")
    of_doctor: Callable[[str], str] = "of {}".format
    # The words the reading looks for, by concept (language/concepts.py): regular-expression fragments on folded text.
    lexicon: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Reads the language's days of the month said in words as digits ("dia vinte e sete" -> "dia 27"), given every
    # registered language's month and weekday words (alternations); and every word a day or an hour is said in.
    spoken_days: Callable[[str, str, str], str] | None = None
    number_words: frozenset[str] = frozenset()
    # Numbers said in words, by table (NUMBER_TABLES): "hour" ("duas" -> 2), "count" of days, weeks or hours
    # ("uma semana"), "day_count" (further counts of days: "dez dias"), "length_minutes" ("quinze minutos"); and the
    # readers of times said in words that run before and after every registered language's hour words become digits
    # ("quinze pras tres" -> "2:45"; "8 o clock" -> "8h"), given every registered language's hour words.
    numbers: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    times_before: Callable[[str, dict[str, int]], str] | None = None
    times_after: Callable[[str, dict[str, int]], str] | None = None
    # Dates written month first ("Nov 25", "December 3rd") rather than day first ("25 de novembro").
    month_before_day: bool = False

    def __post_init__(self) -> None:
        missing = CALENDAR_KEYS - set(self.calendar)
        if missing:
            raise ValueError(f"the {self.code!r} language pack lacks calendar entries: {', '.join(sorted(missing))}")
        tables = set(self.numbers) - NUMBER_TABLES
        if tables:
            raise ValueError(f"the {self.code!r} language pack names unknown number tables: {', '.join(sorted(tables))}")
        unknown = unknown_concepts(self.lexicon)
        if unknown:
            raise ValueError(f"the {self.code!r} language pack names unknown concepts: {', '.join(unknown)}")

    def names(self, key: str) -> tuple[str, ...]:
        """A calendar list: names("weekdays") -> ("seg", "ter", ...)."""
        return listed(self.calendar[key])

    @property
    def month_numbers(self) -> dict[str, int]:
        """Each month word -> its month (January = 1)."""
        return numbered(self.calendar["month_words"], first=1)

    @property
    def weekday_numbers(self) -> dict[str, int]:
        """Each weekday word -> its weekday (Monday = 0)."""
        return numbered(self.calendar["weekday_words"])

    @property
    def day_offsets(self) -> dict[str, int]:
        """Each relative day -> days from today ("amanha" -> 1); one phrase a group."""
        return {phrase: offset for offset, phrase in enumerate(self.names("relative_days"))}


@lru_cache(maxsize=256)  # a listing names a date per line: the same few calendar lists, split every time
def listed(words: str) -> tuple[str, ...]:
    """A comma-separated list: "seg, ter, qua" -> ("seg", "ter", "qua"); empty text, no names."""
    return tuple(word.strip() for word in words.split(",") if word.strip())


def numbered(groups: str, first: int = 0) -> dict[str, int]:
    """Comma-separated groups of words -> each word's group number, counting from `first`."""
    return {word: number for number, group in enumerate(listed(groups), start=first) for word in group.split()}
