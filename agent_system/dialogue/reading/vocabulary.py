"""The words the rules planner understands, matched on `text.normalize` output (no accents, lower case)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.language.lexicon import LivePattern, concept_pattern, month_numbers, words
from agent_system.language.text import normalize


def _words(*phrases: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(phrases) + r")\b")


# The words of each concept are the language packs' (language/<code>/lexicon.py), in every registered language.
# Medical specialties in general; those a clinic of the registry offers are not refused (FederationWords).
INVALID_SPECIALTY = concept_pattern("invalid_specialty")
PRIVACY = concept_pattern("privacy")
# Topics no clinic deals with; they win over a stray date ("the weather tomorrow").
OFF_TOPIC = concept_pattern("off_topic")
# Attempts to talk the assistant out of its rules; refused like a records request (no steps).
INJECTION = concept_pattern("injection")
MEDICAL_ADVICE = concept_pattern("medical_advice")
# Questions about a clinic itself: where it is, its phone, opening hours, the health plans it takes.
CLINIC_INFO = concept_pattern("clinic_info")
# With a health plan named, the verbs that ask whether a clinic takes it.
TAKES_PLAN = concept_pattern("takes_plan")
BOOK = concept_pattern("book")
# What the booking code is called ("código da reserva", "booking code"): its booking word asks to book nothing.
CODE_NAME = concept_pattern("code_name")
LIST = concept_pattern("list")
GREETING = concept_pattern("greeting")
# Thanks or goodbye ("valeu, obrigada!", "thanks, bye"), and the words that may come with them and ask nothing.
THANKS_OR_BYE = concept_pattern("thanks_or_bye")
CLOSING_FILLER = concept_pattern("closing_filler")
YES = concept_pattern("yes")

# A pick by position ("o primeiro", "the last one"): the language packs' ordinals, with every language's months.
_POSITIONS = (("ordinal_first", 0), ("ordinal_second", 1), ("ordinal_third", 2), ("ordinal_fourth", 3),
              ("ordinal_fifth", 4), ("ordinal_last", -1))


def _ordinal(concept: str) -> re.Pattern[str]:
    months = "|".join(month_numbers())
    # "on the 3rd", "wed 2nd", "December 3rd" name a day of the month, not an option.
    not_a_day = "".join(f"(?<!{word} )" for word in (*words("not_a_day_before"), *month_numbers()))
    entries = [entry.replace("{not_a_day}", not_a_day).replace("{months}", months) for entry in words(concept)]
    return _words(*entries) if entries else re.compile(r"(?!)")


ORDINALS: tuple[tuple[LivePattern, int], ...] = tuple(
    (LivePattern(partial(_ordinal, concept)), index) for concept, index in _POSITIONS)



def _titles() -> frozenset[str]:
    """A doctor's titles as written: "doutora", "dr", "dr." (the packs' doctor_title and title_abbreviation)."""
    short = words("title_abbreviation")
    return frozenset((*words("doctor_title"), *short, *(f"{title}." for title in short)))


def _name_stopwords() -> frozenset[str]:
    """What in a doctor's registry name is no name: the title abbreviations and the small joining words."""
    short = words("title_abbreviation")
    return frozenset((*short, *(f"{title}." for title in short), *words("name_joining")))


@dataclass(frozen=True)
class DoctorRef:
    name: str
    clinic_id: str
    specialty: str
    tokens: frozenset[str]


class DoctorIndex:
    """Finds doctors named in a message by any part of their name."""

    def __init__(self, registry: ClinicRegistry):
        stopwords = _name_stopwords()
        self.doctors = tuple(
            DoctorRef(d.name, c.id, c.specialty.key,
                      frozenset(t.strip(".") for t in normalize(d.name).split() if t not in stopwords))
            for c in registry.clinics for d in c.doctors)

    @property
    def name_words(self) -> frozenset[str]:
        """Every first name and surname of every doctor (normalized)."""
        return frozenset().union(*(d.tokens for d in self.doctors))

    def named_in(self, text: str, ignore: frozenset[str] = frozenset()) -> list[DoctorRef]:
        """Doctors whose first name or surname appears in the (normalized) text, best match first."""
        words = {w.strip(".") for w in text.split()} - (ignore - _titled_words(text))
        scored = [(len(d.tokens & words), d) for d in self.doctors if d.tokens & words]
        if not scored:
            return []
        best = max(score for score, _ in scored)
        return [d for score, d in scored if score == best]

    def by_name(self, name: str) -> DoctorRef | None:
        """The doctor with exactly this full name."""
        return next((d for d in self.doctors if d.name == name), None)


def _titled_words(text: str) -> set[str]:
    """Words right after 'Dr.'/'Dra.': a doctor's name even when the patient shares it."""
    words = [w.strip(".") for w in text.split()]
    titles = _titles()
    return {word for title, word in zip(words, words[1:]) if title in titles}


# Ordinals that are ordinary words too ("the last time", "first thing in the morning", "a última consulta
# do dia"): they pick a slot only when the sentence is a choice, not a question about something else.
_WORD_ORDINALS = concept_pattern("ordinal_word")


def ordinal_in(text: str, choice: bool = True) -> int | None:
    """The position an ordinal pick refers to ('o primeiro' -> 0, 'o último' -> -1), if any."""
    for pattern, index in ORDINALS:
        match = pattern.search(text)
        if match and (choice or not _WORD_ORDINALS.search(match.group(0))):
            return index
    return None
