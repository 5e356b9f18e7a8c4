"""Days of the month written in words, rewritten as the digits `dates.find_dates` reads.

"dia vinte e sete" -> "dia 27", "tres de dezembro" -> "3 de dezembro", "December second" -> "December 2nd",
"the fourth of December" -> "the 4th of December", "Friday the twenty-seventh" -> "Friday the 27th",
"from the twenty-fifth to the twenty-seventh" -> "from the 25th to the 27th".
Works on `text.normalize` output. A number word becomes a day only where a date cue is next to it ("dia",
"de <mês>", "of <month>", a month before it, "the" after a weekday or "on"), so "o primeiro" and "the
second one" stay ordinals.
"""
from __future__ import annotations

import re

from agent_system.dialogue.reading.dates import MONTH_NAMES, WEEKDAY_NAMES

_UNITS_PT = {"um": 1, "uma": 1, "primeiro": 1, "dois": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
             "oito": 8, "nove": 9}
_TEENS_PT = {"dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14, "quinze": 15,
             "dezesseis": 16, "dezessete": 17, "dezoito": 18, "dezenove": 19}
_TENS_PT = {"vinte": 20, "trinta": 30}
_ORDINALS_EN = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
                "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
                "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
                "twentieth": 20, "thirtieth": 30}
_CARDINALS_EN = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
                 "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
# Every word a day or an hour may be said in, for telling a bare choice of a slot from other talk.
NUMBER_WORDS = frozenset({*_UNITS_PT, *_TEENS_PT, *_TENS_PT, *_ORDINALS_EN, *_CARDINALS_EN, "twenty", "thirty",
                          "quarenta", "forty", "meia", "meio", "meio-dia", "noon", "half", "quarter", "past", "to",
                          "pras", "pro", "pros", "o", "clock", "oclock"})


def _words(names) -> str:
    return "|".join(sorted(names, key=len, reverse=True))


_PT_NUMBER = (rf"(?:(?:{_words(_TENS_PT)})(?: e (?:{_words(_UNITS_PT)}))?|{_words(_TEENS_PT)}|{_words(_UNITS_PT)})")
_EN_NUMBER = (rf"(?:(?:twenty|thirty)[- ](?:{_words(_ORDINALS_EN)}|{_words(_CARDINALS_EN)})"
              rf"|{_words(_ORDINALS_EN)}|twenty|thirty|{_words(_CARDINALS_EN)})")
# "twenty-sixth of November" without "the": only an ordinal, so "one of December's slots" stays a count.
_EN_ORDINAL = rf"(?:(?:twenty|thirty)[- ](?:{_words(_ORDINALS_EN)})|{_words(_ORDINALS_EN)})"
_MONTH = _words(MONTH_NAMES)
_WEEKDAY = _words(WEEKDAY_NAMES)

# A PT weekday right before a number word: "segunda trinta", "na sexta quatro". Not when the number is an hour
# ("sexta quatro e meia", "quinta dez horas", "terça uma da tarde").
_PT_WEEKDAY = r"(?:segunda|terca|quarta|quinta|sexta)(?:[- ]feira)?|sabado|domingo|seg|qua|qui|sex"
_AN_HOUR_FOLLOWS = (r"(?!\s+(?:e (?:meia|quinze|trinta)|horas?\b|h\b|d[ae] (?:manha|tarde|noite)|pras?\b|para\b"
                    r"|semanas?\b|dias?\b|minutos?\b))")  # "a de quinta, uma semana depois": a length
# PT: "dia tres", "tres de dezembro", "quarta vinte e cinco"; EN: "December second", "the fourth of December",
# "Friday the first".
_PT_CUED = re.compile(rf"\b(?P<before>dia\s+|(?:{_PT_WEEKDAY})\s+(?:dia\s+)?)(?P<n>{_PT_NUMBER})\b{_AN_HOUR_FOLLOWS}"
                      rf"|\b(?P<n2>{_PT_NUMBER})(?=\s+de\s+(?:{_MONTH})\b)")
_EN_CUED = re.compile(
    rf"\b(?P<month>(?:{_MONTH})\.?\s+)(?:the\s+)?(?P<n>{_EN_NUMBER})\b(?!\s+(?:am|pm|o ?clock|thirty|fifteen)\b)"
    rf"|\b(?P<the>(?:(?:{_WEEKDAY}),?\s+|(?:on|from|between|until|till|through|after|before|by)\s+)the\s+)"
    rf"(?P<n2>{_EN_NUMBER})\b(?!\s+(?:one|option|slot|time|opening|available)\b)"
    rf"|\bthe\s+(?P<n3>{_EN_NUMBER})(?=\s+of\s+(?:{_MONTH})\b)|\b(?P<n4>{_EN_ORDINAL})(?=\s+of\s+(?:{_MONTH})\b)")

# The second end of a range whose first end is a day: "from the 25th to the twenty-seventh".
_EN_RANGE_END = re.compile(rf"\b(?P<month>(?:from|between) the \d{{1,2}}(?:st|nd|rd|th)\s+(?:to|and|until|till|through)"
                           rf"\s+the\s+)(?P<n>{_EN_NUMBER})\b")


# "seg 30", "qui 26": a weekday cut short is a weekday only right before a day number ("ter" alone is "to have").
_PT_SHORT_WEEKDAY = re.compile(r"\b(seg|ter|qua|qui|sex|sab)\.?(?=\s+(?:dia\s+)?(?:[1-9]|[12]\d|3[01])\b(?!\s*(?:h|:|horas?)\b))")
_PT_FULL_WEEKDAY = {"seg": "segunda", "ter": "terca", "qua": "quarta", "qui": "quinta", "sex": "sexta", "sab": "sabado"}


# "terça 1º/12" (normalised "1o/12"): the ordinal mark of the first of the month, before its month.
_ORDINAL_MARK = re.compile(r"\b(\d{1,2})[oa](?=\s*/\s*\d|\s+de\s)")


def spell_out_days(text: str) -> str:
    """The normalized text with days of the month said in words rewritten as digits (1-31)."""
    text = _PT_SHORT_WEEKDAY.sub(lambda m: _PT_FULL_WEEKDAY[m[1]], text)
    text = _ORDINAL_MARK.sub(r"\1", text)
    text = _PT_CUED.sub(_pt_day, text)
    text = _EN_CUED.sub(_en_day, text)
    return _EN_RANGE_END.sub(_en_day, text)


def _pt_day(match: re.Match[str]) -> str:
    number = _pt_value(match["n"] or match["n2"])
    if number is None:
        return match[0]
    return f"{match['before'] or ''}{number}"


def _en_day(match: re.Match[str]) -> str:
    found = match.groupdict()
    number = _en_value(found.get("n") or found.get("n2") or found.get("n3") or found.get("n4") or "")
    if number is None:
        return match[0]
    if found.get("n3") or found.get("n4"):
        return f"the {number}{_suffix(number)}"
    return f"{found.get('month') or found.get('the') or ''}{number}{_suffix(number)}"


def _pt_value(words: str) -> int | None:
    parts = words.split(" e ")
    value = sum(_TENS_PT.get(p) or _TEENS_PT.get(p) or _UNITS_PT.get(p) or 0 for p in parts)
    return value if 1 <= value <= 31 else None


def _en_value(words: str) -> int | None:
    value = sum(_ORDINALS_EN.get(p) or _CARDINALS_EN.get(p) or {"twenty": 20, "thirty": 30}.get(p, 0)
                for p in re.split(r"[- ]", words))
    return value if 1 <= value <= 31 else None


def _suffix(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
