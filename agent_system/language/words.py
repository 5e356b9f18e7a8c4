"""The common words of each language, as the answer gate reads an LLM answer: folded, one list a language.

Generated from a spelling dictionary by `python -m scripts.answer_words`; a language without a list
has no words known, so no LLM answer in it is shown (its deterministic answer is).
"""
from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

__all__ = ["WORDS_DIR", "common_words"]

WORDS_DIR = Path(__file__).parent / "words"


@cache
def common_words(code: str) -> frozenset[str]:
    """The language's folded common words (empty when it has no list); read once per process."""
    path = WORDS_DIR / f"{code}.txt.gz"
    if not path.is_file():
        return frozenset()
    return frozenset(gzip.decompress(path.read_bytes()).decode("ascii").split())
