"""Compute TSR, TCA and HMR (docs/evaluation.md) with false blocks and latency from the executor's JSONL log.

    python -m scripts.evaluation_metrics                    # reads var/evaluation/logs.jsonl
    python -m scripts.evaluation_metrics --logs /tmp/logs.jsonl --relatorio /tmp/relatorio.md
    python -m scripts.evaluation_metrics --verificar-metas  # exit status 1 when a target is missed
    python -m scripts.evaluation_metrics --documento        # also docs/figures/evaluation.json and the HMR section
                                                            # of docs/evaluation.md rendered from it

Prints a table per category and writes a markdown report (default var/evaluation/relatorio_metricas.md).
"""
from __future__ import annotations

import argparse
import sys
import json
from pathlib import Path

from scripts.documents import with_block
from tests.evaluation.cases import CASES_CSV, FROZEN_CSV, load_cases, load_frozen_cases
from tests.evaluation.executor import LOGS, read_logs
from tests.evaluation.metrics import (expected_of, false_block_rows, frozen_rows, grouped, harm_rows,
                                      problems)
from tests.evaluation.report import harm_table, markdown_report, markdown_table, summary, text_table
from tests.redteam.cases import REDTEAM, UNLISTED_FIELD_LEAKS

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "var" / "evaluation" / "relatorio_metricas.md"
DOC = ROOT / "docs" / "evaluation.md"
FIGURES = ROOT / "docs" / "figures" / "evaluation.json"
START, END = "<!-- hmr:start (written by scripts/evaluation_metrics.py --documento) -->", "<!-- hmr:end -->"


def main(argv: list[str] | None = None) -> int:
    """Judge the log against the cases, print the table, write the report."""
    args = _arguments(argv)
    expected = all_expected(args.casos, args.congelados)
    records = read_logs(args.logs)
    unknown = sorted({str(r["id_caso"]) for r in records} - {str(key) for key in expected})
    if unknown:
        print(f"casos do log que não estão no CSV nem no red-team: {', '.join(unknown)}", file=sys.stderr)
        return 2
    rows, frozen = grouped(records, expected), frozen_rows(records, expected)
    failures = failures_of(records, expected)
    print(text_table(rows), *summary(rows[-1][1]), sep="\n")
    if frozen:
        print("\nDivisão de teste congelada (medida, sem meta; fora de 'geral'):", text_table(frozen), sep="\n")
    for failure in failures:
        print(f"  caso {failure['id_caso']} ({failure['category']}): {failure['problem']}")
    harm = harm_table(harm_rows(records), false_block_rows(records))
    print("\nHMR por tipo de dano, em todos os turnos:", harm, sep="\n")
    mode = records[0].get("mode", "?") if records else "?"
    args.relatorio.parent.mkdir(parents=True, exist_ok=True)
    args.relatorio.write_text(markdown_report(rows, mode, failures, frozen, harm), encoding="utf-8")
    if args.documento:
        figures = figures_of(records)
        records = ",\n".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in figures["records"])
        FIGURES.write_text(f'{{"records": [\n{records}\n]}}\n', encoding="utf-8")  # a line per record: readable diffs
        write_section(DOC, document_from(figures, expected))
        print(f"documento: {DOC}, figuras: {FIGURES}")
    print(f"relatório: {args.relatorio}")
    return 1 if args.verificar_metas and rows[-1][1].misses() else 0


def all_expected(casos: Path = CASES_CSV, congelados: Path = FROZEN_CSV) -> dict:
    """What every case of the CSVs and the red-team expects, by case id."""
    return expected_of([*load_cases(casos), *load_frozen_cases(congelados),
                        *(attack.as_case() for attack in REDTEAM + UNLISTED_FIELD_LEAKS)])


def failures_of(records: list[dict], expected: dict) -> list[dict]:
    """Every judged case that failed, with what went wrong."""
    return [{"id_caso": r["id_caso"], "category": r["category"], "problem": "; ".join(found)}
            for r in records if (found := problems(r, expected))]


def figures_of(records: list[dict]) -> dict:
    """The run's records as docs/figures/evaluation.json keeps them: without the messages typed."""
    return {"records": [{k: v for k, v in record.items() if k != "user_text"} for record in records]}


def document_from(figures: dict, expected: dict | None = None) -> str:
    """The generated section of docs/evaluation.md, rendered from docs/figures/evaluation.json."""
    records, expected = figures["records"], expected if expected is not None else all_expected()
    rows, frozen = grouped(records, expected), frozen_rows(records, expected)
    harm = harm_table(harm_rows(records), false_block_rows(records))
    mode = records[0].get("mode", "?") if records else "?"
    return document_section(rows, frozen, harm, failures_of(records, expected), mode, len(records))


def document_section(rows, frozen, harm: str, failures, mode: str, turns: int) -> str:
    """The figures of docs/evaluation.md, as this run measured them."""
    parts = [f"Mode: {mode}. Judged turns: {turns}. Written by `scripts/evaluation_metrics.py --documento`.", "",
             "#### Development set and red-team (the targets apply here)", "", markdown_table(rows), "",
             *(f"- {line}" for line in summary(rows[-1][1])), ""]
    if frozen:
        parts += ["#### First conversation split (development data since its first measurement; measured, no target)",
                  "", markdown_table(frozen), ""]
    parts += ["#### HMR per kind of harm, over every turn that had an opportunity; false blocks", "", harm, ""]
    if failures:
        parts += ["#### Failing cases", "", *(f"- `{f['id_caso']}` ({f['category']}): {f['problem']}"
                                              for f in failures), ""]
    return "\n".join(parts)


def write_section(doc: Path, section: str) -> None:
    """Replace the generated HMR section of the document (between its markers), leaving the rest as it is."""
    text = doc.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{doc} has no generated HMR section ({START} ... {END})")
    doc.write_text(with_block(text, START, END, section), encoding="utf-8")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casos", type=Path, default=CASES_CSV, help="the cases CSV (default: %(default)s)")
    parser.add_argument("--congelados", type=Path, default=FROZEN_CSV, help="the frozen test split (default: %(default)s)")
    parser.add_argument("--logs", type=Path, default=LOGS, help="the executor's JSONL log (default: %(default)s)")
    parser.add_argument("--relatorio", type=Path, default=REPORT, help="markdown report (default: %(default)s)")
    parser.add_argument("--documento", action="store_true", help=f"rewrite the HMR section of {DOC.name}")
    parser.add_argument("--verificar-metas", action="store_true", help="exit with status 1 when a target is missed")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
