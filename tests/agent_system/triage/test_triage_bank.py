"""The near-miss bank: a text's urgency is the share of emergencies among its nearest examples, nearest first."""
from __future__ import annotations

import numpy as np

from agent_system.triage.bank import NEAREST, NearestExamples


def bank_of(emergencies: int, routine: int, seed: int = 1) -> tuple[NearestExamples, np.ndarray]:
    vectors = np.random.default_rng(seed).normal(size=(emergencies + routine, 64)).astype(np.float32)
    return NearestExamples.of(vectors, np.arange(len(vectors)) < emergencies), vectors


def test_a_text_told_like_an_emergency_of_the_bank_is_urgent_and_one_told_like_a_near_miss_is_not():
    bank, vectors = bank_of(emergencies=20, routine=20)
    urgency = bank.urgency(vectors[[3, 30]] * 2.5)  # the length of a vector does not matter, its direction does
    assert urgency[0] > 0.99 and urgency[1] < 0.01


def test_the_nearest_examples_count_most():
    rng = np.random.default_rng(2)
    anchor = rng.normal(size=64).astype(np.float32)
    near = anchor + 0.05 * rng.normal(size=64)  # one routine example right beside the text
    farther = [anchor + 0.6 * rng.normal(size=64) for _ in range(NEAREST - 1)]  # emergencies further away
    bank = NearestExamples.of(np.array([near, *farther], dtype=np.float32), np.array([False] + [True] * len(farther)))
    assert bank.urgency(anchor[None])[0] < 0.5


def test_the_bank_saved_and_loaded_scores_exactly_as_the_one_built():
    bank, vectors = bank_of(emergencies=15, routine=25)
    saved = bank.arrays()
    assert saved["bank_vectors"].dtype == np.float16
    np.testing.assert_array_equal(NearestExamples.from_arrays(saved).urgency(vectors), bank.urgency(vectors))
