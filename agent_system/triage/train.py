"""Trains the semantic screen's heads and fills its bank from the corpus's dev split: `python -m agent_system.triage.train`.

Two networks of one hidden layer (ReLU) and a softmax, one over the sentence vectors and one over the
vectors with the lexicon's cues, each fitted by full-batch Adam for a fixed number of steps from weights
drawn with a fixed seed: the same corpus and encoder give the same weights. Classes are weighted by their
inverse frequency (a rare category counts as much as routine), and the sentences of routine messages are
routine examples too, since the screen scores sentences. The near-miss bank holds the same texts' vectors.
"""
from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

import numpy as np

from agent_system.domain.language import Language
from agent_system.triage.bank import NearestExamples
from agent_system.triage.corpus import CATEGORIES, Example, examples
from agent_system.triage.cues import cues
from agent_system.triage.semantic import (HEAD_FILE, ROUTINE, Head, Heads, SentenceEncoder, load_encoder, sentences,
                                          softmax, without_when)

__all__ = ["CLASSES", "fit", "fit_screen", "language_of", "main", "train", "training_set"]

CLASSES = (ROUTINE, *CATEGORIES)
HIDDEN = 256
STEPS = 300
LEARNING_RATE = 3e-3
L2 = 1e-4
SEED = 20261127
_BETAS, _EPSILON = (0.9, 0.999), 1e-8  # Adam's usual moment decays and its guard against dividing by zero


def training_set(rows: list[Example]) -> tuple[list[str], np.ndarray, list[Language]]:
    """The texts, class indices and languages to fit: every message, plus each sentence of a routine one."""
    texts, targets, languages = [], [], []
    for row in rows:
        parts = [row.text, *([] if row.emergency else sentences(row.text))]
        texts += parts
        targets += [CLASSES.index(row.target)] + [CLASSES.index(ROUTINE)] * (len(parts) - 1)
        languages += [language_of(row)] * len(parts)
    return texts, np.array(targets), languages


def language_of(row: Example) -> Language:
    """The language a turn would read the message in: English, or Portuguese (mixed messages too)."""
    return "en" if row.language == "en" else "pt"


def fit(inputs: np.ndarray, targets: np.ndarray, classes: int = len(CLASSES), steps: int = STEPS) -> Head:
    """A class-balanced, L2-regularised one-hidden-layer network over the input rows."""
    rng = np.random.default_rng(SEED)
    x = inputs.astype(np.float32)  # single precision: half the CPU of double, and the same scores in cross-validation
    onehot = np.eye(classes, dtype=np.float32)[targets]
    counts = np.maximum(onehot.sum(axis=0), 1.0)
    row_weight = (len(targets) / (classes * counts))[targets][:, None]
    row_weight = (row_weight / row_weight.sum()).astype(np.float32)
    weights = [rng.normal(0.0, 1.0 / np.sqrt(x.shape[1]), (x.shape[1], HIDDEN)).astype(np.float32),
               np.zeros(HIDDEN, np.float32),
               rng.normal(0.0, 1.0 / np.sqrt(HIDDEN), (HIDDEN, classes)).astype(np.float32), np.zeros(classes, np.float32)]
    moments = [(np.zeros_like(w), np.zeros_like(w)) for w in weights]
    for step in range(1, steps + 1):
        w1, b1, w2, b2 = weights
        hidden = np.maximum(x @ w1 + b1, 0.0)
        error = (softmax(hidden @ w2 + b2) - onehot) * row_weight
        back = (error @ w2.T) * (hidden > 0)
        gradients = (x.T @ back + L2 * w1, back.sum(axis=0), hidden.T @ error + L2 * w2, error.sum(axis=0))
        for weight, (first, second), gradient in zip(weights, moments, gradients):
            first += (1 - _BETAS[0]) * (gradient - first)
            second += (1 - _BETAS[1]) * (gradient * gradient - second)
            weight -= LEARNING_RATE * (first / (1 - _BETAS[0] ** step)) / (
                np.sqrt(second / (1 - _BETAS[1] ** step)) + _EPSILON)
    return Head(*weights)


def fit_screen(texts: list[str], targets: np.ndarray, languages: list[Language], encoder: SentenceEncoder,
               steps: int = STEPS) -> tuple[Heads, NearestExamples]:
    """Both heads, on the same texts (the vectors alone, and with the texts' cues), and the bank of those texts."""
    vectors = encoder.encode([without_when(t) for t in texts])
    heads = Heads(vector=fit(vectors, targets, steps=steps),
                  with_cues=fit(np.hstack([vectors, cues(texts, languages)]), targets, steps=steps))
    return heads, NearestExamples.of(vectors, targets != CLASSES.index(ROUTINE))


def train(rows: list[Example], encoder: SentenceEncoder, steps: int = STEPS) -> dict[str, np.ndarray]:
    """The heads' and the bank's arrays, the classes, and a fingerprint of the texts they were made from."""
    texts, targets, languages = training_set(rows)
    heads, bank = fit_screen(texts, targets, languages, encoder, steps=steps)
    fingerprint = hashlib.sha256("\n".join(texts).encode("utf-8")).hexdigest()
    return {**heads.arrays(), **bank.arrays(), "classes": np.array(CLASSES), "corpus_sha256": np.array(fingerprint)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train the triage screen's semantic heads and bank on the dev split.")
    parser.add_argument("--out", type=Path, default=HEAD_FILE, help=f"where to write the heads (default {HEAD_FILE})")
    args = parser.parse_args(argv)
    rows = examples("dev")
    heads = train(rows, load_encoder())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # The heads are numbers and strings: nothing to pickle.
    np.savez_compressed(args.out, allow_pickle=False, **heads)
    print(f"trained on {len(rows)} dev messages; wrote {args.out}")


if __name__ == "__main__":
    main()
