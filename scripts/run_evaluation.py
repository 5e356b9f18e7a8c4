"""Run every evaluation case through the real pipeline and the six real clinics; write the JSONL log.

    python -m scripts.run_evaluation                   # rules mode, or LLM mode when one is configured
    python -m scripts.run_evaluation --regras          # rules mode even with an LLM configured
    python -m scripts.run_evaluation --logs /tmp/logs.jsonl --sem-redteam --sem-congelado
    python -m scripts.run_evaluation --http            # the frozen split through the web app (HTTP + SSE)

The LLM is configured as for the app (environment or `.env`: OPENAI_BASE_URL / OPENAI_API_KEY,
AZURE_OPENAI_*, LLM_PROVIDER). Then run `python -m scripts.evaluation_metrics` for the metrics.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from clinic_servers.contract.environment import read_environment
from tests.evaluation.cases import CASES_CSV, FROZEN_CSV, load_cases, load_frozen_cases
from tests.evaluation.executor import LOGS, llm_mode, mode_label, run_evaluation, run_frozen, write_logs
from tests.evaluation.web_runner import run_frozen_over_http
from tests.redteam.cases import REDTEAM, UNLISTED_FIELD_LEAKS


def main(argv: list[str] | None = None) -> int:
    """Run the cases (and the red-team set), write the log, print where it went."""
    args = _arguments(argv)
    llm = llm_mode(read_environment(), rules_only=args.regras)
    cases = load_cases(args.casos)
    attacks = [] if args.sem_redteam else REDTEAM + UNLISTED_FIELD_LEAKS
    frozen = [] if args.sem_congelado else load_frozen_cases(args.congelados)
    print(f"modo: {mode_label(llm)}; {len(cases)} casos + {len(attacks)} casos de red-team + "
          f"{len(frozen)} casos da divisão congelada", flush=True)
    started = time.perf_counter()
    run_split = run_frozen_over_http if args.http else run_frozen
    records = run_evaluation(cases, attacks, llm) + (run_split(frozen, llm) if frozen else [])
    write_logs(records, args.logs)
    ok = sum(r["final_response_ok"] for r in records)
    print(f"{len(records)} casos em {time.perf_counter() - started:.1f} s; final_response_ok em {ok}; "
          f"log: {args.logs}")
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--casos", type=Path, default=CASES_CSV, help="the cases CSV (default: %(default)s)")
    parser.add_argument("--logs", type=Path, default=LOGS, help="where to write the JSONL log (default: %(default)s)")
    parser.add_argument("--regras", action="store_true", help="rules mode even when an LLM is configured")
    parser.add_argument("--sem-redteam", action="store_true", help="skip the red-team set")
    parser.add_argument("--congelados", type=Path, default=FROZEN_CSV, help="the frozen test split (default: %(default)s)")
    parser.add_argument("--sem-congelado", action="store_true", help="skip the frozen test split")
    parser.add_argument("--http", action="store_true",
                        help="run the frozen split through the real web app (HTTP + SSE) instead of in-process")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
