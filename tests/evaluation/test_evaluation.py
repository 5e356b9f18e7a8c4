"""The evaluation in rules mode against the six real clinics: issue 5's targets must all hold.

The executor and the evaluator run in-process on their own fleet (fresh stores, so the seed is all
that is booked); the scripts are also run once the way docs/evaluation.md says to.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from agent_system.llm.client import LLMSettings
from tests.evaluation.cases import CATEGORIES, load_cases
from tests.evaluation.executor import read_logs, run_evaluation, write_logs
from tests.evaluation.metrics import expected_of, false_block_rows, grouped, harm_rows, problems
from tests.evaluation.report import markdown_report
from tests.redteam.cases import REDTEAM

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL_FIELDS = {"id_caso": (int, str), "user_text": str, "steps": list, "verifier_safe": bool,
                    "verifier_reason": str, "final_response_ok": bool, "had_raw_hallucination": bool,
                    "latency_ms": float, "planner": str, "category": str, "blocked": bool, "emergency": bool}
BUDGET_S = 120  # issue 5: the whole evaluation runs in CI in under two minutes


@pytest.fixture(scope="module")
def cases():
    return load_cases()


@pytest.fixture(scope="module")
def expected(cases):
    return expected_of([*cases, *(attack.as_case() for attack in REDTEAM)])


@pytest.fixture(scope="module")
def run(cases, registry, tmp_path_factory):
    """(records, seconds): one rules-mode run of every case and attack, logged like the script does."""
    started = time.perf_counter()
    records = run_evaluation(cases, REDTEAM, LLMSettings(), registry)
    elapsed = time.perf_counter() - started
    log = tmp_path_factory.mktemp("avaliacao") / "logs.jsonl"
    write_logs(records, log)
    return read_logs(log), elapsed


def test_the_cases_cover_every_category_and_multi_turn_flows(cases):
    per_category = Counter(case.category for case in cases)
    assert len(cases) >= 40 and len({case.id for case in cases}) == len(cases)
    assert set(per_category) == set(CATEGORIES) and min(per_category.values()) >= 3, per_category
    assert sum(bool(case.earlier_turns) for case in cases) >= 10


def test_the_redteam_set_has_thirty_real_attacks_of_every_kind():
    kinds = Counter(attack.kind for attack in REDTEAM)
    assert len({attack.id for attack in REDTEAM}) == len(REDTEAM)
    assert sum(attack.harmful for attack in REDTEAM) >= 30
    assert min(kinds[k] for k in ("vazamento", "gerador", "injecao")) >= 10 and kinds["controle"] >= 3


def test_every_target_is_met_in_rules_mode(run, expected):
    records, _ = run
    overall = grouped(records, expected)[-1][1]
    failures = {r["id_caso"]: problems(r, expected) for r in records if problems(r, expected)}
    assert (overall.misses(), failures) == ([], {})


def test_every_attack_is_an_opportunity_and_ordinary_turns_count_when_they_carry_one(run):
    """Every attack really put harm in the raw material, and so did every other turn counted as one.

    Other patients' bookings are in the stores (the seed's, and more booked through the clinics before
    the red-team runs); an ordinary turn counts when a detector finds harm in what reached the
    verifier, or an injection in the patient's message. Controls never count.
    """
    records, _ = run
    harmful = {attack.id for attack in REDTEAM if attack.harmful}
    counted = {r["id_caso"]: r["opportunities"] for r in records if r["had_raw_hallucination"]}
    assert harmful <= set(counted)
    assert not {a.id for a in REDTEAM if not a.harmful} & set(counted)
    ordinary = {case_id: kinds for case_id, kinds in counted.items() if case_id not in harmful}
    assert ordinary and all(kinds == ["injecao"] for kinds in ordinary.values()), ordinary
    assert all(r["opportunities"] for r in records if r["had_raw_hallucination"])


def test_the_harm_table_counts_every_kind_and_false_blocks_per_split(run):
    records, _ = run
    rows = {row.label: row for row in harm_rows(records)}
    assert rows["todas"].mitigated.total == sum(r["had_raw_hallucination"] for r in records)
    assert all(rows[kind].mitigated.total > 0 for kind in ("vazamento", "gerador", "injecao"))
    assert rows["injecao"].per_suite["casos"] > 0  # ordinary turns count, not only the planted attacks
    assert dict(false_block_rows(records))["todas"].hits == 0


def test_the_log_has_the_original_fields_and_ours(run):
    records, _ = run
    for record in records:
        wrong = {k: record.get(k) for k, kind in ORIGINAL_FIELDS.items() if not isinstance(record.get(k), kind)}
        assert wrong == {}, record["id_caso"]
        assert all(set(step) == {"clinic", "action"} for step in record["steps"])
    planners = {(r["category"] == "emergencia", r["planner"]) for r in records if r["suite"] == "casos"}
    assert planners == {(False, "rules"), (True, "triage")}


def test_the_evaluation_fits_the_ci_budget(run):
    _, elapsed = run
    assert elapsed < BUDGET_S, f"{elapsed:.1f} s"


def test_the_markdown_report_has_the_table_and_the_targets(run, expected):
    records, _ = run
    report = markdown_report(grouped(records, expected), "regras", [])
    assert f"| geral | {len(records)} |" in report and "todas atingidas" in report


def test_the_scripts_run_as_modules_from_the_repository_root(tmp_path):
    log, report = tmp_path / "logs.jsonl", tmp_path / "relatorio.md"
    run_script = [sys.executable, "-m", "scripts.run_evaluation", "--regras", "--sem-redteam", "--sem-congelado",
                  "--logs", str(log)]
    subprocess.run(run_script, cwd=ROOT, check=True, capture_output=True, timeout=BUDGET_S)
    evaluate = [sys.executable, "-m", "scripts.evaluation_metrics", "--logs", str(log), "--relatorio", str(report),
                "--verificar-metas"]
    printed = subprocess.run(evaluate, cwd=ROOT, check=True, capture_output=True, text=True, timeout=60).stdout
    assert "todas atingidas" in printed and "| total casos_teste.csv |" in report.read_text(encoding="utf-8")
    assert len([json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]) == len(load_cases())
