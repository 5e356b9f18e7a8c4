"""The emergency answer: the right numbers for what was read, in the patient's language, and nothing else.

No diagnosis and no first aid: call now, or go to the nearest emergency room, stay with the person;
the SAMU regulator or the CIATox gives instructions on the phone. Booking waits until later.
"""
from __future__ import annotations

from agent_system.language.registry import language_pack
from agent_system.domain.language import Language
from agent_system.triage.result import TriageResult

# The services, in the order they are offered; the browser turns their numbers into tap-to-call links.
_CALLS_BY_CATEGORY: dict[str, tuple[str, ...]] = {
    "suicide": ("cvv", "samu_danger"),
    "poisoning": ("samu", "intoxication"),
    "trauma": ("samu", "firefighters"),
    "burns": ("samu", "firefighters"),
    "violence": ("police", "samu_hurt"),
    "distress": ("samu", "police"),
}
_DEFAULT_CALLS = ("samu",)
_OPENINGS = {"suicide": "opening_suicide", "violence": "opening_violence", "distress": "opening_distress"}
_SAMU_LINES = ("samu", "samu_danger", "samu_hurt")  # one SAMU line per answer, the first category's
# Who the message says is at risk picks the violence lines: a woman or a partner's violence -> 180;
# a child, an older person or a person with a disability -> Disque 100; neither said -> both.
_WOMEN_SIGNS = frozenset({"PARTNER", "FEMALE_VICTIM"})
_PROTECTED_SIGNS = frozenset({"CHILD", "ELDER", "DISABLED"})


def calls_for(categories: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The services to offer for these categories, the leading category's first, each once."""
    calls: list[str] = []
    for category in [c for c in categories if c] or ["medical"]:
        for call in _CALLS_BY_CATEGORY.get(category, _DEFAULT_CALLS):
            if call in _SAMU_LINES and any(line in calls for line in _SAMU_LINES):
                continue
            if call not in calls:
                calls.append(call)
    return tuple(calls)


def violence_lines(result: TriageResult) -> tuple[str, ...]:
    """The protection lines for a violence hit: 180, Disque 100, or both when the message does not say who."""
    if "violence" not in result.categories:
        return ()
    lines = (("women_line",) if result.concepts & _WOMEN_SIGNS else ()) + (
        ("rights_line",) if result.concepts & _PROTECTED_SIGNS else ())
    if lines or result.categories[0] != "violence":  # a stabbing alone: police and SAMU, no helpline
        return lines
    return ("women_line", "rights_line")


def safety_line(result: TriageResult, language: Language) -> str:
    """The line that leads an answer given in doubt: the category's numbers, conditionally, and one question."""
    words = language_pack(language).emergency
    calls = ("samu_danger" if call == "samu" else call for call in calls_for(result.categories or (result.kind or "medical",)))
    return "\n".join([words["doubt_opening"], *(words[call] for call in dict.fromkeys(calls)),
                      words["doubt_question"]])


def help_called_answer(language: Language) -> str:
    """The answer to "I already called SAMU": acknowledged, the channel kept open, nothing booked."""
    return language_pack(language).emergency["help_called"]


def emergency_answer(result: TriageResult, language: Language) -> str:
    """The calm emergency answer for a triage result, in the patient's language."""
    words = language_pack(language).emergency
    categories = result.categories or (result.kind or "medical",)
    suicide, violence, distress = (categories[0] == name for name in ("suicide", "violence", "distress"))
    lines = [words[_OPENINGS.get(categories[0], "opening")]]
    lines += [words[call] for call in (*calls_for(categories), *violence_lines(result))]
    lines.append(words["er"])
    if suicide:
        lines.append(words["stay_suicide"])
    if violence:  # a witness is not asked to stay beside an aggressor
        lines.append(words["stay_safe"])
    elif result.third_person:
        lines.append(words["stay"])
    # A bare call for help may also be about an appointment: the numbers first, then the question.
    lines.append(words["ask_distress" if distress else "later"])
    return "\n".join(lines)
