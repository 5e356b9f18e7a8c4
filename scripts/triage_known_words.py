"""Regenerates triage/phrases/known_words.json: dictionary words one typo away from a red-flag word.

Typo correction must only touch words that are not words: "injection" is not a misspelt
"infection". pyspellchecker's Portuguese and English word lists (a test-only dependency) say which
are real; only the few near a red-flag word are kept, so the product ships a small list.
"""
from __future__ import annotations

import gzip
import json
from importlib import resources

from agent_system.triage.lexicon import PHRASES
from agent_system.language.text import plain_text
from agent_system.triage.reader import TYPO_MIN_LENGTH, _INDEX

TARGET = PHRASES / "known_words.json"
MIN_COUNT = 100  # rarer entries are typos themselves or forms nobody writes in a chat


def dictionary_words() -> set[str]:
    """Folded Portuguese and English dictionary words long enough to be typo-corrected."""
    words: set[str] = set()
    for language in ("pt", "en"):
        path = resources.files("spellchecker") / "resources" / f"{language}.json.gz"
        with gzip.open(str(path), "rt", encoding="utf-8") as handle:
            counts = json.load(handle)
        words |= {plain_text(w) for w, count in counts.items() if count >= MIN_COUNT and len(w) >= TYPO_MIN_LENGTH}
    return {w for w in words if w.isalpha() and w.isascii()}


def near_words() -> list[str]:
    """The dictionary words the typo corrector would otherwise turn into a red-flag word."""
    return sorted(w for w in dictionary_words() if not _INDEX.known(w) and _harmful(w, _INDEX.closest(w)))


def _harmful(word: str, correction: str | None) -> bool:
    """A correction that changes the word, not just its plural ("academias" -> "academia" is harmless)."""
    return correction is not None and correction.rstrip("s") != word.rstrip("s")


def render(words: list[str]) -> str:
    """The word list as the lexicon reads it: a JSON list, one word a line."""
    return json.dumps(words, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    found = near_words()
    TARGET.write_text(render(found), encoding="utf-8")
    print(f"{len(found)} words written to {TARGET}")
