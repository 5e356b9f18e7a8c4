"""The emergency answer: the right numbers for what was read, in the patient's language, and nothing else.

No diagnosis and no first aid: call now, or go to the nearest emergency room, stay with the person;
the SAMU regulator or the CIATox gives instructions on the phone. Booking waits until later.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

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

_TEXT: dict[Language, dict[str, str]] = {
    "pt": {
        "opening": "Isto pode ser uma emergência. Procure ajuda agora.",
        "opening_suicide": "Sinto muito que você esteja passando por isso. Você não precisa enfrentar isso sozinho.",
        "samu": "Ligue agora para o SAMU: 192.",
        "samu_danger": "Se houver perigo imediato ou se alguém já se machucou, ligue para o SAMU: 192.",
        "firefighters": "Se houver fogo, fumaça, choque elétrico, acidente ou alguém preso: Bombeiros, 193.",
        "cvv": "Ligue para o CVV: 188 (gratuito, 24 horas), ou converse pelo cvv.org.br.",
        "intoxication": "Disque-Intoxicação: 0800 722 6001 (24 horas).",
        "er": "Ou vá agora ao pronto-socorro ou UPA mais próximo, sem dirigir.",
        "stay": "Fique com a pessoa até a ajuda chegar.",
        "stay_suicide": "Não fique sozinho: chame alguém de confiança para ficar com você.",
        "later": "Não vou agendar nada agora. Quando tudo estiver bem, posso ajudar você a marcar uma consulta "
                 "de acompanhamento.",
    },
    "en": {
        "opening": "This may be an emergency. Get help now.",
        "opening_suicide": "I'm sorry you're going through this. You don't have to face it alone.",
        "samu": "Call SAMU now: 192.",
        "samu_danger": "If there is immediate danger or someone is already hurt, call SAMU: 192.",
        "firefighters": "If there is fire, smoke, an electric shock, a crash or someone trapped: "
                        "Fire Department (Bombeiros), 193.",
        "cvv": "Call CVV: 188 (free, 24 hours), or chat at cvv.org.br.",
        "intoxication": "Poison line (Disque-Intoxicação): 0800 722 6001 (24 hours).",
        "er": "Or go to the nearest emergency room (pronto-socorro or UPA) now, without driving yourself.",
        "stay": "Stay with the person until help arrives.",
        "stay_suicide": "Please don't stay alone: ask someone you trust to be with you.",
        "later": "I won't schedule anything right now. When things are okay, I can help you book a follow-up "
                 "appointment.",
    },
}


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
    words = _TEXT["en" if language == "en" else "pt"]
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
