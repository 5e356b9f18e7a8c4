"""The words the rules planner understands, matched on `text.normalize` output (no accents, lower case)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.language.lexicon import concept_pattern
from agent_system.language.text import normalize
from agent_system.understanding.dates import MONTH_NAMES


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
LIST = concept_pattern("list")
GREETING = concept_pattern("greeting")
# Thanks or goodbye ("valeu, obrigada!", "thanks, bye"), and the words that may come with them and ask nothing.
THANKS_OR_BYE = concept_pattern("thanks_or_bye")
CLOSING_FILLER = concept_pattern("closing_filler")
YES = concept_pattern("yes")

# "on the 3rd", "Friday the 4th", "wed 2nd", "December 3rd", "the 3rd of December" name a day of the month, not an
# option.
_NOT_A_DAY = (r"(?<!on the )(?<!day the )(?<!dia )(?<!mon )(?<!tue )(?<!wed )(?<!thu )(?<!fri )"
              + "".join(f"(?<!{month} )" for month in MONTH_NAMES))
_OF_MONTH = rf"(?! of (?:{'|'.join(MONTH_NAMES)})\b)"
# "primeiro de dezembro" is a day and "primeiro de tudo" a way of speaking; "a primeira de quinta" is a pick.
_NOT_OF_MONTH = rf"(?! vez| de (?:{'|'.join(MONTH_NAMES)}|tudo|\d+)\b)"

ORDINALS: tuple[tuple[re.Pattern[str], int], ...] = (
    (_words(r"(?:o |a )?mais cedo", r"(?:the )?earliest", r"(?:o |a )?mais proxim[oa]", r"(?:the )?soonest",
            r"(?<!minha )(?<!meu )(?:o |a )?primeir[oa]" + _NOT_OF_MONTH, r"(?<!my )(?:the )?first(?: one)?(?! time| thing)",
            r"first thing",
            r"(?<!dia )1o(?! de)", _NOT_A_DAY + r"1st" + _OF_MONTH), 0),
    (_words(r"(?:o )?segundo", r"a segunda(?![ -]feira)", r"segunda (?:opcao|vaga|da lista)",
            r"(?:the )?second(?: one)?", r"(?<!dia )2o(?! de)", _NOT_A_DAY + r"2nd" + _OF_MONTH), 1),
    (_words(r"(?:o |a )?terceir[oa]", r"(?:the )?third(?: one)?", r"(?<!dia )3o(?! de)",
            _NOT_A_DAY + r"3rd" + _OF_MONTH), 2),
    (_words(r"(?:o |a )?quart[oa] (?:horario|opcao|vaga)", r"o quarto", r"(?:the )?fourth(?: one)?",
            r"(?<!dia )4o(?! de)", _NOT_A_DAY + r"4th" + _OF_MONTH), 3),
    (_words(r"(?:o )?quinto", r"(?:a )?quinta (?:opcao|vaga)", r"(?:the )?fifth(?: one)?", r"(?<!dia )5o(?! de)",
            _NOT_A_DAY + r"5th" + _OF_MONTH), 4),
    # "last" is also a verb ("how long does it last") and a time word ("last week", "my last visit").
    (_words(r"(?<!minha )(?<!meu )(?:o |a )?ultim[oa](?! vez| semana| mes| consulta que)",
            r"the last(?: one| slot| option| opening| time| appointment(?! i))?(?! week| month| year| time i| visit)",
            r"last one", r"(?:o |a )?mais tarde", r"(?:the )?latest"), -1),
)

_NAME_STOPWORDS = {"dr", "dra", "dr.", "dra.", "de", "da", "do", "dos", "das", "e"}
_TITLES = {"dr", "dra", "doutor", "doutora", "doctor"}


@dataclass(frozen=True)
class DoctorRef:
    name: str
    clinic_id: str
    specialty: str
    tokens: frozenset[str]


class DoctorIndex:
    """Finds doctors named in a message by any part of their name."""

    def __init__(self, registry: ClinicRegistry):
        self.doctors = tuple(
            DoctorRef(d.name, c.id, c.specialty.key,
                      frozenset(t.strip(".") for t in normalize(d.name).split() if t not in _NAME_STOPWORDS))
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
    return {word for title, word in zip(words, words[1:]) if title in _TITLES}


# Ordinals that are ordinary words too ("the last time", "first thing in the morning", "a última consulta
# do dia"): they pick a slot only when the sentence is a choice, not a question about something else.
_WORD_ORDINALS = re.compile(r"\b(?:last|ultim[oa]|first thing|latest|mais tarde)\b")


def ordinal_in(text: str, choice: bool = True) -> int | None:
    """The position an ordinal pick refers to ('o primeiro' -> 0, 'o último' -> -1), if any."""
    for pattern, index in ORDINALS:
        match = pattern.search(text)
        if match and (choice or not _WORD_ORDINALS.search(match.group(0))):
            return index
    return None
