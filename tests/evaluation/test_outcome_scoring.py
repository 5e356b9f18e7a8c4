"""TSR and TCA judge outcomes: the frozen split runs for real, and a broken planner is caught.

The frozen split's pass rate is reported, not asserted (it measures the product on unseen
messages; docs/evaluation.md has the figures). What is asserted is that the scores can see a wrong
outcome: a planner that books the last listed slot when the patient picked the first one passes
the old TSR and fails the new TSR and TCA on every ordinal case the real planner gets right.
"""
from __future__ import annotations

import pytest

from agent_system.llm.client import LLMSettings
from tests.evaluation.cases import load_cases, load_frozen_cases
from tests.evaluation.executor import run_frozen
from tests.evaluation.metrics import checks_of, expected_of, figures, frozen_rows, problems, task_succeeded
from tests.evaluation.report import text_table
from tests.evaluation.web_runner import run_frozen_over_http

BOOK = "book_appointment"


class LastSlotPlanner:
    """A deliberately broken planner: when the product books the first slot of the last listing,
    it books that listing's last slot instead."""

    def __init__(self, planner):
        self.planner = planner

    def plan(self, reading, conversation, today):
        """The real plan, with a pick of the first listed slot moved to the last one."""
        plan = self.planner.plan(reading, conversation, today)
        offers = conversation.state.listed
        if len(offers) < 2:
            return plan
        return plan.model_copy(update={"steps": [_moved(step, offers[0], offers[-1]) for step in plan.steps]})


def _moved(step, first, last):
    booked = (step.parameters.get("doctor"), step.parameters.get("date"), step.parameters.get("time"))
    if step.action != BOOK or booked != (first.doctor, first.date, first.time):
        return step
    parameters = {**step.parameters, "doctor": last.doctor, "date": last.date, "time": last.time}
    return step.model_copy(update={"clinic": last.clinic, "parameters": parameters})


@pytest.fixture(scope="module")
def frozen():
    return load_frozen_cases()


@pytest.fixture(scope="module")
def expected(frozen):
    return expected_of(frozen)


@pytest.fixture(scope="module")
def frozen_run(frozen, registry):
    return run_frozen(frozen, LLMSettings(), registry)


@pytest.fixture(scope="module")
def ordinal(frozen):
    return [case for case in frozen if case.case_class == "agendar_ordinal"]


@pytest.fixture(scope="module")
def mutated(ordinal, registry):
    """The ordinal picks run again, the broken planner passed in place of the product's."""
    return {r["id_caso"]: r for r in run_frozen(ordinal, LLMSettings(), registry, planner=LastSlotPlanner)}


def test_the_frozen_split_runs_and_is_reported(frozen_run, frozen, expected, capsys):
    """Every case ran and was judged on its outcome; the figures are printed, not asserted."""
    assert [r["id_caso"] for r in frozen_run] == [case.id for case in frozen]
    assert all("store_change" in r and "planned" in r for r in frozen_run)
    with capsys.disabled():
        print("\nDivisão de teste congelada (relatório, sem meta):\n" + text_table(frozen_rows(frozen_run, expected)))
        for record in frozen_run:
            if found := problems(record, expected):
                print(f"  {record['id_caso']}: {'; '.join(found)}")


def test_the_ordinal_mutation_fails_tsr_and_tca(ordinal, expected, frozen_run, mutated):
    real = {r["id_caso"]: r for r in frozen_run if r["id_caso"] in {case.id for case in ordinal}}
    right = [i for i, r in real.items() if task_succeeded(r, expected) and all(c.ok for c in checks_of(r, expected))]
    assert len(right) >= 5, "too few ordinal picks pass with the real planner to prove anything"
    caught = {i: (task_succeeded(mutated[i], expected), all(c.ok for c in checks_of(mutated[i], expected)))
              for i in right}
    assert caught == {i: (False, False) for i in right}
    old = figures([mutated[i] for i in right], expected)
    # The old TSR saw none of it; the old TCA only the picks whose last slot sat at another clinic.
    assert (old.tsr_old.hits, old.tsr.hits, old.tca.hits) == (len(right), 0, 0) and old.tca_old.hits > 0


def test_the_ordinal_mutation_fails_the_development_set_too(registry):
    """The development set's first/earliest picks now state their slot: the same mutant fails them."""
    picks = [case for case in load_cases() if case.id in (14, 16, 55)]
    expected = expected_of(picks)
    real = run_frozen(picks, LLMSettings(), registry)
    mutated = run_frozen(picks, LLMSettings(), registry, planner=LastSlotPlanner)
    assert [task_succeeded(r, expected) for r in real] == [True] * len(picks)
    assert [(task_succeeded(r, expected), all(c.ok for c in checks_of(r, expected))) for r in mutated] == \
        [(False, False)] * len(picks)
    assert all(r["final_response_ok"] for r in mutated), "the old TSR passed them"


def test_the_mutant_really_booked_the_last_slot(ordinal, expected, mutated):
    """The failure is the wrong slot in the store, reported field by field, not a crash."""
    case = ordinal[0]
    record = mutated[case.id]
    booked = [row["slot"] for row in record["store_change"]["booked"]]
    assert record["final_response_ok"] and len(booked) == 1 and booked[0] != case.outcome["agendada"]
    assert any(p.startswith("time: esperado") for c in checks_of(record, expected) for p in c.problems)


def test_over_http_the_frozen_split_is_judged_as_in_process(frozen, expected, frozen_run, registry):
    """Through the real web app (HTTP + SSE) every case gets the same TSR and TCA verdicts."""
    over_http = run_frozen_over_http(frozen, LLMSettings(), registry)
    assert all(r["transport"] == "http" for r in over_http)

    def verdicts(records):
        return {r["id_caso"]: (task_succeeded(r, expected), [c.ok for c in checks_of(r, expected)]) for r in records}
    assert verdicts(over_http) == verdicts(frozen_run)
