"""A person named inside a longer message: "pro meu filho, ele se chama Pedro Duarte, cpf ...",
"for my daughter Sofia Lima, her CPF is ...", "é pra minha mãe, Ivone Brandão (cpf ...): ortopedia seg 30".

The name is the run of capitalised words nearest the CPF (small joining words such as "da" or "dos" inside it),
or, typed in lower case, the words after "se chama" / "name is" (or right after the relative, when the CPF follows
them); never a doctor's name or a calendar word.
What is left of the message, without the name, the CPF and the words that introduced them, is the request.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from clinic_servers.contract.cpf import normalize_cpf

from agent_system.language.lexicon import LivePattern, alternatives, words

_CPF_LIKE = re.compile(r"(?<![\d.])(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![\d-])")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# The words are the language packs' (language/<code>/lexicon.py), in every registered language.
_TITLE_BEFORE = LivePattern(lambda: re.compile(rf"\b(?:{alternatives('doctor_title')})\.?\s*$", re.IGNORECASE))
# Words that introduce the name or the CPF, removed with them: "ele se chama", "her name is", "CPF dela é".
_NAME_CUE = LivePattern(lambda: re.compile(
    rf"(?:\b(?:{alternatives('name_cue_subject')})\s+)?(?:{alternatives('name_cue')})\s*:?\s*$", re.IGNORECASE))
_CPF_CUE = LivePattern(lambda: re.compile(
    rf"(?:\b(?:{alternatives('cpf_cue_before')})\s+)?\bcpf(?:\s+(?:{alternatives('cpf_cue_whose')}))?"
    rf"(?:\s+(?:{alternatives('cpf_cue_is')}))?\s*:?\s*\(?\s*$", re.IGNORECASE))
# Where a name typed in lower case starts: after "se chama" / "name is", or right after the relative when the CPF
# follows it ("pra minha filha maria eduarda lima cpf ...").
# What may stand between a name and its CPF: punctuation, and the article of the CPF ("…, o cpf dela").
_AFTER_A_NAME = LivePattern(lambda: re.compile(rf"^[\s,;:.-]*(?:(?:{alternatives('cpf_cue_before')})\s+)?", re.IGNORECASE))
_LOWER_CASE_CUE = LivePattern(lambda: re.compile(rf"\b(?:{alternatives('lower_case_name_cue')})\s+", re.IGNORECASE))


def _word_set(concept: str) -> frozenset[str]:
    return frozenset(words(concept))


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
    rest = _without(message, [(start, end), found.span()])
    return NamedPerson(_as_written(name), normalize_cpf(found.group(1)), rest)


def name_named_in(message: str, doctor_words: frozenset[str] = frozenset()) -> tuple[str, str] | None:
    """A full name said without a CPF, introduced ("his name is Roberto Carvalho", "ela se chama ...") or capitalised
    ("pra minha mãe, Teresa Martins"), and the message without it; None when there is none. A name typed in lower case
    right after the relative is read only with its CPF (`person_named_in`): alone it could be any words."""
    if _CPF_LIKE.search(message):
        return None
    relative_starts = tuple(words("relative_start"))
    cued = [span for span in _cued_names(message, require_cpf=False)
            if not message[:span[0]].rstrip().casefold().endswith(relative_starts)]
    candidates = [s for s in cued if len(message[s[0]:s[1]].split()) >= 2] or _capitalised_runs(message, doctor_words)
    if not candidates:
        return None
    start, end = candidates[0]
    name = " ".join(message[start:end].split())
    return _as_written(name), _without(message, [(start, end)])


def _as_written(name: str) -> str:
    """A name as a booking holds it: typed all in lower case, each word capitalised but the joining ones ("da")."""
    if name.islower():
        joining = _word_set("name_joining")
        name = " ".join(w if w in joining else w.capitalize() for w in name.split())
    return unicodedata.normalize("NFC", name)


def _capitalised_runs(message: str, doctor_words: frozenset[str]) -> list[tuple[int, int]]:
    """Spans of two or more capitalised words in a row (joined by spaces or small joining words)."""
    runs: list[list[re.Match[str]]] = [[]]
    never, joining = _word_set("never_a_name"), _word_set("name_joining")
    for word in _WORD.finditer(message):
        run, folded = runs[-1], _fold(word.group())
        follows = bool(run) and not message[run[-1].end():word.start()].strip()
        if word.group()[:1].isupper() and folded not in never:
            run.append(word) if follows else runs.append([word])
        elif follows and folded in joining:
            run.append(word)
        else:
            runs.append([])
    return [(run[0].start(), run[-1].end()) for run in map(_trimmed, runs)
            if _is_name(run, message) and not {_fold(w.group()) for w in run} <= doctor_words]


def _trimmed(run: list[re.Match[str]]) -> list[re.Match[str]]:
    while run and not run[-1].group()[:1].isupper():
        run = run[:-1]
    return run


def _is_name(run: list[re.Match[str]], message: str) -> bool:
    capitals = [w for w in run if w.group()[:1].isupper()]
    return len(capitals) >= 2 and not _TITLE_BEFORE.search(message[:run[0].start()])


def _cued_names(message: str, require_cpf: bool = True) -> list[tuple[int, int]]:
    """A name typed after "se chama" / "name is", in any case, up to punctuation or the CPF; right after the
    relative ("minha filha maria eduarda lima cpf ...") only when the CPF follows it (`require_cpf`: else never)."""
    spans, relative_starts = [], tuple(words("relative_start"))
    request_words = _word_set("request_word") - _word_set("name_joining")
    for cue in _LOWER_CASE_CUE.finditer(message):
        said = _words_up_to_a_stop(message, cue.end())
        after_relative = cue.group().casefold().startswith(relative_starts)
        plain = all(_fold(w.group()) not in request_words for w in said)
        if after_relative and not (require_cpf and _cpf_follows(message, said[-1].end() if said else cue.end())):
            continue
        if 2 <= len(said) <= 6 and plain:
            spans.append((said[0].start(), said[-1].end()))
    return spans


def _words_up_to_a_stop(message: str, start: int) -> list[re.Match[str]]:
    words: list[re.Match[str]] = []
    for word in _WORD.finditer(message, start):
        if message[(words[-1].end() if words else start):word.start()].strip() or _fold(word.group()) == "cpf":
            break
        words.append(word)
    return words


def _cpf_follows(message: str, end: int) -> bool:
    """The CPF comes next, or its cue does, after a comma and an article at most ("julia moura, o cpf dela é ...")."""
    rest = _AFTER_A_NAME.sub("", message[end:], count=1)
    return rest.casefold().startswith("cpf") or bool(_CPF_LIKE.match(rest))


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
