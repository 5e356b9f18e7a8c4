"""Red-flag triage: runs before any planning and halts the turn on a possible emergency."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agent_system.text import Language, normalize

EmergencyKind = Literal["suicide", "medical"]

# Phrases are matched against `normalize` output: no accents, lower case, "can't" -> "can t".
_SUICIDE_PHRASES = (
    r"(?:quero|vou|pensando em|penso em|vontade de) me matar",
    r"me suicidar",
    r"suicid(?:io|a|al|e)",
    r"tirar (?:a )?minha (?:propria )?vida",
    r"nao (?:quero|aguento) mais viver",
    r"quero morrer",
    r"kill myself",
    r"end my (?:own )?life",
    r"want to die",
    r"wanna die",
)
_MEDICAL_PHRASES = (
    # chest pain / heart attack under way
    r"dor(?:es)? (?:(?:muito )?(?:forte|intensa|fortissima) )?n[oa] (?:meu )?peito",
    r"(?:aperto|pressao) no peito",
    r"chest pains?",
    r"pain in my chest",
    r"infartando",
    r"(?:tendo|tive agora) um infarto",
    r"having a heart attack",
    # cannot breathe
    r"(?:nao|naum|n) (?:consigo|consegue|(?:to|estou|esta) conseguindo) respirar?",
    r"falta de ar (?:muito )?(?:forte|intensa|grave)",
    r"muita falta de ar",
    r"sem ar(?! condicionado)",
    r"sufocando",
    r"can ?t breathe",
    r"can ?not breathe",
    r"shortness of breath",
    r"struggling to breathe",
    # fainting, unconscious
    r"desmai(?:ei|ou|o|ando|ad[oa])",
    r"incon?s?ciente",
    r"perd(?:i|eu) a (?:consciencia|conciencia)",
    r"fainted",
    r"passed out",
    r"unconscious",
    # seizure
    r"convul(?:s|ss|c)(?:ao|oes|ionando|ionou)",
    r"crise convulsiva",
    r"seizures?",
    r"seizing",
    # stroke signs
    r"derrame",
    r"avc",
    r"boca torta",
    r"rosto (?:caido|caindo)",
    r"fala enrolada",
    r"falando enrolado",
    r"perd(?:i|eu|endo) a forca (?:\w+ ){0,3}lado",
    r"stroke",
    r"face drooping",
    r"drooping face",
    r"slurred speech",
    # heavy bleeding
    r"sangramento (?:muito )?(?:forte|intenso)",
    r"sangrando muito",
    r"hemorragia",
    r"nao para de sangrar",
    r"bleeding (?:heavily|a lot)",
    r"heavy bleeding",
    r"won t stop bleeding",
    # anaphylaxis
    r"garganta (?:esta )?(?:fechando|fechada)",
    r"throat (?:is )?(?:closing|swelling)",
    r"anafila(?:xia|tico)",
    r"anaphyla(?:xis|ctic)",
    # poisoning, overdose
    r"overdose",
    r"envenenad[oa]",
    r"envenenamento",
    r"tomei (?:muitos|varios) (?:comprimidos|remedios|remedio)",
    r"poisoned",
    r"poisoning",
)


def _phrases(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(phrases) + r")\b", re.ASCII)


# Suicidal intent is checked first: when both match, CVV must lead the answer.
_RED_FLAGS: tuple[tuple[EmergencyKind, re.Pattern[str]], ...] = (
    ("suicide", _phrases(_SUICIDE_PHRASES)),
    ("medical", _phrases(_MEDICAL_PHRASES)),
)


@dataclass(frozen=True)
class TriageResult:
    """Whether a message is an emergency, which kind, and the normalized phrase that said so."""

    emergency: bool
    kind: EmergencyKind | None = None
    matched: str | None = None


def assess(text: str) -> TriageResult:
    """Look for red-flag phrases (PT with or without accents, EN) in a patient's message."""
    normalized = normalize(text)
    for kind, pattern in _RED_FLAGS:
        match = pattern.search(normalized)
        if match is not None:
            return TriageResult(emergency=True, kind=kind, matched=match.group(0))
    return TriageResult(emergency=False)


_ANSWERS: dict[tuple[EmergencyKind, Language], str] = {
    ("suicide", "pt"): (
        "Sinto muito que você esteja passando por isso, e você merece apoio agora. "
        "Ligue para o CVV no 188 (24 horas, gratuito) ou converse pelo cvv.org.br. "
        "Se houver perigo imediato, ligue para o SAMU (192) ou vá ao pronto-socorro ou UPA "
        "mais próximo; Bombeiros: 193. "
        "Não vou agendar nada agora: o mais importante é você buscar ajuda já."
    ),
    ("suicide", "en"): (
        "I'm sorry you're going through this, and you deserve support right now. "
        "Please call CVV at 188 (24 hours, free) or chat at cvv.org.br. "
        "If you are in immediate danger, call SAMU at 192 or go to the nearest emergency room "
        "(UPA); Fire Department (Bombeiros): 193. "
        "I won't schedule anything right now: getting help comes first."
    ),
    ("medical", "pt"): (
        "Isso pode ser uma emergência. Ligue agora para o SAMU (192) ou vá ao pronto-socorro "
        "ou UPA mais próximo. Se precisar de resgate, ligue para os Bombeiros (193). "
        "Não vou agendar consulta agora: sua segurança vem primeiro."
    ),
    ("medical", "en"): (
        "This may be an emergency. Call SAMU at 192 now or go to the nearest emergency room "
        "(UPA). If you need rescue, call the Fire Department (Bombeiros) at 193. "
        "I won't schedule an appointment right now: your safety comes first."
    ),
}


def emergency_answer(result: TriageResult, language: Language) -> str:
    """The calm emergency answer for a triage result, in the patient's language."""
    return _ANSWERS["suicide" if result.kind == "suicide" else "medical", language]
