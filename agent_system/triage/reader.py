"""Reads a message the way triage needs it: folded words, everyday spelling, typos, concepts and negation.

A reading is the list of concept occurrences (which signal, at which words) with the words that
negate them, so the combiner can ask "is there a chest + pain pair, not negated, close together?".
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from agent_system.language.text import tokens
from agent_system.triage.categories import ALL_CONCEPTS, SIGN_CONCEPTS
from agent_system.triage.lexicon import (
    BREAKS, ENGLISH_ONLY_NEGATORS, KNOWN_WORDS, MASK, NEGATORS, PROTECTED, SLANG, SPLIT_SLANG, word_language)

_PILLS = frozenset("comprimidos remedios capsulas pilulas drageas pills tablets capsules caps meds".split())
_WEEKS = frozenset("semanas weeks semana week".split())
_DAYS = frozenset("dias days dia day".split())
_AGE_AFTER_WEEKS = frozenset("old de".split())  # "6 weeks old", "6 semanas de vida": a baby, not a pregnancy
NEGATION_REACH = 4  # words after a negator that it can scope
TYPO_MIN_LENGTH = 7  # only long words are corrected: short ones are too close to each other
MAX_ENDING = 4  # a misspelt stem takes an inflection ("dismai" + "ei"), not a whole other word
MARKS = frozenset(".!?;,\n")
# Markers that say nothing when they are part of a longer sign: "parou" in "parou de respirar".
_SUBSUMABLE = frozenset({"RESOLVED", "CURRENT", "DISTANT_PAST", "SEVERE", "SUDDEN"})


@dataclass(frozen=True)
class Occurrence:
    """One concept found in the message: its name and the span of words it covers."""
    concept: str
    start: int
    end: int  # exclusive
    negated: bool = False


@dataclass(frozen=True)
class Reading:
    """The message's words, the concepts found in them, and the clause number of each word."""
    words: tuple[str, ...]
    occurrences: tuple[Occurrence, ...]
    clause_of: tuple[int, ...]

    def quote(self, occurrences: tuple[Occurrence, ...]) -> str:
        """The folded words from the first to the last of some occurrences (for logs and the answer trail)."""
        start = min(o.start for o in occurrences)
        end = max(o.end for o in occurrences)
        return " ".join(w for w in self.words[start:end] if w not in MARKS)

    def languages(self) -> Counter[str]:
        """How many of the red-flag words found only each language uses ("infartando": pt, "tablets": en)."""
        covered = {i for o in self.occurrences for i in range(o.start, o.end)}
        return Counter(lang for i in covered if (lang := word_language(self.words[i])))


def words_of(text: str) -> list[str]:
    """Folded words and sentence marks, everyday spelling spelled out ("mt" -> "muito", "n" -> "nao")."""
    words: list[str] = []
    for token in tokens(text):
        if token in SPLIT_SLANG:
            words.extend(SPLIT_SLANG[token])
        else:
            words.append(_spell(token))
    return words


def read(text: str, english: bool) -> Reading:
    """Find every concept in a message and mark the ones a nearby negation scopes."""
    words = words_of(text)
    found = _unsubsumed(_unmasked(_find(words)))
    covered = {i for o in found for i in range(o.start, o.end)}
    negators = [i for i, w in enumerate(words) if i not in covered and _negates(w, english)]
    occurrences = tuple(
        Occurrence(o.concept, o.start, o.end, _scoped(o.start, negators, words)) for o in found)
    return Reading(tuple(words), occurrences, _clauses(words))


def _negates(word: str, english: bool) -> bool:
    return word in NEGATORS or (english and word in ENGLISH_ONLY_NEGATORS)


def _scoped(start: int, negators: list[int], words: list[str]) -> bool:
    """Whether a negator a few words before `start` reaches it, with no clause break between them."""
    for n in negators:
        if n < start <= n + NEGATION_REACH and not any(w in BREAKS for w in words[n + 1:start]):
            return True
    return False


def _clauses(words: list[str]) -> tuple[int, ...]:
    """Each word's clause number: marks and conjunctions ("e", "mas", "but") start a new clause."""
    number, numbers = 0, []
    for word in words:
        if word in BREAKS:
            number += 1
        numbers.append(number)
    return tuple(numbers)


@lru_cache(maxsize=8192)
def _spell(token: str) -> str:
    """Everyday spelling to dictionary spelling, then typo correction for long words."""
    token = SLANG.get(token, token)
    if len(token) < TYPO_MIN_LENGTH or token in PROTECTED or token in KNOWN_WORDS or _INDEX.known(token):
        return token
    return _INDEX.closest(token) or token


def _find(words: list[str]) -> list[Occurrence]:
    found = _numbers(words)
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        for concept, elements in _terms_at(word, following):
            end = _match(words, i, elements)
            if end:
                found.append(Occurrence(concept, i, end))
    return found


