"""The held-out understanding turns (data/development/casos_compreensao.csv) on their own fleet: the targets must hold.

TCA counts every expected step planned on the right clinic with the right action and parameters; TSR
counts cases whose stores and answer show the stated outcome. The table prints with `pytest -s`.
"""
from __future__ import annotations

from scripts.measure_understanding import load, measure, table

TCA_TARGET, TSR_TARGET = 0.97, 0.95


def test_the_held_out_understanding_turns_meet_the_targets():
    verdicts = measure(load())
    print("\n" + table(verdicts))
    steps_right, steps = sum(v.steps_right for v in verdicts), sum(v.steps_expected for v in verdicts)
    successes = sum(v.success for v in verdicts)
    failing = {v.case["id_caso"]: [*v.problems, v.plan_note] for v in verdicts if v.problems or v.plan_note}
    assert steps_right / steps >= TCA_TARGET and successes / len(verdicts) >= TSR_TARGET, failing
