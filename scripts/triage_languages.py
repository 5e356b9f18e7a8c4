"""Regenerates triage/phrases/languages.json: the red-flag words that only one language uses.

A short emergency ("acho q to infartando", "kid ate grandma's tablets") has too few booking words to
tell its language, but its red-flag words tell it. pyspellchecker's Portuguese and English word
lists (a test-only dependency) say which lexicon words and stems belong to one language only; the
product ships that small list.

    python -m scripts.triage_languages
"""
from __future__ import annotations

import bisect
import gzip
import json
from importlib import resources

from agent_system.triage.categories import ALL_CONCEPTS
from agent_system.triage.lexicon import PHRASES
from agent_system.language.text import plain_text

TARGET = PHRASES / "languages.json"
LANGUAGES = ("pt", "en")
MIN_COUNT = 50  # rarer than this in its own language: too little evidence either way
RATIO = 20  # a word belongs to a language when it is this many times more frequent there than in the other
# Everyday red-flag words the dictionaries lack (diminutives, slang, drug and brand names, British spelling).
MISSED = {
    "pt": """agrotoxico* alergista amaciante amarelinho amoxicilina anafilatico autolesao automutil* barrigao botijao
             brotoeja* cadeirante caidinha caidinho cardiorrespiratoria cesarea chumbinho convulc* convulssao
             coronariana cortezinho costelinha* desentupidor desmaei dipirona dodoi embacad* embacada embacou embaixo
             enxaguante fontanela formigamento gemidinho glicemia ibuprofeno imas inconcien* incosciente infart*
             infarte infarto infeccao infectad* lacraia manchinhas maozinhas marimbondo muricoca* narizinho nenem
             panturrilha paraliz* pequenininh* pintinhas pra preeclampsia queimacao removedor retrasado roxinha
             roxinho sangramento sepse taturana tou tremedeira ultrassonografia vo vozinha vozinho zonza""".split(),
    "en": "labour meds neighbour neighbour* organiser recognise sanitiser selfharm stepdad stepmom epipen*".split(),
}


class _Counts:
    """Folded word frequencies of one language, for words and for every word starting with a stem."""

    def __init__(self, language: str) -> None:
        path = resources.files("spellchecker") / "resources" / f"{language}.json.gz"
        with gzip.open(str(path), "rt", encoding="utf-8") as handle:
            raw = json.load(handle)
        counts: dict[str, int] = {}
        for word, count in raw.items():
            folded = plain_text(word)
            counts[folded] = counts.get(folded, 0) + count
        self.words = counts
        self.sorted = sorted(counts)
        running, self.cumulative = 0, []
        for word in self.sorted:
            running += counts[word]
            self.cumulative.append(running)

    def of(self, element: str) -> int:
        if not element.endswith("*"):
            return self.words.get(element, 0)
        stem = element[:-1]
        low = bisect.bisect_left(self.sorted, stem)
        high = bisect.bisect_left(self.sorted, stem + "\x7f")
        if high <= low:
            return 0
        return self.cumulative[high - 1] - (self.cumulative[low - 1] if low else 0)


def elements() -> set[str]:
    """Every word and stem the red-flag terms are made of (a lone "*" matches any word: left out)."""
    return {e for terms in ALL_CONCEPTS.values() for term in terms for e in term.replace("-", " ").split()
            if e != "*" and e.rstrip("*").isalpha()}


def languages_of(found: set[str]) -> dict[str, list[str]]:
    """For each language, the elements far more frequent in it than in the other."""
    counts = {language: _Counts(language) for language in LANGUAGES}
    shown: dict[str, list[str]] = {language: [] for language in LANGUAGES}
    for element in sorted(found):
        pt, en = counts["pt"].of(element), counts["en"].of(element)
        if pt >= MIN_COUNT and pt >= RATIO * en or element in MISSED["pt"]:
            shown["pt"].append(element)
        elif en >= MIN_COUNT and en >= RATIO * pt or element in MISSED["en"]:
            shown["en"].append(element)
    return shown


def render(shown: dict[str, list[str]]) -> str:
    """The lists as the lexicon reads them."""
    return json.dumps(shown, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    result = languages_of(elements())
    TARGET.write_text(render(result), encoding="utf-8")
    print(f"{len(result['pt'])} Portuguese and {len(result['en'])} English words written to {TARGET}")
