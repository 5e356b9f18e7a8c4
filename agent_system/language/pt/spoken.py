"""Portuguese days and times said in words, as digits.

Days: "dia vinte e sete" -> "dia 27", "tres de dezembro" -> "3 de dezembro", "quarta vinte e cinco" -> "quarta 25",
"seg 30" -> "segunda 30". A number word becomes a day only where a date cue is next to it ("dia", a weekday before
it, "de <mês>" after it), so "o primeiro" stays an ordinal. Times: "quinze pras tres" -> "2:45", "as 3 e quinze" ->
"as 3:15". Works on `text.normalize` output; `months` is every registered language's month words, `hours` every
registered language's hour words.
"""
from __future__ import annotations

import re
from functools import lru_cache

_UNITS = {"um": 1, "uma": 1, "primeiro": 1, "dois": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
          "oito": 8, "nove": 9}
_TEENS = {"dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14, "quinze": 15,
          "dezesseis": 16, "dezessete": 17, "dezoito": 18, "dezenove": 19}
_TENS = {"vinte": 20, "trinta": 30}
# An hour said in words: "as duas", "dez e meia".
HOUR_WORDS = {"uma": 1, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9,
              "dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14, "quinze": 15,
              "dezesseis": 16, "dezessete": 17, "dezoito": 18}
_MINUTES = {"quinze": 15, "trinta": 30, "quarenta e cinco": 45, "cinco": 5, "dez": 10, "vinte": 20}
NUMBERS = {
    "hour": HOUR_WORDS,
    # how many days, weeks or hours a change moves a booking: "uma semana depois", "duas horas antes"
    "count": {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3},
    # days are counted further: "dez dias depois"
    "day_count": {"quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "dez": 10},
    "length_minutes": {"quinze": 15, "vinte": 20, "trinta": 30, "quarenta": 40, "noventa": 90},
}
# Every word a day or an hour may be said in, for telling a bare choice of a slot from other talk.
NUMBER_WORDS = frozenset({*_UNITS, *_TEENS, *_TENS, "quarenta", "meia", "meio", "meio-dia", "pras", "pro", "pros", "o"})


def _words(names: dict[str, int]) -> str:
    return "|".join(sorted(names, key=len, reverse=True))


_NUMBER = rf"(?:(?:{_words(_TENS)})(?: e (?:{_words(_UNITS)}))?|{_words(_TEENS)}|{_words(_UNITS)})"
# A weekday right before a number word: "segunda trinta", "na sexta quatro". Not when the number is an hour
# ("sexta quatro e meia", "quinta dez horas", "terça uma da tarde").
_WEEKDAY = r"(?:segunda|terca|quarta|quinta|sexta)(?:[- ]feira)?|sabado|domingo|seg|qua|qui|sex"
_AN_HOUR_FOLLOWS = (r"(?!\s+(?:e (?:meia|quinze|trinta)|horas?\b|h\b|d[ae] (?:manha|tarde|noite)|pras?\b|para\b"
                    r"|semanas?\b|dias?\b|minutos?\b))")  # "a de quinta, uma semana depois": a length
# "seg 30", "qui 26": a weekday cut short is a weekday only right before a day number ("ter" alone is "to have").
_SHORT_WEEKDAY = re.compile(r"\b(seg|ter|qua|qui|sex|sab)\.?(?=\s+(?:dia\s+)?(?:[1-9]|[12]\d|3[01])\b"
                            r"(?!\s*(?:h|:|horas?)\b))")
_FULL_WEEKDAY = {"seg": "segunda", "ter": "terca", "qua": "quarta", "qui": "quinta", "sex": "sexta", "sab": "sabado"}


def spell_out_days(text: str, months: str, weekdays: str) -> str:
    """The text with Portuguese days of the month said in words rewritten as digits (1-31)."""
    text = _SHORT_WEEKDAY.sub(lambda m: _FULL_WEEKDAY[m[1]], text)
    return _cued(months).sub(_day, text)


@lru_cache(maxsize=4)
def _cued(months: str) -> re.Pattern[str]:
    # "dia tres", "tres de dezembro", "quarta vinte e cinco"
    return re.compile(rf"\b(?P<before>dia\s+|(?:{_WEEKDAY})\s+(?:dia\s+)?)(?P<n>{_NUMBER})\b{_AN_HOUR_FOLLOWS}"
                      rf"|\b(?P<n2>{_NUMBER})(?=\s+de\s+(?:{months})\b)")


def _day(match: re.Match[str]) -> str:
    parts = (match["n"] or match["n2"]).split(" e ")
    value = sum(_TENS.get(p) or _TEENS.get(p) or _UNITS.get(p) or 0 for p in parts)
    if not 1 <= value <= 31:
        return match[0]
    return f"{match['before'] or ''}{value}"


def times_before(text: str, hours: dict[str, int]) -> str:
    """Minutes before the hour, before hours said in words become digits: "quinze pras tres" -> "2:45"."""
    return _to_hour(tuple(hours)).sub(lambda m: _minutes_to(m, hours), text)


def times_after(text: str, hours: dict[str, int]) -> str:
    """Minutes after an hour in digits: "as 3 e quinze" -> "as 3:15" (not "3 e quinze minutos", a length)."""
    return _HOUR_AND.sub(lambda m: f"{m[1]} {m[2]}:{_MINUTES.get(m[3]) or int(m[3]):02d}", text)


_HOUR_AND = re.compile(r"\b(as|das|pelas|a)\s+(\d{1,2}) e (quinze|trinta|quarenta e cinco|15|30|45)\b(?! minutos)")


@lru_cache(maxsize=4)
def _to_hour(hours: tuple[str, ...]) -> re.Pattern[str]:
    # "quinze pras tres", "dez para as 4": minutes before the hour.
    words = "|".join(sorted(hours, key=len, reverse=True))
    return re.compile(rf"\b(cinco|dez|quinze|vinte) (?:pras|pra as|para as|pra|para|pro|pros) ({words}|\d{{1,2}})\b")


def _minutes_to(match: re.Match[str], hours: dict[str, int]) -> str:
    hour = (int(match[2]) if match[2].isdigit() else hours[match[2]]) - 2
    return f"{hour % 12 + 1}:{60 - _MINUTES[match[1]]:02d}"
