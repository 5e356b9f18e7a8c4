"""Lexicon and semantic score together: emergency, doubt or clear.

The lexicon's hit is an emergency (it names the words that made it one), unless the message is long
enough to tell its own context and the semantic score all but rules an emergency out: "quase desmaiei
quando vi a conta kkk, tem horário sexta?" is then a doubt (the safety line and the question, nothing
held back), never a refusal. The score has read the hit among its cues, so a low score means the words
were weighed, not missed. Despair and self-harm are never overruled. Without a hit, the semantic score
decides: at or above `emergency_at` the situation is recognised without the words and the emergency
answer goes out for its category; at or above `doubt_at` the turn is answered as usual, led by a safety
line with the category's numbers and one question ("is someone in danger right now?"). Below both the
message is clear, though a score above `signal_at` still counts as a health or life signal: an answer
that would only refuse or find nothing is then led by the safety line too. The thresholds were chosen
on the corpus's dev split, cross-validated.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

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
    """Where the semantic score starts a doubt, where it is an emergency on its own, and where it overrules a hit."""
    # Chosen on 5-fold cross-validated scores of the dev split (`bench/triage_cv.py --sweep`) and kept on its 4,491
    # messages: sensitivity 98.5% (99.4% with the doubt line), specificity 95.7%. The score is the heads' and the bank's
    # together, with the lexicon's cues among its inputs: it no longer needs the earlier gates (a word of the
    # body, or near certainty, for an emergency on the score alone).
    emergency_at: float = 0.60
    doubt_at: float = 0.50
    signal_at: float = 0.30  # below a doubt, still a health or life signal: a fallback answer gets the safety line
    # A lexicon hit told in a sentence of this many words or more, scored below `overruled_below`, is a doubt: the
    # idioms and past episodes that made most false alarms. Shorter hits ("my baby is turning blue, help") keep
    # the lexicon's word: a few words give the encoder little to read. Overruling from 8 words rather than 10
    # cost no emergency in cross-validation and spared half a point of specificity.
    overruled_below: float = 0.40
    overruled_from_words: int = 8


def combine(lexicon: TriageResult, semantic: SemanticScore, thresholds: Thresholds = Thresholds(),
            words: int = 0, concrete_request: bool = False) -> TriageResult:
    """The lexicon's result with the band the semantic score gives it.

    `words` is the length of the shortest sentence that holds the lexicon's words; `concrete_request` says it
    asks to cancel or move a booking, or names the doctor, day, time or code of one it wants. A score alone never
    halts such a request: it leads it in doubt ("não vou poder ir, pode cancelar" is read as despair more often
    than anything else the heads see).
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
    if semantic.emergency < thresholds.signal_at:
        return scored
    if semantic.emergency >= thresholds.emergency_at:
        band = {"doubt": True} if concrete_request else {"emergency": True, "categories": (category,)}
        return replace(scored, kind=category, health_language=True, **band)
    return replace(scored, doubt=semantic.emergency >= thresholds.doubt_at, kind=category, health_language=True)
