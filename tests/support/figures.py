"""Every generated block of the docs and what it is generated from.

A block whose figures come from a run (benchmarks, timings, the held-out ledger) is rendered from
the JSON the run wrote, by the function that wrote it; `tests/architecture/test_generated_figures.py`
fails when the document and the rendering differ. The blocks the suite recomputes on every run
are checked by their own tests, named here.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench import report as bench_report
from bench import round_cuts, serve, store_bench, triage_bench, turn_instructions
from scripts import evaluation_metrics
from tests.evaluation import splits

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class RenderedBlock:
    """A block of a document and the JSON it is rendered from."""
    document: Path
    start: str
    end: str
    figures: Path
    render: Callable[[dict], str]

    def in_document(self) -> str:
        """The block's text as the document holds it."""
        text = self.document.read_text(encoding="utf-8")
        assert self.start in text and self.end in text, f"{self.document.name} lacks {self.start}"
        return text.split(self.start, 1)[1].split(self.end, 1)[0].strip()

    def rendered(self) -> str:
        """The block's text as its JSON renders it."""
        return self.render(json.loads(self.figures.read_text(encoding="utf-8"))).strip()


RENDERED = (
    RenderedBlock(ROOT / "docs" / "performance.md", bench_report.BEGIN, bench_report.END,
                  ROOT / "docs" / "performance.json", bench_report.markdown),
    RenderedBlock(ROOT / "docs" / "performance.md", serve.START, serve.END, serve.FIGURES, serve.report),
    RenderedBlock(ROOT / "docs" / "performance.md", store_bench.BEGIN, store_bench.END, store_bench.FIGURES,
                  store_bench.report),
    RenderedBlock(ROOT / "docs" / "performance.md", turn_instructions.START, turn_instructions.END,
                  turn_instructions.FIGURES, turn_instructions.report),
    RenderedBlock(round_cuts.DOC, round_cuts.START, round_cuts.END, round_cuts.FIGURES, round_cuts.report),
    RenderedBlock(triage_bench.DOC, triage_bench.START, triage_bench.END, triage_bench.FIGURES, triage_bench.report),
    RenderedBlock(splits.DOC, splits.START, splits.END, splits.LEDGER,
                  lambda ledger: splits.render({e["path"]: e for e in ledger["splits"]})),
    RenderedBlock(evaluation_metrics.DOC, evaluation_metrics.START, evaluation_metrics.END, evaluation_metrics.FIGURES,
                  evaluation_metrics.document_from),
)

# Blocks recomputed by the suite itself on every run, each checked by the test named.
RECOMPUTED = {
    "<!-- triage-scores:start -->": "tests/agent_system/triage/test_triage_cases.py",
    "<!-- triage-semantic:start -->": "tests/agent_system/triage/test_semantic_triage.py",
}

# Blocks written by a script that keeps no JSON of its run yet: not checked.
PENDING = {
    "<!-- llm-eval:start -->": "bench/llm_eval.py --doc (it can write --json; no run's JSON is committed)",
}
