"""Lexicon and semantic score together: emergency, doubt or clear.

The lexicon's hit is an emergency (it names the words that made it one), unless the message is long
enough to tell its own context and the semantic score all but rules an emergency out: "quase desmaiei
quando vi a conta kkk, tem horário sexta?" is then a doubt (the safety line and the question, nothing
held back), never a refusal. Despair and self-harm are never overruled. Without a hit, the semantic
score decides: at or above `emergency_at` the situation is recognised without the words, and the
emergency answer goes out for its category if the message names a sign, an event or who is at risk, as
the lexicon reads them (or, without any, when the head is all but certain); at or above `doubt_at` the
turn is answered as usual, led by a safety line with the category's numbers and one question ("is
someone in danger right now?"). Below both the message is clear, though a score above `signal_at`
still counts as a health signal: an answer that would only refuse or find nothing is then led by the
safety line too. The thresholds were chosen on the corpus's dev split, cross-validated.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from agent_system.triage.categories import SIGN_CONCEPTS
from agent_system.triage.corpus import answer_category
from agent_system.triage.result import TriageResult
from agent_system.triage.semantic import SemanticScore

__all__ = ["Thresholds", "combine"]


# A lexicon hit on self-harm stays an emergency whatever the score: CVV 188 is never put behind a question.
_NEVER_OVERRULED = frozenset({"suicide"})
# A farewell's weaker words, on their own: the doubt line with CVV 188 and SAMU 192, whatever the score.
_FAREWELL_HINTS = frozenset({"NO_LONGER_NEEDED"})


@dataclass(frozen=True)
class Thresholds:
    """Where the semantic score starts a doubt, and where it is an emergency on its own."""
    # Chosen on 5-fold cross-validated scores of the dev split (2,642 messages): against 0.95, no overruling
    # and body-less stories for despair and violence only, sensitivity 94.4% -> 95.9% and specificity
    # 93.1% -> 95.3%; every emergency the head or the lexicon saw still gets at least the doubt line.
    emergency_at: float = 0.90
    doubt_at: float = 0.60
    signal_at: float = 0.30  # below a doubt, still a health or life signal: a fallback answer gets the safety line
    # A story without a word of the body is also how grief, therapy requests and TV plots are told: on the
    # score alone it is an emergency only when the head is all but certain, else a doubt.
    emergency_without_body_at: float = 0.995
    # A lexicon hit told in a sentence of this many words or more, scored below `overruled_below`, is a doubt: the
    # idioms and past episodes that made 27 of the 39 false alarms of the test split; short hits ("my baby is
    # turning blue, help") keep the lexicon's word, since the head scores too few words poorly.
    overruled_below: float = 0.20
    overruled_from_words: int = 10


def combine(lexicon: TriageResult, semantic: SemanticScore, thresholds: Thresholds = Thresholds(),
            words: int = 0, concrete_request: bool = False) -> TriageResult:
    """The lexicon's result with the band the semantic score gives it.

    `words` is the length of the shortest sentence that holds the lexicon's words; `concrete_request` says it
    asks to cancel or move a booking, or names the doctor, day, time or code of one it wants. A score alone never
    halts such a request: it leads it in doubt ("não vou poder ir, pode cancelar" is read as despair more often
    than anything else the head sees).
    """
    banded = _band(lexicon, semantic, thresholds, words, concrete_request)
    if banded.emergency or _FAREWELL_HINTS.isdisjoint(lexicon.concepts):
        return banded
    # "não vou precisar mais" also ends a cancel with an ordinary reason: never halted, always CVV 188 and SAMU 192
    return replace(banded, doubt=True, kind="suicide", health_language=True)


def _band(lexicon: TriageResult, semantic: SemanticScore, thresholds: Thresholds, words: int,
          concrete_request: bool) -> TriageResult:
    scored = replace(lexicon, score=round(semantic.emergency, 3))
    if semantic.category is None:
        return scored
    if lexicon.emergency:
        overruled = (semantic.emergency < thresholds.overruled_below and words >= thresholds.overruled_from_words
                     and _NEVER_OVERRULED.isdisjoint(lexicon.categories or (lexicon.kind,)))
        return replace(scored, emergency=False, doubt=True) if overruled else scored
    category = answer_category(semantic.category)
    bodily = not lexicon.concepts.isdisjoint(SIGN_CONCEPTS)
    if semantic.emergency < thresholds.signal_at:
        return scored
    if semantic.emergency >= (thresholds.emergency_at if bodily else thresholds.emergency_without_body_at):
        band = {"doubt": True} if concrete_request else {"emergency": True, "categories": (category,)}
        return replace(scored, kind=category, health_language=True, **band)
    return replace(scored, doubt=semantic.emergency >= thresholds.doubt_at, kind=category, health_language=True)
