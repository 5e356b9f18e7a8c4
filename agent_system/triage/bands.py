"""Lexicon and semantic score together: emergency, doubt or clear.

The lexicon's hit is always an emergency (it names the words that made it one). Without one, the
semantic score decides: at or above `emergency_at` the situation is recognised without the words, and
the emergency answer goes out for its category; at or above `doubt_at` the turn is answered as usual,
led by a safety line with the category's numbers and one question ("is someone in danger right
now?"). Below both the message is clear, though a score above `signal_at` still counts as a health
signal: an answer that would only refuse or find nothing is then led by the safety line too. The thresholds were chosen on the corpus's dev split.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from agent_system.triage.corpus import answer_category
from agent_system.triage.screen import TriageResult
from agent_system.triage.semantic import SemanticScore

__all__ = ["Thresholds", "combine", "within_a_request"]


@dataclass(frozen=True)
class Thresholds:
    """Where the semantic score starts a doubt, and where it is an emergency on its own."""
    # Chosen on the dev split's cross-validated scores (bench/triage_encoders.py): with the lexicon, 0.95
    # kept 93% specificity on near misses, and emergency-or-doubt from 0.60 reached 98.6% of emergencies.
    emergency_at: float = 0.95
    doubt_at: float = 0.60
    signal_at: float = 0.30  # below a doubt, still a health or life signal: a fallback answer gets the safety line


def combine(lexicon: TriageResult, semantic: SemanticScore, thresholds: Thresholds = Thresholds()) -> TriageResult:
    """The lexicon's result with the band the semantic score gives a message the lexicon cleared."""
    scored = replace(lexicon, score=round(semantic.emergency, 3))
    if lexicon.emergency or semantic.category is None or semantic.emergency < thresholds.signal_at:
        return scored
    category = answer_category(semantic.category)
    if semantic.emergency >= thresholds.emergency_at:
        return replace(scored, emergency=True, kind=category, categories=(category,), health_language=True)
    return replace(scored, doubt=semantic.emergency >= thresholds.doubt_at, kind=category, health_language=True)


def within_a_request(triage: TriageResult, concrete_request: bool) -> TriageResult:
    """A score alone never halts a concrete request (a doctor, a day, a time, a code): it leads it in doubt.

    A booking told with its details is the traffic the score misreads most ("não quero esperar muito;
    quero a Dra. Luciana dia 04/12"); the patient still gets the numbers and the question, and the request.
    """
    if not (triage.emergency and concrete_request) or triage.said_in_words:
        return triage
    return replace(triage, emergency=False, doubt=True)
