"""Trains the semantic screen's head on the corpus's dev split: `python -m agent_system.triage.train`.

One hidden layer (ReLU) and a softmax, fitted by full-batch gradient descent for a fixed number of
steps from weights drawn with a fixed seed: the same corpus and encoder give the same weights.
Classes are weighted by their inverse frequency (a rare category counts as much as routine), and
the sentences of routine messages are routine examples too, since the screen scores sentences.
"""
from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

import numpy as np

from agent_system.triage.corpus import CATEGORIES, Example, examples
from agent_system.triage.semantic import (HEAD_FILE, ROUTINE, Head, SentenceEncoder, load_encoder, sentences, softmax,
                                          without_when)

__all__ = ["CLASSES", "fit", "main", "train", "training_set"]

CLASSES = (ROUTINE, *CATEGORIES)
HIDDEN = 256
STEPS = 3000
LEARNING_RATE = 1.0
L2 = 1e-4
SEED = 20261127


def training_set(rows: list[Example]) -> tuple[list[str], np.ndarray]:
    """The texts and class indices to fit: every message, plus each sentence of a routine one."""
    texts, targets = [], []
    for row in rows:
        texts.append(row.text)
        targets.append(CLASSES.index(row.target))
        if not row.emergency:
            for sentence in sentences(row.text):
                texts.append(sentence)
                targets.append(CLASSES.index(ROUTINE))
    return texts, np.array(targets)


def fit(vectors: np.ndarray, targets: np.ndarray, classes: int = len(CLASSES), steps: int = STEPS) -> Head:
    """A class-balanced, L2-regularised one-hidden-layer network over the vectors."""
    rng = np.random.default_rng(SEED)
    x = vectors.astype(np.float64)
    onehot = np.eye(classes)[targets]
    counts = np.maximum(onehot.sum(axis=0), 1.0)
    row_weight = (len(targets) / (classes * counts))[targets][:, None] / len(targets)
    w1 = rng.normal(0.0, 1.0 / np.sqrt(x.shape[1]), (x.shape[1], HIDDEN))
    w2 = rng.normal(0.0, 1.0 / np.sqrt(HIDDEN), (HIDDEN, classes))
    b1, b2 = np.zeros(HIDDEN), np.zeros(classes)
    for _ in range(steps):
        hidden = np.maximum(x @ w1 + b1, 0.0)
        error = (softmax(hidden @ w2 + b2) - onehot) * row_weight
        back = (error @ w2.T) * (hidden > 0)
        w2 -= LEARNING_RATE * (hidden.T @ error + L2 * w2)
        b2 -= LEARNING_RATE * error.sum(axis=0)
        w1 -= LEARNING_RATE * (x.T @ back + L2 * w1)
        b1 -= LEARNING_RATE * back.sum(axis=0)
    return Head(*(a.astype(np.float32) for a in (w1, b1, w2, b2)))


def train(rows: list[Example], encoder: SentenceEncoder, steps: int = STEPS) -> dict[str, np.ndarray]:
    """The head's arrays, its classes, and a fingerprint of the texts it was trained on."""
    texts, targets = training_set(rows)
    head = fit(encoder.encode([without_when(t) for t in texts]), targets, steps=steps)
    fingerprint = hashlib.sha256("\n".join(texts).encode("utf-8")).hexdigest()
    return {**head._asdict(), "classes": np.array(CLASSES), "corpus_sha256": np.array(fingerprint)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train the triage screen's semantic head on the corpus's dev split.")
    parser.add_argument("--out", type=Path, default=HEAD_FILE, help=f"where to write the head (default {HEAD_FILE})")
    args = parser.parse_args(argv)
    rows = examples("dev")
    head = train(rows, load_encoder())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **head)
    print(f"trained on {len(rows)} dev messages; wrote {args.out}")


if __name__ == "__main__":
    main()
