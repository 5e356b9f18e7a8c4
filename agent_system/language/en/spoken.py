"""English days and times said in words, as digits.

Days: "December second" -> "December 2nd", "the fourth of December" -> "the 4th of December", "Friday the
twenty-seventh" -> "Friday the 27th", "from the twenty-fifth to the twenty-seventh" -> "from the 25th to the 27th". A
number word becomes a day only where a date cue is next to it (a month before it, "of <month>" after it, "the" after
a weekday or "on"), so "the second one" stays an ordinal. Times: "half past three" -> "3:30", "quarter to four" ->
"3:45", "eleven thirty" -> "11:30", "could it be 11 instead?" -> "…be at 11…", "8 o'clock" -> "8h", "3 in the
afternoon" -> "3 da tarde" (the part of the day as the clock reader reads it). Works on `text.normalize` output;
`months` and `weekdays` are every registered language's month and weekday words.
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
# An hour said in words: "at three", "half past ten".
HOUR_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "eleven": 11, "twelve": 12}
_MINUTES = {"fifteen": 15, "thirty": 30, "forty five": 45, "forty-five": 45}
NUMBERS = {
    "hour": HOUR_WORDS,
    # how many days, weeks or hours a change moves a booking: "a week later", "two hours earlier"
    "count": {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3},
    # days are counted further: "ten days later"
    "day_count": {"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10},
    "length_minutes": {"fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "ninety": 90},
}
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


_HOUR = "|".join(sorted(HOUR_WORDS, key=len, reverse=True))
_HALF_PAST = re.compile(rf"\bhalf past (\d{{1,2}}|{_HOUR})\b")
# "at half ten": half past ten, as said in Britain.
_HALF_HOUR = re.compile(rf"\b(at|by|around) half (\d{{1,2}}|{_HOUR})\b")
_QUARTER = re.compile(rf"\bquarter (past|to) (\d{{1,2}}|{_HOUR})\b")
_HOUR_MINUTES = re.compile(rf"\b({_HOUR}) (fifteen|thirty|forty[- ]five)\b")
# "could it be 11 instead?", "can I do 11?", "how about 3 instead": a bare hour offered in place of another.
_OFFERED_HOUR = re.compile(rf"\b(it be|i do|we do|make it|how about|what about)\s+(\d{{1,2}}|{_HOUR})"
                           r"(?=\s+instead\b|\s*\?|\s*$)")
_OCLOCK = re.compile(r"\b(\d{1,2})\s*o ?clock\b")
_PART = re.compile(r"\b(\d{1,2}(?::\d{2})?)\s+in the (morning|afternoon|evening|night)\b")
_PARTS = {"morning": "manha", "afternoon": "tarde", "evening": "noite", "night": "noite"}


def times_before(text: str, hours: dict[str, int]) -> str:
    """Halves, quarters and hours with their minutes, before hours said in words become digits."""
    text = _OFFERED_HOUR.sub(lambda m: f"{m[1]} at {_number(m[2])}", text)
    text = _HALF_PAST.sub(lambda m: f"{_number(m[1])}:30", text)
    text = _HALF_HOUR.sub(lambda m: f"{m[1]} {_number(m[2])}:30", text)
    text = _QUARTER.sub(_quarter, text)
    return _HOUR_MINUTES.sub(lambda m: f"{HOUR_WORDS[m[1]]}:{_MINUTES[m[2]]:02d}", text)


def times_after(text: str, hours: dict[str, int]) -> str:
    """"8 o'clock" and "3 in the afternoon", once the hour is in digits."""
    text = _OCLOCK.sub(lambda m: f"{m[1]}h", text)
    return _PART.sub(lambda m: f"{m[1]} da {_PARTS[m[2]]}", text)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else HOUR_WORDS[word]


def _quarter(match: re.Match[str]) -> str:
    hour = _number(match[2])
    if match[1] == "past":
        return f"{hour}:15"
    return f"{(hour - 2) % 12 + 1}:45"
