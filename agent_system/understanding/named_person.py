"""A person named inside a longer message: "pro meu filho, ele se chama Pedro Duarte, cpf 000.000.000-00",
"for my daughter Sofia Lima, her CPF is ...", "é pra minha mãe, Ivone Brandão (cpf ...): ortopedia seg 30".

The name is the run of capitalised words nearest the CPF (small joining words such as "da" or "dos" inside it),
or, typed in lower case, the words after "se chama" / "name is"; never a doctor's name or a calendar word.
What is left of the message, without the name, the CPF and the words that introduced them, is the request.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from clinic_servers.contract.cpf import normalize_cpf

_CPF_LIKE = re.compile(r"(?<![\d.])(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![\d-])")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_JOINING = frozenset({"da", "de", "do", "das", "dos", "e"})
# Capitalised words that start sentences or name days, months and titles, never a person's name.
_NOT_A_NAME = frozenset("""
    cpf she he her his my our i it its is please hi hello oi ola ele ela meu minha seu sua nome name book marca
    monday tuesday wednesday thursday friday saturday sunday segunda terca quarta quinta sexta sabado domingo
    january february march april may june july august september october november december janeiro fevereiro
    marco abril maio junho julho agosto setembro outubro novembro dezembro dr dra doutor doutora doctor
    """.split())
_TITLE_BEFORE = re.compile(r"\b(?:dr|dra|doutor|doutora|doctor)\.?\s*$", re.IGNORECASE)
# Words that introduce the name or the CPF, removed with them: "ele se chama", "her name is", "CPF dela é".
_NAME_CUE = re.compile(r"(?:\b(?:ele|ela|he|she)\s+)?(?:\bse\s+chama|\bchama(?:-se)?|\bnome(?:\s+(?:dele|dela|completo))?"
                       r"(?:\s+(?:e|é|eh))?|\b(?:his|her|the)\s+(?:full\s+)?name\s+is|\bis\s+called|\bnamed|"
                       r"\b(?:she|he)\s+is|\b(?:ele|ela)\s+(?:e|é))\s*:?\s*$", re.IGNORECASE)
_CPF_CUE = re.compile(r"(?:\b(?:his|her|the|o|a)\s+)?\bcpf(?:\s+(?:dele|dela|do|da))?(?:\s+(?:is|e|é|eh|number))?"
                      r"\s*:?\s*\(?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class NamedPerson:
    """A full name and a CPF found in a message, and the message without them."""
    name: str
    cpf: str | None  # 11 digits; None when the number is not a valid CPF
    rest: str


def person_named_in(message: str, doctor_words: frozenset[str] = frozenset()) -> NamedPerson | None:
    """The person a message names with a CPF, or None without a CPF-shaped number and a name of two words or more."""
    found = _CPF_LIKE.search(message)
    if found is None:
        return None
    candidates = _cued_names(message) or _capitalised_runs(message, doctor_words)
    if not candidates:
        return None
    start, end = min(candidates, key=lambda span: _distance(span, found.span()))
    name = " ".join(message[start:end].split())
    if name.islower():
        name = " ".join(w if w in _JOINING else w.capitalize() for w in name.split())
    rest = _without(message, [(start, end), found.span()])
    return NamedPerson(unicodedata.normalize("NFC", name), normalize_cpf(found.group(1)), rest)


def _capitalised_runs(message: str, doctor_words: frozenset[str]) -> list[tuple[int, int]]:
    """Spans of two or more capitalised words in a row (joined by spaces or small joining words)."""
    runs: list[list[re.Match[str]]] = [[]]
    for word in _WORD.finditer(message):
        run, folded = runs[-1], _fold(word.group())
        follows = bool(run) and not message[run[-1].end():word.start()].strip()
        if word.group()[:1].isupper() and folded not in _NOT_A_NAME and folded not in doctor_words:
            run.append(word) if follows else runs.append([word])
        elif follows and folded in _JOINING:
            run.append(word)
        else:
            runs.append([])
    return [(run[0].start(), run[-1].end()) for run in map(_trimmed, runs) if _is_name(run, message)]


def _trimmed(run: list[re.Match[str]]) -> list[re.Match[str]]:
    while run and not run[-1].group()[:1].isupper():
        run = run[:-1]
    return run


def _is_name(run: list[re.Match[str]], message: str) -> bool:
    capitals = [w for w in run if w.group()[:1].isupper()]
    return len(capitals) >= 2 and not _TITLE_BEFORE.search(message[:run[0].start()])


def _cued_names(message: str) -> list[tuple[int, int]]:
    """A name typed after "se chama" / "name is", in any case, up to punctuation or the CPF."""
    spans = []
    for cue in re.finditer(r"\b(?:se chama|chama-se|name is|nome (?:dele|dela|completo) (?:e|é)|nome:)\s+", message,
                           re.IGNORECASE):
        words = []
        for word in _WORD.finditer(message, cue.end()):
            gap = message[(words[-1].end() if words else cue.end()):word.start()]
            if gap.strip() or _fold(word.group()) == "cpf":
                break
            words.append(word)
        if len(words) >= 2:
            spans.append((words[0].start(), words[-1].end()))
    return spans


def _without(message: str, spans: list[tuple[int, int]]) -> str:
    """The message with each span, and the cue words right before it, cut out."""
    text = message
    for start, end in sorted(spans, reverse=True):
        before = text[:start]
        cue = _NAME_CUE.search(before) or _CPF_CUE.search(before)
        text = f"{before[:cue.start()] if cue else before} {text[end:].lstrip(')')}"
    return " ".join(text.split())


def _distance(span: tuple[int, int], other: tuple[int, int]) -> int:
    return max(other[0] - span[1], span[0] - other[1], 0)


def _fold(word: str) -> str:
    plain = unicodedata.normalize("NFKD", word)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()
