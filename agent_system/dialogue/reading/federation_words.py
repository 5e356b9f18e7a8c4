"""The federation's own names, read from the registry: its specialties and its clinics as patients say them.

Matched on `text.normalize` output (no accents, lower case). A clinic or specialty added to the
registry is understood with no change here.
"""
from __future__ import annotations

import re
from functools import partial
from typing import Iterable

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.language.lexicon import LivePattern, alternatives, words
from agent_system.language.text import normalize
from agent_system.dialogue.reading.vocabulary import INVALID_SPECIALTY

# "Clínica A", "clinic b", "clínicas A e C", "the skin clinic", "médico de osso": the words around the federation's
# names are the language packs' (language/<code>/federation.py), in every registered language.
_CLINIC_WORD = LivePattern(lambda: re.compile(rf"^(?:{alternatives('clinic_word')})\s+"))
# A plan named where a plan's name goes: "pelo convênio Cassi?", "plano de saúde X", "Cigna insurance". A bare
# "plano" is also a plan of the day ("meu plano é ir cedo"), so it needs "de saúde"; the name ends the clause,
# so that "o convênio cobre a consulta?" names no plan.
# The words are the language packs' (language/<code>/lexicon.py), in every registered language.
_NAMED_PLAN = LivePattern(lambda: re.compile(
    rf"\b(?:{alternatives('plan_before_name')}) (?:{alternatives('plan_name_joiner')})?"
    rf"(?P<after>[a-z]\w+)(?=\s*(?:[?.!,;]|$))|\b(?P<before>[a-z]\w+) (?:{alternatives('plan_after_name')})\b"))
# A name that runs two words together ("SulAmérica", "NotreDame") is also typed apart.
_JOINED_WORDS = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Ý])")


def _words(phrases: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + _alternation(phrases) + r")\b")


def _alternation(phrases: Iterable[str]) -> str:
    return "|".join(sorted(dict.fromkeys(phrases), key=len, reverse=True))


class FederationWords:
    """Finds the registry's specialties and clinics named in a message."""

    def __init__(self, registry: ClinicRegistry):
        self._named = {key: _words([re.escape(normalize(s.name_pt)), re.escape(normalize(s.name_en)), *s.names])
                       for key, s in registry.specialties.items()}
        self._described = {key: _words(s.words) for key, s in registry.specialties.items() if s.words}
        # A word of what brings patients, next to a clinic or a doctor, names the specialty: "the skin clinic",
        # "heart doctor", "a clínica do coração", "médico de osso".
        self._by_place = {key: LivePattern(partial(_by_place, _alternation(s.words)))
                          for key, s in registry.specialties.items() if s.words}
        self._clinics = {short: c.id for c in registry.clinics for short in _short_names(c.id, c.name)}
        short = _alternation(re.escape(s) for s in self._clinics)
        self._short = re.compile(r"\b(?:" + short + r")\b")
        # "clínica A", "clinic b", "clinic_c"; a plural names several: "clínicas A e C", "clinics b, e and f".
        self._one = LivePattern(lambda: re.compile(rf"\b(?:{alternatives('clinic_word')})(?:\s*[_-]\s*|\s+)({short})\b"))
        self._many = LivePattern(lambda: re.compile(
            rf"\b(?:{alternatives('clinics_word')})\s+((?:{short})(?:\s+(?:(?:{alternatives('list_joiner')})\s+)?(?:{short}))*)\b"))
        plans = dict.fromkeys(p for c in registry.clinics for p in c.contact.health_plans)
        self._plans = {plan: re.compile(r"\b(?:" + _alternation(_plan_names(plan)) + r")\b") for plan in plans}

    def specialties_in(self, text: str) -> list[str]:
        """Specialty keys the message names, in registry order; when it names none, those its words point to
        ("dermato pra uma mancha nas costas" is Dermatologia alone; "dor nas costas" is Ortopedia)."""
        return self.specialties_named(text) or [key for key, pattern in self._described.items() if pattern.search(text)]

    def specialties_named(self, text: str) -> list[str]:
        """Specialty keys the message names: by a name ("cardiologista") or as a clinic's or doctor's ("the skin
        clinic"); "osso" in "alguém de carne e osso" points to Ortopedia without naming it."""
        return [key for key, pattern in self._named.items()
                if pattern.search(text) or (key in self._by_place and self._by_place[key].search(text))]

    def unoffered_specialty(self, text: str) -> str | None:
        """A medical specialty the message asks for that no clinic of the registry offers ('neurologista')."""
        for match in INVALID_SPECIALTY.finditer(text):
            if not any(p.fullmatch(match.group(0)) for p in (*self._named.values(), *self._described.values())):
                return match.group(0)
        return None

    def health_plan_in(self, text: str) -> str | None:
        """The health plan the message names: as the registry spells it when a clinic takes it ("unimed" ->
        "Unimed"), else as the patient wrote it where a plan's name goes ("convênio cassi" -> "Cassi")."""
        known = next((plan for plan, pattern in self._plans.items() if pattern.search(text)), None)
        if known is not None:
            return known
        named = (m["after"] or m["before"] for m in _NAMED_PLAN.finditer(text))
        not_names = frozenset(words("not_a_plan_name"))
        return next((name.title() for name in named if name not in not_names), None)

    def clinics_in(self, text: str) -> list[str]:
        """Clinic ids named as 'clínica A', 'clinic b', 'clinic_c', 'clínicas A e C', sorted."""
        named, joiners = [m.group(1) for m in self._one.finditer(text)], frozenset(words("list_joiner"))
        named += [n for many in self._many.finditer(text) for n in self._short.findall(many.group(1)) if n not in joiners]
        return sorted({self._clinics[n] for n in named})


def _by_place(said: str) -> re.Pattern[str]:
    """A specialty's words next to a clinic or a doctor ("the skin clinic", "médico de osso")."""
    return re.compile(rf"\b(?:{said})\s+(?:{alternatives('place_after_word')})\b"
                      rf"|\b(?:{alternatives('place_before_word')})\s+(?:(?:{alternatives('place_joiner')})\s+)?(?:{said})\b")


def _short_names(clinic_id: str, name: str) -> set[str]:
    """What follows 'clínica' when a patient names this clinic: 'a' for "Clínica A" / `clinic_a`."""
    names = {_CLINIC_WORD.sub("", normalize(name)).strip()}
    if clinic_id.startswith("clinic_"):
        names.add(clinic_id.removeprefix("clinic_").replace("_", " "))
    return {n for n in names if n}


def _plan_names(plan: str) -> list[str]:
    """How patients name a plan: in full, without "Saúde", or by its first word when that is distinctive."""
    full = normalize(plan)
    parts = full.split()
    bare = next((full.removesuffix(f" {suffix}") for suffix in words("plan_name_suffix") if full.endswith(f" {suffix}")), full)
    names = [full, bare, full.replace(" ", ""), normalize(_JOINED_WORDS.sub(" ", plan))]
    if len(parts) > 1 and len(parts[0]) >= 6:
        names.append(parts[0])
    return [re.escape(n).replace(r"\ ", r"\s+") for n in names]
