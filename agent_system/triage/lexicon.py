"""Triage lexicon: the red-flag phrases and spelling rules, read once from the data files in `phrases/`.

The phrases are data so a clinician can review them as such (`phrases/README.md` says what each file
holds). Terms are matched on folded words (lower case, no accents, "can't" -> "cant"); "x*" matches
any word starting with "x"; a term of several words matches them in a row. The category rules in
`categories.py` combine these concepts; which guidance each category follows is written there.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agent_system.errors import LexiconError

PHRASES = Path(__file__).resolve().parent / "phrases"
MASK = "MASK"  # a phrase that hides the concepts inside it ("exame de sangue", "queimadura de sol")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: a repeated concept would silently drop its phrases."""
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise ValueError(f"repeated keys: {', '.join(repeated)}")
    return dict(pairs)


def _read(path: Path) -> Any:
    """One data file, decoded; a file that is not JSON, or repeats a key, names itself."""
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle, object_pairs_hook=_unique)
    except ValueError as e:  # json.JSONDecodeError is a ValueError too
        raise LexiconError(path.name, str(e)) from e


def _terms(where: str, terms: Any) -> tuple[str, ...]:
    """A list of non-empty strings, as a tuple; anything else names the file and entry at fault."""
    if not isinstance(terms, list) or not all(isinstance(t, str) and t for t in terms):
        raise LexiconError(where, "expected a list of non-empty strings")
    return tuple(terms)


def concept_table(path: Path) -> dict[str, tuple[str, ...]]:
    """A concept file's sections flattened in file order: concept name -> its terms."""
    table: dict[str, tuple[str, ...]] = {}
    for section, concepts in _read(path).items():
        for concept, terms in concepts.items():
            if concept in table:
                raise LexiconError(path.name, f"concept {concept} appears in two sections")
            table[concept] = _terms(f"{path.name} {section}/{concept}", terms)
    return table


def _words(where: str, words: Any) -> frozenset[str]:
    """A word list as a set (its order in the file is for the reader only)."""
    return frozenset(_terms(where, words))


def signals_alone(path: Path, concepts: set[str] | frozenset[str]) -> frozenset[str]:
    """The concepts a file declares a health or life signal on their own; every concept is declared exactly once.

    The others ("fechou", a throat, a fall, who, when) count only inside a red flag's combination: said alone,
    "fechou, marca a primeira" is a booking reply."""
    declared = _read(path)
    alone, combined = (_terms(f"{path.name} {key}", declared.get(key)) for key in ("alone", "only_in_combination"))
    named = [*alone, *combined]
    for complaint, names in (("declared twice", {c for c in named if named.count(c) > 1}),
                             ("not a concept", set(named) - set(concepts)),
                             ("not declared", set(concepts) - set(named))):
        if names:
            raise LexiconError(path.name, f"{complaint}: {', '.join(sorted(names))}")
    return frozenset(alone)


CONCEPTS = concept_table(PHRASES / "concepts.json")  # who, when, markers of severity and onset
SIGNS = concept_table(PHRASES / "signs.json")  # body parts, functions and signs
EVENTS = concept_table(PHRASES / "events.json")  # what happened (a sting, a fall, a fire, a product); pain
GROUPS = concept_table(PHRASES / "groups.json")  # at special risk: pregnancy, babies, despair, infection
# A concept found in a message makes it health language only if it is a health or life signal by itself.
SIGNALS_ALONE = signals_alone(PHRASES / "alone.json",
                              (CONCEPTS.keys() | SIGNS.keys() | EVENTS.keys() | GROUPS.keys()) - {MASK})

_SPELLING = _read(PHRASES / "spelling.json")
SLANG: dict[str, str] = dict(zip(_SPELLING["slang"], _terms("slang", list(_SPELLING["slang"].values()))))
SPLIT_SLANG: dict[str, tuple[str, ...]] = {
    word: _terms(f"split_slang/{word}", parts) for word, parts in _SPELLING["split_slang"].items()}
NEGATORS = _words("negators", _SPELLING["negators"])
ENGLISH_ONLY_NEGATORS = _words("english_only_negators", _SPELLING["english_only_negators"])
BREAKS = _words("breaks", _SPELLING["breaks"])
PROTECTED = _words("protected", _SPELLING["protected"])
KNOWN_WORDS = _words("known_words.json", _read(PHRASES / "known_words.json"))
# Red-flag words and stems only one language uses: a short emergency's own words tell its language.
_LANGUAGES: dict[str, tuple[str, ...]] = {
    language: _terms(f"languages.json {language}", words) for language, words in _read(PHRASES / "languages.json").items()}
WORD_LANGUAGE: dict[str, str] = {w: lang for lang, words in _LANGUAGES.items() for w in words if w[-1] != "*"}
STEM_LANGUAGE: dict[str, str] = {w[:-1]: lang for lang, words in _LANGUAGES.items() for w in words if w[-1] == "*"}


def word_language(word: str) -> str | None:
    """The one language a folded red-flag word belongs to ("infartando": pt, "tablets": en), if any."""
    if word in WORD_LANGUAGE:
        return WORD_LANGUAGE[word]
    return next((STEM_LANGUAGE[word[:cut]] for cut in range(len(word), 1, -1) if word[:cut] in STEM_LANGUAGE), None)
