"""The triage on the blind case set (data/development/triage_cases.csv): every emergency caught, near misses left alone."""
from __future__ import annotations

from collections import Counter

import pytest

from scripts.triage_scores import DOC, END, START, load_cases, render, tallies, wrong_cases

NARRATIVE_FORMS = {"narrative_consequence", "narrative_relative", "narrative_bystander", "buried_in_booking", "hedged"}


@pytest.fixture(scope="module")
def cases():
    return load_cases()


def test_the_case_set_is_large_varied_and_sourced(cases):
    positives = [c for c in cases if c.emergency]
    per_category = Counter(c.category for c in positives)
    assert len(cases) >= 250 and len(positives) >= 170 and len(cases) - len(positives) >= 80
    assert sum(c.form in NARRATIVE_FORMS for c in cases) >= 60
    assert len(per_category) >= 12 and min(per_category.values()) >= 10
    assert sum(c.language == "pt" for c in positives) >= 0.4 * len(positives)
    assert sum(c.person == "third" for c in positives) >= 0.25 * len(positives)
    assert all(c.source.strip() for c in cases)
    assert len({c.id for c in cases}) == len(cases)


def test_every_emergency_is_caught_and_near_misses_are_left_alone(cases):
    assert [(c.id, c.text) for c in wrong_cases(cases) if c.emergency] == []
    near_misses = tallies(cases, emergency=False, key=lambda c: c.form)[("all", "all")]
    assert near_misses.rate >= 0.97, near_misses


def test_the_evaluation_doc_shows_the_current_figures(cases):
    doc = DOC.read_text(encoding="utf-8")
    assert doc.split(START, 1)[1].split(END, 1)[0] == "\n" + render(cases)
