"""The sentence encoder with a short memory: a batch of texts encoded lately is not encoded again.

The page books a tapped slot with a fixed sentence ("Quero agendar com {doctor} no dia {date} às
{time}"), and the semantic screen reads a message without its dates and hours: so booking turns ask
the encoder for the very texts it encoded a few turns before, at a few milliseconds of CPU each
time. The memory is keyed by a hash of the batch (no message text is kept) and returns the vectors
that same batch gave, so every score is exactly what the encoder alone would give.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import Sequence

import numpy as np

from agent_system.triage.semantic import SentenceEncoder

BATCHES_KEPT = 1024  # a few hundred KiB of vectors per process


class RememberedEncoder:
    """A SentenceEncoder that hands back the vectors of a batch it encoded lately, least recent forgotten first."""

    def __init__(self, encoder: SentenceEncoder, size: int = BATCHES_KEPT):
        self._encoder, self._size = encoder, size
        self._batches: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The texts' vectors (read-only), encoded now or remembered from the same batch."""
        key = _digest(texts)
        with self._lock:
            vectors = self._batches.get(key)
            if vectors is not None:
                self._batches.move_to_end(key)
                return vectors
        vectors = self._encoder.encode(texts)
        vectors.flags.writeable = False  # shared by every turn that asks again
        with self._lock:
            self._batches[key] = vectors
            while len(self._batches) > self._size:
                self._batches.popitem(last=False)
        return vectors


def _digest(texts: Sequence[str]) -> bytes:
    """A batch's key: each text with its length, so that no other split of the same characters shares it."""
    digest = hashlib.sha256()
    for text in texts:
        data = text.encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.digest()
