"""The semantic screen's heads and bank compute on one BLAS thread, as its encoder does.

With a thread per core, OpenBLAS's idle threads spin after every small product: on two cores that
more than doubled the web app's CPU per turn (`bench/profile_turns.py --cpu`)."""
from __future__ import annotations

import os

import numpy as np
from threadpoolctl import threadpool_info

from agent_system.triage.semantic import HEAD_FILE, SemanticScreen


class VectorsOfLength:
    """Stands in for the encoder: unit vectors of the length the shipped heads read."""

    def __init__(self, width: int):
        self.width = width

    def encode(self, texts):
        rows = np.random.default_rng(7).normal(size=(len(texts), self.width)).astype(np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


class BlasThreadsSeen:
    """Wraps the bank: notes how many BLAS threads were allowed while it ranked its examples."""

    def __init__(self, bank):
        self.bank, self.seen = bank, []

    def urgency(self, vectors):
        self.seen.append(max(lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"))
        return self.bank.urgency(vectors)


def test_the_heads_and_the_bank_score_a_message_on_one_blas_thread():
    assert (os.cpu_count() or 1) > 1, "on one core the limit cannot be told from the default"
    with np.load(HEAD_FILE) as saved:
        width = saved["vector_hidden_weights"].shape[0]
    screen = SemanticScreen.load(encoder=VectorsOfLength(width))
    spy = BlasThreadsSeen(screen._bank)
    screen._bank = spy
    screen.score("my neighbour has been very quiet since this morning and does not answer the door")
    assert spy.seen == [1]
