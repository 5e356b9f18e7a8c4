"""The near-miss bank: the training messages themselves, as vectors, and whether each told an emergency.

The heads generalise; the bank remembers. A near miss written like an emergency ("he's breathing fine, no
blue lips") lies close to the near misses the corpus holds, whatever the heads make of it, and a story
told like one the corpus labelled an emergency lies close to that one. A text's bank urgency is the share
of emergencies among its nearest examples, the nearest counting most.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["NearestExamples"]

NEAREST = 10
SHARPNESS = 20.0  # how much more a nearer example counts: exp(SHARPNESS x cosine similarity)


class NearestExamples(NamedTuple):
    """The bank's unit vectors, rounded to half precision (ranking needs no more, the file half the size), and labels."""
    vectors: np.ndarray
    emergency: np.ndarray

    @classmethod
    def of(cls, vectors: np.ndarray, emergency: np.ndarray) -> "NearestExamples":
        """A bank of these vectors, labelled emergency (True) or routine (False)."""
        return cls(_unit(vectors).astype(np.float16).astype(np.float32), np.asarray(emergency, dtype=bool))

    def arrays(self) -> dict[str, np.ndarray]:
        """The bank as the head file keeps it."""
        return {"bank_vectors": self.vectors.astype(np.float16), "bank_emergency": self.emergency}

    @classmethod
    def from_arrays(cls, saved) -> "NearestExamples":
        """The bank from the arrays `arrays()` named."""
        return cls(saved["bank_vectors"].astype(np.float32), saved["bank_emergency"].astype(bool))

    def urgency(self, vectors: np.ndarray) -> np.ndarray:
        """Per vector, the similarity-weighted share of emergencies among its nearest examples."""
        similarity = _unit(vectors) @ self.vectors.T
        nearest = np.argpartition(-similarity, NEAREST - 1, axis=1)[:, :NEAREST]
        close = np.take_along_axis(similarity, nearest, axis=1)
        weight = np.exp(SHARPNESS * (close - close.max(axis=1, keepdims=True)))
        return (weight * self.emergency[nearest]).sum(axis=1) / weight.sum(axis=1)


def _unit(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
