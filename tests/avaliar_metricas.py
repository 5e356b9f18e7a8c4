"""Compute TSR, TCA and HMR (blueprint §5) with false blocks and latency from the executor's JSONL log.

    python tests/avaliar_metricas.py                      # reads tests/logs.jsonl
    python tests/avaliar_metricas.py --logs /tmp/logs.jsonl --relatorio /tmp/relatorio.md
    python tests/avaliar_metricas.py --verificar-metas    # exit status 1 when a target is missed

Prints a table per category and writes a markdown report (default tests/relatorio_metricas.md).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages live at the repository root

import argparse  # noqa: E402

from tests.evaluation.cases import CASES_CSV, FROZEN_CSV, load_cases, load_frozen_cases  # noqa: E402
from tests.evaluation.executor import LOGS, read_logs  # noqa: E402
from tests.evaluation.metrics import expected_of, frozen_rows, grouped, problems  # noqa: E402
from tests.evaluation.report import markdown_report, summary, text_table  # noqa: E402
from tests.redteam.cases import REDTEAM, UNLISTED_FIELD_LEAKS  # noqa: E402

REPORT = ROOT / "tests" / "relatorio_metricas.md"


def main(argv: list[str] | None = None) -> int:
    """Judge the log against the cases, print the table, write the report."""
    args = _arguments(argv)
    expected = expected_of([*load_cases(args.casos), *load_frozen_cases(args.congelados),
                            *(attack.as_case() for attack in REDTEAM + UNLISTED_FIELD_LEAKS)])
    records = read_logs(args.logs)
    unknown = sorted({str(r["id_caso"]) for r in records} - {str(key) for key in expected})
    if unknown:
        print(f"casos do log que não estão no CSV nem no red-team: {', '.join(unknown)}", file=sys.stderr)
        return 2
    rows, frozen = grouped(records, expected), frozen_rows(records, expected)
    failures = [{"id_caso": r["id_caso"], "category": r["category"], "problem": "; ".join(found)}
                for r in records if (found := problems(r, expected))]
    print(text_table(rows), *summary(rows[-1][1]), sep="\n")
    if frozen:
        print("\nDivisão de teste congelada (medida, sem meta; fora de 'geral'):", text_table(frozen), sep="\n")
    for failure in failures:
        print(f"  caso {failure['id_caso']} ({failure['category']}): {failure['problem']}")
    mode = records[0].get("mode", "?") if records else "?"
    args.relatorio.write_text(markdown_report(rows, mode, failures, frozen), encoding="utf-8")
    print(f"relatório: {args.relatorio}")
    return 1 if args.verificar_metas and rows[-1][1].misses() else 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casos", type=Path, default=CASES_CSV, help="the cases CSV (default: %(default)s)")
    parser.add_argument("--congelados", type=Path, default=FROZEN_CSV, help="the frozen test split (default: %(default)s)")
    parser.add_argument("--logs", type=Path, default=LOGS, help="the executor's JSONL log (default: %(default)s)")
    parser.add_argument("--relatorio", type=Path, default=REPORT, help="markdown report (default: %(default)s)")
    parser.add_argument("--verificar-metas", action="store_true", help="exit with status 1 when a target is missed")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
