"""English days of the month said in words, as digits: "December second" -> "December 2nd", "the fourth of December"
-> "the 4th of December", "Friday the twenty-seventh" -> "Friday the 27th", "from the twenty-fifth to the
twenty-seventh" -> "from the 25th to the 27th".

A number word becomes a day only where a date cue is next to it (a month before it, "of <month>" after it, "the"
after a weekday or "on"), so "the second one" stays an ordinal. Works on `text.normalize` output; `months` and
`weekdays` are every registered language's month and weekday words.
"""
from __future__ import annotations

import re
from functools import lru_cache

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
             "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
             "twentieth": 20, "thirtieth": 30}
_CARDINALS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
              "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30}
# Every word a day or an hour may be said in, for telling a bare choice of a slot from other talk.
NUMBER_WORDS = frozenset({*_ORDINALS, *_CARDINALS, *_TENS, "forty", "noon", "half", "quarter", "past", "to", "clock",
                          "oclock"})


def _words(names: dict[str, int]) -> str:
    return "|".join(sorted(names, key=len, reverse=True))


_NUMBER = (rf"(?:(?:twenty|thirty)[- ](?:{_words(_ORDINALS)}|{_words(_CARDINALS)})"
           rf"|{_words(_ORDINALS)}|twenty|thirty|{_words(_CARDINALS)})")
# "twenty-sixth of November" without "the": only an ordinal, so "one of December's slots" stays a count.
_ORDINAL = rf"(?:(?:twenty|thirty)[- ](?:{_words(_ORDINALS)})|{_words(_ORDINALS)})"
# The second end of a range whose first end is a day: "from the 25th to the twenty-seventh".
_RANGE_END = re.compile(rf"\b(?P<month>(?:from|between) the \d{{1,2}}(?:st|nd|rd|th)\s+(?:to|and|until|till|through)"
                        rf"\s+the\s+)(?P<n>{_NUMBER})\b")


def spell_out_days(text: str, months: str, weekdays: str) -> str:
    """The text with English days of the month said in words rewritten as digits with their suffix."""
    return _RANGE_END.sub(_day, _cued(months, weekdays).sub(_day, text))


@lru_cache(maxsize=4)
def _cued(months: str, weekdays: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?P<month>(?:{months})\.?\s+)(?:the\s+)?(?P<n>{_NUMBER})\b(?!\s+(?:am|pm|o ?clock|thirty|fifteen)\b)"
        rf"|\b(?P<the>(?:(?:{weekdays}),?\s+|(?:on|from|between|until|till|through|after|before|by)\s+)the\s+)"
        rf"(?P<n2>{_NUMBER})\b(?!\s+(?:one|option|slot|time|opening|available)\b)"
        rf"|\bthe\s+(?P<n3>{_NUMBER})(?=\s+of\s+(?:{months})\b)|\b(?P<n4>{_ORDINAL})(?=\s+of\s+(?:{months})\b)")


def _day(match: re.Match[str]) -> str:
    found = match.groupdict()
    number = _value(found.get("n") or found.get("n2") or found.get("n3") or found.get("n4") or "")
    if number is None:
        return match[0]
    if found.get("n3") or found.get("n4"):
        return f"the {number}{_suffix(number)}"
    return f"{found.get('month') or found.get('the') or ''}{number}{_suffix(number)}"


def _value(words: str) -> int | None:
    value = sum(_ORDINALS.get(p) or _CARDINALS.get(p) or _TENS.get(p, 0) for p in re.split(r"[- ]", words))
    return value if 1 <= value <= 31 else None


def _suffix(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
