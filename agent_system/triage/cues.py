"""What the lexicon reads in a text, as numbers the semantic head weighs beside the sentence's vector.

The encoder gives the gist of a sentence and misses its small words: "he's breathing fine, no blue lips"
and "his lips are blue" sit close together. The lexicon's reader sees what the encoder blurs: a negated
sign, a past episode ("em 2019"), a story from the news, "it stopped", an idiom it knows the words of,
which category its rules found. Each becomes an input of the head, and the head learns from the corpus
how much each counts: none of them overrules the score by hand.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from agent_system.domain.language import Language
from agent_system.triage.lexicon import CONCEPTS, EVENTS, GROUPS, SIGNS
from agent_system.triage.screen import DISTRESS, assess

__all__ = ["CUES", "cues"]

_CONCEPT_NAMES = tuple(sorted({*CONCEPTS, *EVENTS, *GROUPS, *SIGNS}))
_CATEGORY_NAMES = ("suicide", "poisoning", "trauma", "violence", "burns", "anaphylaxis", "obstetric", "child",
                   "stroke", "cardiac", "breathing", "bleeding", "consciousness", "severe_pain", "sepsis", DISTRESS)
# Per text: each concept found live, each found negated only, each category the rules hit, and whether any did.
CUES = (*(f"live:{c}" for c in _CONCEPT_NAMES), *(f"negated:{c}" for c in _CONCEPT_NAMES),
        *(f"hit:{c}" for c in _CATEGORY_NAMES), "hit")
_INDEX = {name: i for i, name in enumerate(CUES)}


def cues(texts: Sequence[str], languages: Sequence[Language]) -> np.ndarray:
    """One row of 0/1 cues per text (read in the language given for it, as the turn knows it), in the order of `CUES`."""
    rows = np.zeros((len(texts), len(CUES)), dtype=np.float32)
    for row, text, language in zip(rows, texts, languages, strict=True):
        for name in _names(text, language):
            if name in _INDEX:
                row[_INDEX[name]] = 1.0
    return rows


def _names(text: str, language: Language) -> list[str]:
    result = assess(text, language)
    hits = (result.categories or (result.kind,)) if result.emergency else ()
    return [*(f"live:{c}" for c in result.concepts), *(f"negated:{c}" for c in result.negated_concepts),
            *(f"hit:{c}" for c in hits), *(["hit"] if result.emergency else [])]
