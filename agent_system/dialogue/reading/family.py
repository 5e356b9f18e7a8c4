"""Who an appointment is for: a relative named in the message ("pro meu filho", "for my mom"), or the patient.

Read on normalised text (lower case, no accents). The relation is kept as the patient said it, so the
answer can say "seu filho" / "your mom" back.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from clinic_servers.contract.cpf import normalize_cpf

from agent_system.domain.folding import fold
from agent_system.language.lexicon import LivePattern, alternatives, concept_pattern
from agent_system.language.lexicon import words as words_of

# The words are the language packs' (language/<code>/lexicon.py), in every registered language.
# "pro meu filho", "para minha mãe", "meu pai precisa", "for my mom", "my dad needs": the relative is whom the
# appointment is for; "meu filho mexeu no armário" only tells what happened. Each entry names the relative in its
# group "relation", numbered here so that the entries make one pattern.
_RELATIVE = LivePattern(lambda: re.compile(r"\b(?:" + "|".join(
    entry.replace("(?P<relation>", f"(?P<relation{number}>")
    for number, entry in enumerate(words_of("relative_booked_for"))) + ")"))
# The appointment is for the patient themself: "pra mim", "for me".
_FOR_SELF = concept_pattern("for_self")
_CPF_LIKE = re.compile(r"(?<![\d.])(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![\d-])")
# Words around a name and a CPF that are not the name: "o nome dele é Lucas, CPF ...", "her name is ...".
_NOT_NAME = LivePattern(lambda: re.compile(rf"\b(?:{alternatives('not_a_name')})\b", re.IGNORECASE))
_NAME_WORD = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")


def relation_in(text: str) -> str | None:
    """The relative a normalised message books for ("filho", "mom"), or None."""
    found = _RELATIVE.search(text)
    return next((g for g in found.groups() if g), None) if found else None


def for_self(text: str) -> bool:
    """Whether a normalised message says the appointment is for the patient ("pra mim", "for me")."""
    return bool(_FOR_SELF.search(text))


@dataclass(frozen=True)
class PersonSaid:
    """What a message that only gives a person says of them: a full name, a CPF, or both."""
    name: str | None
    cpf: str | None  # 11 digits; None when no number was typed or it is not a valid CPF
    cpf_typed: bool  # a CPF-shaped number was typed, valid or not


def person_in(message: str) -> tuple[str, str | None] | None:
    """A full name and a CPF typed together ("Lucas Duarte, cpf ..."): (name, 11 digits or None when
    the number is not a valid CPF); None without a CPF-shaped number and a name of two words or more."""
    said = person_said(message)
    return (said.name, said.cpf) if said is not None and said.name and said.cpf_typed else None


def person_said(message: str) -> PersonSaid | None:
    """A message that gives a full name, a CPF or both and nothing else ("Lia Prado Nunes", "o cpf dela é" and the
    number, "she is Ana Lima"); None for any other message."""
    found = _CPF_LIKE.search(message)
    rest = message if found is None else message[:found.start()] + " " + message[found.end():]
    words = [w for w in re.split(r"[\s,;:.!?()]+", _NOT_NAME.sub(" ", rest)) if w]
    if words and not _a_name(words):
        return None
    if not words and found is None:
        return None
    joining = _joining()
    name = " ".join(w[:1].upper() + w[1:] if w.islower() and w not in joining else w for w in words)
    return PersonSaid(name=unicodedata.normalize("NFC", name) if name else None,
                      cpf=normalize_cpf(found.group(1)) if found else None, cpf_typed=found is not None)


def _a_name(words: list[str]) -> bool:
    """Two to eight words of letters, none of them a word a name never is ("segunda", "marca")."""
    never = frozenset(words_of("never_a_name")) | frozenset(words_of("request_word")) - _joining()
    return (2 <= len(words) <= 8 and all(_NAME_WORD.match(w) for w in words)
            and not any(fold(w) in never for w in words))


def _joining() -> frozenset[str]:
    return frozenset(words_of("name_joining"))
