"""The first conversation split's shape: large, bilingual, multi-turn, every outcome stated.

That it stays out of the product, and unchanged, is checked with every other split in
`test_split_overlap.py`.
"""
from __future__ import annotations

from collections import Counter

from tests.evaluation.cases import CATEGORIES, FROZEN_CSV, load_frozen_cases

OUTCOME_KINDS = {"horarios", "agendada", "cancelada", "remarcada", "consultas", "mantidas"}


def test_the_frozen_split_is_large_bilingual_and_multi_turn():
    cases = load_frozen_cases()
    languages = Counter(case.lang for case in cases)
    assert len(cases) >= 80 and len({case.id for case in cases}) == len(cases) and FROZEN_CSV.exists()
    assert {case.category for case in cases} <= set(CATEGORIES)
    assert sum(bool(case.earlier_turns) for case in cases) >= 20
    assert set(languages) == {"pt", "en"} and languages["pt"] >= 0.5 * len(cases) >= languages["en"], languages


def test_every_frozen_case_states_its_outcome_and_step_parameters():
    for case in load_frozen_cases():
        assert case.outcome is not None and set(case.outcome) <= OUTCOME_KINDS, case.id
        assert len(case.expected_params) == len(case.expected), case.id
        writes = {"agendada", "cancelada", "remarcada"} & set(case.outcome)
        assert len(writes) <= 1 and (case.awaits_confirmation == "sim") >= bool({"cancelada", "remarcada"} & writes)

