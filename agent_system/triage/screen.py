"""Red-flag triage: runs before any planning and halts the turn on a possible emergency.

The screen reads the message (`triage.reader`) and combines signals per category (`triage.categories`,
over the terms in `triage/phrases/`): a body part or function with a sudden, severe or ongoing marker,
who is affected, and what happened. Negation and history clear a hit only when they clearly scope it;
anything else that matches is an emergency. No network, no LLM: microseconds per message.
"""
from __future__ import annotations

from typing import TypedDict

from agent_system.language.text import detect_language, keyword_counts, leading_language, normalize
from agent_system.domain.language import Language
from agent_system.triage.categories import CATEGORIES, Category
from agent_system.triage.lexicon import SIGNALS_ALONE
from agent_system.triage.reader import MARKS, Occurrence, Reading, read
from agent_system.triage.result import TriageResult

__all__ = ["DISTRESS", "assess"]

DISTRESS = "distress"  # a bare call for help: no category's signs, still answered with the numbers
_ANSWERED_BY_TRIAGE = frozenset({"HELP_CRY", "HELP_CALLED"})
# A red-flag word only one language uses ("infartando", "tablets") says more about the language than a
# short booking keyword both may write ("to" is English, and "tô" in Portuguese chat).
RED_FLAG_WORD_WEIGHT = 2


class _Seen(TypedDict):
    """What every result of a screen carries, whatever band it gets."""
    concepts: frozenset[str]
    negated_concepts: frozenset[str]
    language: Language | None
    third_person: bool


def assess(text: str, language: Language | None = None) -> TriageResult:
    """Screen a patient's message (PT or EN, any spelling) for red flags."""
    reading = read(text, english=(language or detect_language(text)) == "en")
    live = _live_by_concept(reading)
    hits = [(category, found) for category, candidates in _candidates(frozenset(live))
            if (found := _category_hit(category, candidates, reading, live))]
    # Only an answer the triage gives itself (an emergency, "help is coming") needs the language it shows.
    answers = bool(hits) or not _ANSWERED_BY_TRIAGE.isdisjoint(live)
    negated = frozenset(o.concept for o in reading.occurrences if o.negated) - live.keys()
    seen: _Seen = {"concepts": frozenset(live), "negated_concepts": negated,
                   "language": _language(text, reading) if answers else None, "third_person": "THIRD_PERSON" in live}
    if not hits:
        cry = _cry_for_help(reading, live)
        if cry:  # "socorro!", "help": nothing says what is wrong; escalate and ask (when in doubt, escalate)
            return TriageResult(emergency=True, kind=DISTRESS, matched=reading.quote(cry), categories=(DISTRESS,),
                                trigger=_trigger(reading, cry), **seen)
        # Only a concept that is a sign by itself (`phrases/alone.json`): "fechou, marca a primeira" or "é pro meu
        # pai" would otherwise lead a fallback answer with the safety line and go to the LLM's triage check.
        health_language = any(o.concept in SIGNALS_ALONE for o in reading.occurrences)
        return TriageResult(emergency=False, health_language=health_language, **seen)
    leading, occurrences = hits[0]
    return TriageResult(emergency=True, kind=leading.name, matched=reading.quote(occurrences),
                        categories=tuple(c.name for c, _ in hits), health_language=True,
                        trigger=_trigger(reading, occurrences), **seen)


def _language(text: str, reading: Reading) -> Language | None:
    """The language the message's keywords and red-flag words show together, or None when none leads."""
    counts = keyword_counts(normalize(text))
    for language, found in reading.languages().items():
        counts[language] = counts.get(language, 0) + RED_FLAG_WORD_WEIGHT * found
    return leading_language(counts)


