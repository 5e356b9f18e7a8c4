"""Regenerates agent_system/language/words/<code>.txt.gz: the words an LLM answer in that language may use.

pyspellchecker's Portuguese and English word lists (a test-only dependency) say which words are real;
only those seen often enough are kept, folded as answers are compared (lower case, no accents), so the
product ships two small lists instead of the checker and its 400,000-word dictionaries.
"""
from __future__ import annotations

import gzip
import json
from importlib import resources

from agent_system.language.text import normalize
from agent_system.language.words import WORDS_DIR

MIN_COUNT = 100  # rarer entries are typos themselves or forms nobody writes to a patient
LANGUAGES = ("pt", "en")


def common_words(language: str) -> list[str]:
    """The dictionary's folded, alphabetic words seen at least MIN_COUNT times."""
    path = resources.files("spellchecker") / "resources" / f"{language}.json.gz"
    with gzip.open(str(path), "rt", encoding="utf-8") as handle:
        counts = json.load(handle)
    folded = {normalize(word) for word, count in counts.items() if count >= MIN_COUNT}
    return sorted(w for w in folded if w.isalpha() and w.isascii())


if __name__ == "__main__":
    for code in LANGUAGES:
        words = common_words(code)
        target = WORDS_DIR / f"{code}.txt.gz"
        # mtime=0: the same words give the same bytes, so regenerating changes nothing in git.
        target.write_bytes(gzip.compress("\n".join(words).encode("ascii") + b"\n", mtime=0))
        print(f"{len(words)} words written to {target}")
