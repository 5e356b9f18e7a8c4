"""The emergency answer: the right numbers for what was read, in the patient's language, and nothing else.

No diagnosis and no first aid: call now, or go to the nearest emergency room, stay with the person;
the SAMU regulator or the CIATox gives instructions on the phone. Booking waits until later.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system.language.registry import language_pack
from agent_system.language.text import Language

if TYPE_CHECKING:
    from agent_system.triage.screen import TriageResult

# The services, in the order they are offered; the browser turns their numbers into tap-to-call links.
_CALLS_BY_CATEGORY: dict[str, tuple[str, ...]] = {
    "suicide": ("cvv", "samu_danger"),
    "poisoning": ("samu", "intoxication"),
    "trauma": ("samu", "firefighters"),
    "burns": ("samu", "firefighters"),
}
_DEFAULT_CALLS = ("samu",)


def calls_for(categories: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The services to offer for these categories, the leading category's first, each once."""
    calls: list[str] = []
    for category in categories or ("medical",):
        for call in _CALLS_BY_CATEGORY.get(category, _DEFAULT_CALLS):
            if call == "samu" and "samu_danger" in calls or call == "samu_danger" and "samu" in calls:
                continue
            if call not in calls:
                calls.append(call)
    return tuple(calls)


def emergency_answer(result: TriageResult, language: Language) -> str:
    """The calm emergency answer for a triage result, in the patient's language."""
    words = language_pack(language).emergency
    categories = result.categories or (result.kind or "medical",)
    suicide = categories[0] == "suicide"
    lines = [words["opening_suicide" if suicide else "opening"]]
    lines += [words[call] for call in calls_for(categories)]
    lines.append(words["er"])
    if suicide:
        lines.append(words["stay_suicide"])
    if result.third_person:
        lines.append(words["stay"])
    lines.append(words["later"])
    return "\n".join(lines)
