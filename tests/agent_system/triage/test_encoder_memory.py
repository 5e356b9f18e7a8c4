"""The semantic screen's encoder remembers the batches it encoded lately: same vectors, fewer encodings."""
from __future__ import annotations

import numpy as np
import pytest

from agent_system.triage.encoder_memory import RememberedEncoder
from agent_system.triage.semantic import load_encoder


class CountingEncoder:
    """An encoder that counts its batches; each text's vector is its length and first letter's code."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def encode(self, texts):
        self.batches.append(list(texts))
        return np.array([[len(t), ord(t[0]) if t else 0] for t in texts], dtype=np.float32)


def test_a_batch_encoded_lately_is_not_encoded_again():
    inner = CountingEncoder()
    encoder = RememberedEncoder(inner, size=8)
    first = encoder.encode(["Quero agendar com Dra. Camila Rocha no dia  às ", "Quero agendar com Dra"])
    again = encoder.encode(["Quero agendar com Dra. Camila Rocha no dia  às ", "Quero agendar com Dra"])
    other = encoder.encode(["Quero agendar com Dr. Paulo Henrique Lima no dia  às "])
    assert len(inner.batches) == 2
    assert np.array_equal(first, again) and other.shape == (1, 2)


def test_the_same_texts_split_otherwise_are_another_batch():
    inner = CountingEncoder()
    encoder = RememberedEncoder(inner, size=8)
    encoder.encode(["ab", "c"])
    encoder.encode(["a", "bc"])
    encoder.encode(["abc"])
    assert len(inner.batches) == 3


def test_the_memory_is_bounded_and_forgets_the_least_recent_first():
    inner = CountingEncoder()
    encoder = RememberedEncoder(inner, size=2)
    for text in ("um", "dois", "um", "tres"):  # "dois" is the least recent when "tres" comes
        encoder.encode([text])
    encoder.encode(["um"])
    encoder.encode(["dois"])
    assert inner.batches == [["um"], ["dois"], ["tres"], ["dois"]]


def test_it_keeps_no_message_text_and_hands_out_vectors_nobody_can_change():
    encoder = RememberedEncoder(CountingEncoder(), size=4)
    vectors = encoder.encode(["texto qualquer xyzzy plugh"])
    held = repr(vars(encoder)) + "".join(repr(k) for k in encoder._batches)  # noqa: SLF001 (what it holds)
    assert "xyzzy" not in held
    with pytest.raises(ValueError):
        vectors[0, 0] = 1.0


def test_the_real_encoder_gives_the_same_vectors_through_the_memory():
    real = load_encoder()
    texts = ["Quero agendar com Dr. Ricardo Lopes no dia  às ", "plugh xyzzy quux"]
    remembered = RememberedEncoder(real)
    assert np.array_equal(remembered.encode(texts), real.encode(texts))
    assert np.array_equal(remembered.encode(texts), real.encode(texts))
