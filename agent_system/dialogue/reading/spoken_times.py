"""Times written in words or loose notations, rewritten as the digits `times.find_times` reads.

"duas e meia da tarde" -> "2 e meia da tarde", "half past three in the afternoon" -> "3:30 da tarde",
"eight in the morning" -> "8 da manha", "10.30am" -> "10:30am", "16h30min" -> "16h30", "eleven thirty" -> "11:30",
"as tres e quinze" -> "as 3:15", "quinze pras tres" -> "2:45", "could it be 11 instead?" -> "…be at 11…". Works on
`text.normalize` output. A number word becomes a digit only where a time cue is next to it
("às", "at", "e meia", "da tarde", "o'clock"), so "uma consulta" stays as it is.
"""
from __future__ import annotations

import re

_PT = {"uma": 1, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9,
       "dez": 10, "onze": 11, "doze": 12, "treze": 13, "quatorze": 14, "catorze": 14, "quinze": 15, "dezesseis": 16,
       "dezessete": 17, "dezoito": 18}
_EN = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
       "ten": 10, "eleven": 11, "twelve": 12}
_WORDS = {**_PT, **_EN}
_WORD = "|".join(sorted(_WORDS, key=len, reverse=True))
_EN_WORD = "|".join(sorted(_EN, key=len, reverse=True))
_PARTS = {"morning": "manha", "afternoon": "tarde", "evening": "noite", "night": "noite"}

_HALF_PAST = re.compile(rf"\bhalf past (\d{{1,2}}|{_EN_WORD})\b")
# "at half ten": half past ten, as said in Britain.
_HALF_HOUR = re.compile(rf"\b(at|by|around) half (\d{{1,2}}|{_EN_WORD})\b")
_QUARTER = re.compile(rf"\bquarter (past|to) (\d{{1,2}}|{_EN_WORD})\b")
_CUED_WORD = re.compile(rf"\b(as|at|das|a|pelas)\s+({_WORD})\b(?!\s+(?:consultas?|vagas?|horarios?|pessoas?|opcoes|"
                        r"slots?|appointments?|of|das|dos|de)\b)")
_WORD_CUED = re.compile(rf"\b({_WORD})(?=\s+(?:e meia|d[ae] (?:manha|tarde|noite)|horas?\b|o ?clock|in the "
                        r"(?:morning|afternoon|evening)|am\b|pm\b))")
_MINUTE_WORDS = {"quinze": 15, "trinta": 30, "quarenta e cinco": 45, "fifteen": 15, "thirty": 30, "forty five": 45,
                 "forty-five": 45, "cinco": 5, "dez": 10, "vinte": 20}
_EN_HOUR_MINUTES = re.compile(rf"\b({_EN_WORD}) (fifteen|thirty|forty[- ]five)\b")
_PT_HOUR_AND = re.compile(r"\b(as|das|pelas|a)\s+(\d{1,2}) e (quinze|trinta|quarenta e cinco|15|30|45)\b(?! minutos)")
# "quinze pras tres", "dez para as 4": minutes before the hour.
_PT_TO_HOUR = re.compile(rf"\b(cinco|dez|quinze|vinte) (?:pras|pra as|para as|pra|para|pro|pros) ({_WORD}|\d{{1,2}})\b")
_OCLOCK = re.compile(r"\b(\d{1,2})\s*o ?clock\b")
_EN_PART = re.compile(r"\b(\d{1,2}(?::\d{2})?)\s+in the (morning|afternoon|evening|night)\b")
_DOTTED = re.compile(r"\b(\d{1,2})\.(\d{2})\s*(am|pm|a\.m|p\.m|h)\b")
_MINUTES_SUFFIX = re.compile(r"\b(\d{1,2}h\d{2})\s*min\b")
# "could it be 11 instead?", "can I do 11?", "how about 3 instead": a bare hour offered in place of another.
_OFFERED_HOUR = re.compile(rf"\b(it be|i do|we do|make it|how about|what about)\s+(\d{{1,2}}|{_EN_WORD})"
                           r"(?=\s+instead\b|\s*\?|\s*$)")


def spell_out(text: str) -> str:
    """The normalized text with spoken and loose times rewritten as digits."""
    text = _OFFERED_HOUR.sub(lambda m: f"{m[1]} at {_number(m[2])}", text)
    text = _HALF_PAST.sub(lambda m: f"{_number(m[1])}:30", text)
    text = _HALF_HOUR.sub(lambda m: f"{m[1]} {_number(m[2])}:30", text)
    text = _QUARTER.sub(_quarter, text)
    text = _EN_HOUR_MINUTES.sub(lambda m: f"{_WORDS[m[1]]}:{_MINUTE_WORDS[m[2]]:02d}", text)
    text = _PT_TO_HOUR.sub(_minutes_to, text)
    text = _CUED_WORD.sub(lambda m: f"{m[1]} {_WORDS[m[2]]}", text)
    text = _WORD_CUED.sub(lambda m: str(_WORDS[m[1]]), text)
    text = _PT_HOUR_AND.sub(lambda m: f"{m[1]} {m[2]}:{_MINUTE_WORDS.get(m[3]) or int(m[3]):02d}", text)
    text = _OCLOCK.sub(lambda m: f"{m[1]}h", text)
    text = _EN_PART.sub(lambda m: f"{m[1]} da {_PARTS[m[2]]}", text)
    text = _DOTTED.sub(lambda m: f"{m[1]}:{m[2]}{m[3]}", text)
    return _MINUTES_SUFFIX.sub(lambda m: m[1], text)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _minutes_to(match: re.Match[str]) -> str:
    hour = (_number(match[2]) - 2) % 12 + 1
    return f"{hour}:{60 - _MINUTE_WORDS[match[1]]:02d}"


def _quarter(match: re.Match[str]) -> str:
    hour = _number(match[2])
    if match[1] == "past":
        return f"{hour}:15"
    return f"{(hour - 2) % 12 + 1}:45"
