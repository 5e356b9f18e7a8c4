"""A patient who wants a person: "quero falar com um atendente", "talk to a human", and a callback with a phone."""
from __future__ import annotations

import re

from agent_system.language.lexicon import concept_pattern
from agent_system.language.text import normalize

# The words are the language packs' (language/<code>/lexicon.py), in every registered language.
# "atendente", "falar com alguém", "talk to a human"; asking to be called: "me liga", "retorno", "call me back".
_PERSON = concept_pattern("ask_person")
_CALL_ME = concept_pattern("call_me")
# A Brazilian phone with its area code: "(11) 98765-4321", "11987654321", "+55 11 3251-4100".
_PHONE = re.compile(r"(?<!\d)(?:\+?55\s*)?\(?\s*[1-9][0-9]\s*\)?\s*(?:9\s*)?[2-9][0-9]{3}[\s.-]?[0-9]{4}(?!\d)")
_BEST_TIME = concept_pattern("best_time")
# Asking to be called without a phone yet: answered with the clinics' phones and the callback offer ("retorno" alone
# is also a follow-up visit, so it does not count here).
_CALL_ME_BACK = concept_pattern("call_me_back")


def asks_person(text: str) -> bool:
    """Whether a normalised message asks for a person rather than the assistant, or to be called by one."""
    return bool(_PERSON.search(text) or _CALL_ME_BACK.search(text))


def phone_in(message: str) -> str | None:
    """The phone number a message gives, as typed, or None."""
    found = _PHONE.search(message)
    return found.group(0).strip() if found else None


def asks_callback(message: str) -> bool:
    """Whether the message asks to be called back and gives the phone to call: only then may a turn request it."""
    return phone_in(message) is not None and bool(_CALL_ME.search(normalize(message)) or asks_person(normalize(message)))


def best_time_in(text: str) -> str | None:
    """When the patient would like the call, in their words ("de manhã", "after 5 pm"), or None."""
    found = _BEST_TIME.search(text)
    return found.group(0) if found else None