def _trigger(reading: Reading, occurrences: tuple[Occurrence, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(reading.quote((o,)) for o in sorted(occurrences, key=lambda o: o.start)))


def _cry_for_help(reading: Reading, live: dict[str, list[Occurrence]]) -> tuple[Occurrence, ...] | None:
    """The occurrences of a message that is only a call for help ("socorro!", "help me please"), else None."""
    if "HELP_CRY" not in live:
        return None
    cry = tuple(o for concept in ("HELP_CRY", "CRY_FILLER") for o in live.get(concept, ()))
    covered = {i for o in cry for i in range(o.start, o.end)}
    said = [i for i, word in enumerate(reading.words) if word not in MARKS]
    return cry if set(said) <= covered else None


def _live_by_concept(reading: Reading) -> dict[str, list[Occurrence]]:
    live: dict[str, list[Occurrence]] = {}
    for occurrence in reading.occurrences:
        if not occurrence.negated:
            live.setdefault(occurrence.concept, []).append(occurrence)
    return live


# Each rule, parsed once, filed under its first concept: a message only tries the rules it can satisfy.
_Rule = tuple[int, int, bool, tuple[str, ...], frozenset[str]]  # category index, rule index, soft, concepts


def _rule_index() -> dict[str, list[_Rule]]:
    index: dict[str, list[_Rule]] = {}
    for c, category in enumerate(CATEGORIES):
        for r, rule in enumerate(category.rules):
            concepts = tuple(rule.lstrip("~").split("+"))
            index.setdefault(concepts[0], []).append((c, r, rule.startswith("~"), concepts, frozenset(concepts)))
    return index


_RULE_INDEX = _rule_index()


def _candidates(present: frozenset[str]) -> list[tuple[Category, list[tuple[bool, tuple[str, ...]]]]]:
    """Per category (in priority order), the rules whose concepts are all present, in the category's order."""
    rules = sorted(rule for concept in present for rule in _RULE_INDEX.get(concept, ()) if rule[4] <= present)
    grouped: dict[int, list[tuple[bool, tuple[str, ...]]]] = {}
    for c, _, soft, concepts, _ in rules:
        grouped.setdefault(c, []).append((soft, concepts))
    return [(CATEGORIES[c], candidates) for c, candidates in grouped.items()]


def _category_hit(category: Category, candidates: list[tuple[bool, tuple[str, ...]]], reading: Reading,
                  live: dict[str, list[Occurrence]]) -> tuple[Occurrence, ...] | None:
    """The occurrences of the first candidate rule (all its concepts present) that holds and is not cleared."""
    if not candidates or _resolved(category, live):
        return None
    benign = any(b in live for b in category.benign)
    for soft, concepts in candidates:
        if soft and benign:
            continue
        for found in _combinations(concepts, category.window, live):
            if not (category.history_clears and _historical(found, reading, live)):
                return found
    return None


def _combinations(concepts: tuple[str, ...], window: int, live: dict[str, list[Occurrence]]):
    """Each way of finding every concept of a rule with all of them within `window` words of an anchor."""
    anchor_concept = min(concepts, key=lambda c: len(live[c]))
    for anchor in live[anchor_concept]:
        found = [anchor]
        for concept in concepts:
            if concept == anchor_concept:
                continue
            near = [o for o in live[concept] if abs(o.start - anchor.start) <= window]
            if not near:
                break
            found.append(min(near, key=lambda o: abs(o.start - anchor.start)))
        else:
            yield tuple(found)


def _historical(found: tuple[Occurrence, ...], reading: Reading, live: dict[str, list[Occurrence]]) -> bool:
    """A past episode ("em 2019", "retorno pós-AVC") or a story about one, with nothing saying it is back or on now."""
    if "RECURRING" in live:
        return False
    clauses = {reading.clause_of[o.start] for o in found}

    def said(concept: str) -> bool:
        return any(reading.clause_of[o.start] in clauses for o in live.get(concept, ()))

    if said("REPORTED"):  # a news story, a documentary, prevention: about the sign, not having it
        return True
    return said("DISTANT_PAST") and not said("CURRENT") and not said("ONGOING")


def _resolved(category: Category, live: dict[str, list[Occurrence]]) -> bool:
    """"It stopped, I'm fine now": clears categories where that is safe, never a recurring or ongoing sign."""
    if category.resolved_needs is None or "RESOLVED" not in live:
        return False
    if "RECURRING" in live or "ONGOING" in live:
        return False
    return not category.resolved_needs or any(c in live for c in category.resolved_needs)
