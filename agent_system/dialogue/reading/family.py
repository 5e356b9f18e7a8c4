"""Who an appointment is for: a relative named in the message ("pro meu filho", "for my mom"), or the patient.

Read on normalised text (lower case, no accents). The relation is kept as the patient said it, so the
answer can say "seu filho" / "your mom" back.
"""
from __future__ import annotations

import re
import unicodedata

from clinic_servers.contract.cpf import normalize_cpf

from agent_system.language.lexicon import LivePattern, alternatives, concept_pattern, words

# The words are the language packs' (language/<code>/lexicon.py), in every registered language.
# "pro meu filho", "para minha mãe", "meu pai precisa", "for my mom", "my dad needs": the relative is whom the
# appointment is for; "meu filho mexeu no armário" only tells what happened. Each entry names the relative in its
# group "relation", numbered here so that the entries make one pattern.
_RELATIVE = LivePattern(lambda: re.compile(r"\b(?:" + "|".join(
    entry.replace("(?P<relation>", f"(?P<relation{number}>")
    for number, entry in enumerate(words("relative_booked_for"))) + ")"))
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


def person_in(message: str) -> tuple[str, str | None] | None:
    """A full name and a CPF typed together ("Lucas Duarte, cpf ..."): (name, 11 digits or None when
    the number is not a valid CPF); None without a CPF-shaped number and a name of two words or more."""
    found = _CPF_LIKE.search(message)
    if found is None:
        return None
    rest = _NOT_NAME.sub(" ", message[:found.start()] + " " + message[found.end():])
    words = [w for w in re.split(r"[\s,;:.!?()]+", rest) if w]
    if len(words) < 2 or not all(_NAME_WORD.match(w) for w in words) or len(words) > 8:
        return None
    name = " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words)
    return unicodedata.normalize("NFC", name), normalize_cpf(found.group(1))