@lru_cache(maxsize=16384)
def _terms_at(word: str, following: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The terms that can start at `word` given the next word (most messages repeat their words)."""
    return tuple((concept, elements) for concept, elements in _INDEX.starting_with(word)
                 if len(elements) == 1 or _element_matches(elements[1], following))


def _element_matches(element: str, word: str) -> bool:
    return word.startswith(element[:-1]) if element[-1] == "*" else word == element


def _numbers(words: list[str]) -> list[Occurrence]:
    """Counts that are signs: "20 comprimidos" (MANY), "33 semanas" (PREGNANT, and PRETERM before 37),
    "3 semanas" (INFANT_WEEKS: a baby's age when a child is named)."""
    found = []
    for i, word in enumerate(words[:-1]):
        if not word.isdigit() or len(word) > 3:
            continue
        number, following = int(word), words[i + 1]
        after = words[i + 2] if i + 2 < len(words) else ""
        if number >= 5 and (following in _PILLS or after in _PILLS):
            found.append(Occurrence("MANY", i, i + 2))
        is_age = (i > 0 and words[i - 1] == "de") or after in _AGE_AFTER_WEEKS  # not "há 3 dias", a duration
        if number <= 12 and following in _WEEKS | _DAYS and is_age:
            found.append(Occurrence("INFANT_WEEKS", i, i + 2))
        if 14 <= number <= 42 and following in _WEEKS and after not in _AGE_AFTER_WEEKS:
            found.append(Occurrence("PREGNANT", i, i + 2))
            if number < 37:
                found.append(Occurrence("PRETERM", i, i + 2))
    return found


def _match(words: list[str], start: int, elements: tuple[str, ...]) -> int:
    """The end of the term when `elements` (the first already matched) match the words from `start`, else 0."""
    end = start + len(elements)
    if end > len(words):
        return 0
    for offset in range(2, len(elements)):  # the first two matched in _terms_at
        element, word = elements[offset], words[start + offset]
        if element[-1] == "*":
            if not word.startswith(element[:-1]):
                return 0
        elif word != element:
            return 0
    return end


def _unmasked(found: list[Occurrence]) -> list[Occurrence]:
    """Drop concepts inside a masking phrase ("queimadura de sol", "exame de sangue") but not the phrase."""
    masks = [o for o in found if o.concept == MASK]
    if not masks:
        return found
    return [o for o in found if o.concept != MASK and not any(
        o.start < m.end and m.start < o.end and (o.end - o.start) < (m.end - m.start) for m in masks)]


def _unsubsumed(found: list[Occurrence]) -> list[Occurrence]:
    """Drop markers that are only a piece of a longer sign of another concept."""
    return [o for o in found if o.concept not in _SUBSUMABLE or not any(
        other.concept != o.concept and other.start <= o.start and o.end <= other.end
        and (other.end - other.start) > (o.end - o.start) for other in found)]


class _Index:
    """The lexicon's terms by first element, and typo candidates by deletion neighbourhood."""

    def __init__(self, concepts: dict[str, tuple[str, ...]], typo_targets: dict[str, tuple[str, ...]]) -> None:
        self.exact: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        self.prefix: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for concept, terms in concepts.items():
            for term in terms:
                elements = tuple(term.replace("-", " ").split())
                head = elements[0]
                table = self.prefix if head.endswith("*") else self.exact
                table.setdefault(head.rstrip("*"), []).append((concept, elements))
        every_element = {e for terms in concepts.values() for t in terms for e in t.replace("-", " ").split()}
        self.words = {e for e in every_element if not e.endswith("*")}
        self.stems = {e[:-1] for e in every_element if len(e) > 2 and e.endswith("*")}
        # Only one-word signs are typo targets: a phrase ("organizei meus documentos") is not one word.
        signs = {t for terms in typo_targets.values() for t in terms if " " not in t and "-" not in t}
        self.typo_words = {e for e in signs if not e.endswith("*") and len(e) >= TYPO_MIN_LENGTH}
        self.typo_stems = {e[:-1] for e in signs if e.endswith("*") and len(e) > 5}
        self.neighbours: dict[str, set[str]] = {}
        for target in self.typo_words | self.typo_stems:
            for variant in _deletions(target, 2 if len(target) >= 9 else 1):
                self.neighbours.setdefault(variant, set()).add(target)

    def starting_with(self, word: str) -> list[tuple[str, tuple[str, ...]]]:
        hits = list(self.exact.get(word, ()))
        for cut in range(1, len(word) + 1):
            hits.extend(self.prefix.get(word[:cut], ()))
        return hits

    def known(self, word: str) -> bool:
        return word in self.words or any(word[:cut] in self.stems for cut in range(2, len(word) + 1))

    def closest(self, word: str) -> str | None:
        """The sign word within edit distance 1 (2 for words of 10+ letters), or a sign stem within
        distance 1 of the word's start followed by a short ending ("dismai" + "ei" -> "desmaiei")."""
        best: tuple[int, str] | None = None
        shortest_stem = max(5, len(word) - MAX_ENDING)
        for cut in [len(word), *range(min(len(word) - 1, 12), shortest_stem - 1, -1)]:
            whole, part = cut == len(word), word[:cut]
            limit = 2 if whole and len(word) >= 10 else 1
            for variant in _deletions(part, limit):
                for target in self.neighbours.get(variant, ()):
                    is_stem = target in self.typo_stems and target not in self.typo_words
                    if (not whole and not is_stem) or target[0] != word[0]:
                        continue
                    distance = _distance(part, target, limit)
                    if distance <= limit and (best is None or distance < best[0]):
                        best = (distance, target + word[cut:] if is_stem else target)
        return best[1] if best else None


def _deletions(word: str, depth: int) -> set[str]:
    found, frontier = {word}, {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


def _distance(a: str, b: str, limit: int) -> int:
    """Damerau-Levenshtein (optimal string alignment) distance, cut short past `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2, previous = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if previous2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


_INDEX = _Index(ALL_CONCEPTS, SIGN_CONCEPTS)
