"""Lexicon and semantic score together: emergency, doubt or clear.

The lexicon's hit is always an emergency (it names the words that made it one). Without one, the
semantic score decides: at or above `emergency_at` the situation is recognised without the words, and
the emergency answer goes out for its category (if the message names a sign, an event or who is at risk, as the
lexicon reads them, or the category is one told without any); at or above `doubt_at` the turn is answered as usual,
led by a safety line with the category's numbers and one question ("is someone in danger right
now?"). Below both the message is clear, though a score above `signal_at` still counts as a health
signal: an answer that would only refuse or find nothing is then led by the safety line too. The thresholds were chosen on the corpus's dev split.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from agent_system.triage.categories import SIGN_CONCEPTS
from agent_system.triage.corpus import answer_category
from agent_system.triage.screen import TriageResult
from agent_system.triage.semantic import SemanticScore

__all__ = ["Thresholds", "combine", "within_a_request"]


# Despair and violence are told without a word about the body ("I'll be gone by then"); every other category's
# story names one (a fall, the baby, breathing), so a score with no such word ("e agora, o que eu faço?") is a doubt.
_TOLD_WITHOUT_BODY = frozenset({"suicide", "violence"})


@dataclass(frozen=True)
class Thresholds:
    """Where the semantic score starts a doubt, and where it is an emergency on its own."""
    # Chosen on the dev split's cross-validated scores (bench/triage_encoders.py): with the lexicon, 0.95
    # kept 93% specificity on near misses, and emergency-or-doubt from 0.60 reached 98.6% of emergencies.
    emergency_at: float = 0.95
    doubt_at: float = 0.60
    signal_at: float = 0.30
    # Despair told without a word of the body is also how grief, therapy requests and TV plots are told:
    # on the score alone it is an emergency only when the head is all but certain, else a doubt (CVV 188 first).
    emergency_without_body_at: float = 0.995  # below a doubt, still a health or life signal: a fallback answer gets the safety line


def combine(lexicon: TriageResult, semantic: SemanticScore, thresholds: Thresholds = Thresholds()) -> TriageResult:
    """The lexicon's result with the band the semantic score gives a message the lexicon cleared."""
    scored = replace(lexicon, score=round(semantic.emergency, 3))
    if lexicon.emergency or semantic.category is None or semantic.emergency < thresholds.signal_at:
        return scored
    category = answer_category(semantic.category)
    bodily = not lexicon.concepts.isdisjoint(SIGN_CONCEPTS)
    needed = thresholds.emergency_at if bodily else thresholds.emergency_without_body_at
    if semantic.emergency >= needed and (bodily or category in _TOLD_WITHOUT_BODY):
        return replace(scored, emergency=True, kind=category, categories=(category,), health_language=True)
    return replace(scored, doubt=semantic.emergency >= thresholds.doubt_at, kind=category, health_language=True)


def within_a_request(triage: TriageResult, concrete_request: bool) -> TriageResult:
    """A score alone never halts a request about a booking (a cancel, a move, a booking with its doctor, day,
    time or code): it leads it in doubt.

    Those are the traffic the score misreads most ("não quero esperar muito; quero a Dra. Luciana dia
    04/12", "não vou poder ir, pode cancelar"); the patient still gets the numbers, the question and the
    request, and a goodbye with "cancela tudo" gets CVV 188 and SAMU 192 before the lookup.
    """
    if not (triage.emergency and concrete_request) or triage.said_in_words:
        return triage
    return replace(triage, emergency=False, doubt=True)
