"""The concepts a language pack's lexicon names: what the reading looks for in a message, in any language.

A lexicon maps a concept to its entries in one language. Entries are regular-expression fragments matched as
whole words on folded text (`language.text.normalize`: lower case, no accents, most punctuation gone); the
reading joins every registered language's entries of a concept into one pattern, so a message that mixes
languages is read as before. A pack may leave a concept out: that language then has no words for it.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

CONCEPTS: Mapping[str, str] = MappingProxyType({
    # what a message asks for
    "book": "a booking asked for: 'marcar', 'book', 'fico com'",
    "list": "slots asked about: 'horários', 'available', 'quais'",
    "greeting": "a greeting, or asking what the assistant does or for help",
    "thanks_or_bye": "thanks or goodbye",
    "closing_filler": "words that may come with thanks or goodbye and ask nothing",
    "yes": "a yes that may also carry a request ('pode', 'go ahead')",
    "clinic_info": "a question about a clinic itself: address, phone, hours, health plans",
    "takes_plan": "with a health plan named, the verbs asking whether a clinic takes it",
    "off_topic": "topics no clinic deals with",
    "injection": "attempts to talk the assistant out of its rules",
    "medical_advice": "asking for a diagnosis, a medicine or a dose",
    "privacy": "asking for other patients' records or data",
    "invalid_specialty": "medical specialties in general (those of the registry are not refused)",
    # replies that only accept (understanding/acceptance.py)
    "accept_yes": "words that say yes on their own ('pode ser', 'sounds good')",
    "accept_ok": "words that agree but may only acknowledge ('ok', 'beleza')",
    "accept_thanks": "thanks that turn an 'ok' into an acknowledgement",
    "accept_filler": "courtesy and small words that change nothing in a yes",
    # dates (understanding/dates.py)
    "ordinal_weekdays": "weekday names that are also ordinals ('a segunda opção')",
    # times of day (understanding/times.py)
    "time_cue": "a word right before an hour that makes the number a time ('às', 'at')",
})


def unknown_concepts(lexicon: Mapping[str, object]) -> list[str]:
    """The lexicon's keys that name no concept, sorted."""
    return sorted(set(lexicon) - set(CONCEPTS))
