"""The whole screen (lexicon, semantic score, bands) cross-validated on the corpus's dev split.

    .venv/bin/python bench/triage_cv.py            # 5-fold: every dev message scored by a head that never saw it

Each fold trains the heads and fills the bank as `python -m agent_system.triage.train` does, on the other four folds, and the
held-out fold goes through the same `screen()` the pipeline calls; the per-category table is the report's.
This is where the head and the bands are chosen: the test split only measures the result.
Encoder vectors are cached in var/ by text, so a second run pays only the training.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # `python bench/triage_cv.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent_system.domain.language import Language  # noqa: E402
from agent_system.triage.corpus import Example, examples  # noqa: E402
from agent_system.triage.bands import Thresholds, combine  # noqa: E402
from bench.triage_report import measure, summary  # noqa: E402
from agent_system.triage.screen import assess  # noqa: E402
from agent_system.triage.second_net import _words_around  # noqa: E402
from agent_system.triage.semantic import SemanticScore, SemanticScreen, SentenceEncoder, load_encoder  # noqa: E402
from agent_system.triage.train import CLASSES, fit_screen, training_set  # noqa: E402

FOLDS = 5
CACHE = Path(__file__).resolve().parent.parent / "var" / "triage_vectors.npz"
SCORES = CACHE.with_name("triage_cv_scores.json")


class CachedEncoder:
    """The encoder, remembering every text's vector across folds and runs."""

    def __init__(self, encoder: SentenceEncoder, path: Path = CACHE):
        self._encoder, self._path = encoder, path
        self._vectors: dict[str, np.ndarray] = {}
        if path.exists():
            with np.load(path) as saved:
                self._vectors = dict(zip((str(k) for k in saved["keys"]), saved["vectors"]))

    def encode(self, texts) -> np.ndarray:
        keys = [_key(t) for t in texts]
        missing = {k: t for k, t in zip(keys, texts) if k not in self._vectors}
        if missing:
            self._vectors.update(zip(missing, self._encoder.encode(list(missing.values()))))
        return np.stack([self._vectors[k] for k in keys])

    def save(self) -> None:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(self._path, keys=np.array(list(self._vectors)), vectors=np.stack(list(self._vectors.values())))


class FoldScorer:
    """Scores each dev message with the head of the fold that held it out."""

    def __init__(self, screens: list[SemanticScreen], fold_of: dict[str, int]):
        self._screens, self._fold_of = screens, fold_of

    def score(self, text: str, language: Language | None = None) -> SemanticScore:
        return self._screens[self._fold_of[text]].score(text, language)


class SavedScores:
    """Out-of-fold scores kept from an earlier run: the bands can be tried again without training."""

    def __init__(self, scorer: FoldScorer | None = None, path: Path = SCORES):
        self._scorer, self._path = scorer, path
        self._scores: dict[str, list] = json.loads(path.read_text()) if scorer is None else {}

    def score(self, text: str, language: Language | None = None) -> SemanticScore:
        if text not in self._scores:
            found = self._scorer.score(text, language)
            self._scores[text] = [found.emergency, found.category]
        return SemanticScore(*self._scores[text])

    def save(self) -> None:
        self._path.write_text(json.dumps(self._scores, ensure_ascii=False))


def folds(rows: list[Example]) -> list[int]:
    """A fixed fold per message, from its id (the same message always lands in the same fold)."""
    return [int(hashlib.sha256(r.id.encode()).hexdigest(), 16) % FOLDS for r in rows]


def fold_scorer(rows: list[Example], encoder: CachedEncoder) -> FoldScorer:
    """Trains one head per fold on the other folds."""
    fold_ids = folds(rows)
    screens = []
    for fold in range(FOLDS):
        texts, targets, languages = training_set([r for r, f in zip(rows, fold_ids) if f != fold])
        screens.append(SemanticScreen(encoder, *fit_screen(texts, targets, languages, encoder), CLASSES))
        print(f"fold {fold + 1}/{FOLDS} trained", file=sys.stderr)
    return FoldScorer(screens, {r.text: f for r, f in zip(rows, fold_ids)})


def sweep(rows: list[Example], scores: SavedScores) -> None:
    """Sensitivity and specificity of the bands over a grid of thresholds, on the saved out-of-fold scores."""
    seen = [(r, assess(r.text, "en" if r.language == "en" else "pt"), scores.score(r.text)) for r in rows]
    seen = [(r, lexicon, score, _words_around(lexicon.trigger, r.text)) for r, lexicon, score in seen]
    grid = [Thresholds(emergency_at=e, overruled_below=o, overruled_from_words=w, doubt_at=d)
            for e in (0.55, 0.6, 0.65, 0.7, 0.75, 0.8) for o in (0.2, 0.3, 0.4) for w in (0, 6, 8, 10)
            for d in (0.4, 0.5, 0.6)]
    emergencies, routine = sum(r.emergency for r in rows), sum(not r.emergency for r in rows)
    for t in grid:
        bands = [(r.emergency, combine(lexicon, score, t, words).band) for r, lexicon, score, words in seen]
        caught = sum(b == "emergency" for e, b in bands if e) / emergencies
        flagged = sum(b != "clear" for e, b in bands if e) / emergencies
        alarms = sum(b == "emergency" for e, b in bands if not e) / routine
        clear = sum(b == "clear" for e, b in bands if not e) / routine
        print(f"{t.emergency_at}\t{t.overruled_below}\t{t.overruled_from_words}\t{t.doubt_at}\t"
              f"sensitivity {caught:.2%}\tflagged {flagged:.2%}\tspecificity {1 - alarms:.2%}\tclear {clear:.2%}")


def _key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The screen cross-validated on the dev split, per category.")
    parser.add_argument("--saved", action="store_true", help="reuse the last run's out-of-fold scores (bands only)")
    parser.add_argument("--sweep", action="store_true", help="with --saved: try the bands over a grid of thresholds")
    args = parser.parse_args(argv)
    rows = examples("dev")
    if args.saved:
        scores = SavedScores()
        if args.sweep:
            return sweep(rows, scores)
    else:
        encoder = CachedEncoder(load_encoder())
        scores = SavedScores(fold_scorer(rows, encoder))
        encoder.save()
    print(summary(measure(rows, scores), len(rows)))
    scores.save()


if __name__ == "__main__":
    main()
