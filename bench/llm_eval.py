"""LLM mode against rules mode, class by class, on the development set and the first frozen split.

    .venv/bin/python bench/llm_eval.py --url http://127.0.0.1:8080/v1
    .venv/bin/python bench/llm_eval.py --llama-python ~/llmvenv/bin/python --gguf SmolLM2.gguf
    .venv/bin/python bench/llm_eval.py --url ... --every 3     # every 3rd case of each class (at least one)
    .venv/bin/python bench/llm_eval.py --url ... --doc         # also write the figures into docs/evaluation.md

Runs the development set (data/development/casos_teste.csv) and the frozen test split
(data/development/casos_teste_congelados.csv), never a blind split, earlier turns included,
through the real pipeline and six real clinic processes, once in rules mode and once in LLM mode (product
defaults: the triage second net on), and reports per set and class, mode beside mode: TCA, TSR, false alarms
(an emergency answer in a case that is no emergency), LLM answers shown and replaced by the
deterministic one (with the answer gate's reasons), LLM calls per turn, p50/p95 turn time and time
to the first answer token. Not part of the test run.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

if __package__ in (None, ""):  # `python bench/llm_eval.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import openai.resources.chat.completions as chat_completions  # noqa: E402

from agent_system.llm.client import LLMSettings  # noqa: E402
from agent_system.pipeline import Pipeline  # noqa: E402
from agent_system.sessions.conversation import Conversation  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402
from scripts.documents import with_block  # noqa: E402
from tests.evaluation.cases import CASES_CSV, FROZEN_CSV, Case, load_cases, load_frozen_cases  # noqa: E402
from tests.evaluation.runner import clinic_fleet, run_cases  # noqa: E402
from bench.llm_eval_report import case_lines, class_of, report, table, verdicts  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "evaluation.md"
DOC_START, DOC_END = "<!-- llm-eval:start -->", "<!-- llm-eval:end -->"

# Named one by one, never globbed from data/frozen/: a split still blind is measured only by the lead.
SETS = {"dev": ("development set", CASES_CSV, load_cases),
        "congelado": ("frozen test split", FROZEN_CSV, load_frozen_cases)}


@dataclass
class TurnLog:
    """What each turn of a run did, in order: time, first token, LLM requests, how its answer was worded."""
    turn_ms: list[float] = field(default_factory=list)
    first_token_ms: list[float | None] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)
    wording: list[str | None] = field(default_factory=list)
    emergency: list[bool] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)  # the LLM answers that reached the patient, to read


class CallCounter:
    """Counts chat-completion requests made through the openai SDK in this process."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()
        self._original = chat_completions.Completions.create

    def install(self) -> None:
        """Wrap the SDK's create() so every request (streamed or not) is counted once."""
        counter, original = self, self._original

        def create(self_, *args: Any, **kwargs: Any) -> Any:
            with counter._lock:
                counter.count += 1
            return original(self_, *args, **kwargs)

        chat_completions.Completions.create = create  # type: ignore[method-assign]


def log_turns(log: TurnLog, counter: CallCounter) -> None:
    """Wrap Pipeline.run so each turn's figures are kept in `log`."""
    run = Pipeline.run

    def run_logged(pipeline, conversation: Conversation, message: str) -> Iterator:
        started, calls, first, answer = time.perf_counter(), counter.count, None, None
        for event in run(pipeline, conversation, message):
            if event.type == "token" and first is None:
                first = (time.perf_counter() - started) * 1000
            if event.type == "answer":
                answer = event
            yield event
        log.turn_ms.append((time.perf_counter() - started) * 1000)
        log.first_token_ms.append(first)
        log.calls.append(counter.count - calls)
        log.wording.append(answer.wording if answer else None)
        log.emergency.append(bool(answer and answer.emergency))
        if answer is not None and answer.wording == "llm":
            log.shown.append(answer.text)

    Pipeline.run = run_logged  # type: ignore[method-assign]


def run_mode(registry: ClinicRegistry, cases: Sequence[Case], llm: LLMSettings,
             counter: CallCounter) -> tuple[list[dict], TurnLog]:
    """Every case (each from the seed, as the evaluation runs them) in one mode; the records and the turn log."""
    log, original = TurnLog(), Pipeline.run
    log_turns(log, counter)
    try:
        with clinic_fleet(registry) as fleet:
            records = run_cases(fleet, registry, cases, llm, from_seed=True, triage_llm_check=llm.provider != "none")
    finally:
        Pipeline.run = original  # type: ignore[method-assign]
    return records, log


def stratified(cases: list[Case], every: int) -> list[Case]:
    """Every Nth case of each class, at least one a class, in the set's order."""
    seen: Counter = Counter()
    kept = []
    for case in cases:
        if seen[class_of(case)] % every == 0:
            kept.append(case)
        seen[class_of(case)] += 1
    return kept


def per_case(cases: Sequence[Case], log: TurnLog) -> list[dict[str, list]]:
    """The turn log cut into each case's turns (its earlier turns, then the judged one)."""
    out, at = [], 0
    for case in cases:
        n = len(case.messages)
        out.append({name: getattr(log, name)[at:at + n]
                    for name in ("turn_ms", "first_token_ms", "calls", "wording", "emergency")})
        at += n
    if at != len(log.turn_ms):
        raise SystemExit(f"{len(log.turn_ms)} turns logged for {at} expected: the cases and the log disagree")
    return out


@contextmanager
def llama_server(python: str, gguf: str, context: int, threads: int) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server on a free loopback port, stopped afterwards."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([python, "-m", "llama_cpp.server", "--model", gguf, "--host", "127.0.0.1",
                                "--port", str(port), "--n_ctx", str(context), "--n_threads", str(threads)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        _wait_for(base_url, process)
        yield base_url
    finally:
        process.terminate()
        process.wait(timeout=30)


def _wait_for(base_url: str, process: subprocess.Popen, timeout_s: float = 180.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the llama.cpp server exited while starting")
        try:
            with urllib.request.urlopen(f"{base_url}/models", timeout=2):
                return
        except OSError:
            time.sleep(1)
    raise SystemExit("the llama.cpp server did not answer within 3 minutes")


def evaluate(base_url: str, args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Every chosen set in both modes, each mode on a fresh fleet; the cases, records and turns per set and mode."""
    registry = ClinicRegistry.load()
    counter = CallCounter()
    counter.install()
    llm = LLMSettings(provider="openai", base_url=base_url, model=args.model, timeout_s=args.timeout)
    per_set: dict[str, dict[str, Any]] = {}
    for key in args.sets:
        _, path, loader = SETS[key]
        cases = stratified(loader(path), args.every)
        modes = {}
        for mode, settings in (("rules", LLMSettings()), ("llm", llm)):
            records, log = run_mode(registry, cases, settings, counter)
            modes[mode] = {"records": records, "turns": per_case(cases, log), "shown": log.shown}
            if args.progress:
                print(f"{key} {mode}: {len(cases)} cases, {len(log.turn_ms)} turns", flush=True)
        per_set[key] = {"cases": cases, "modes": modes}
        if args.cases:  # written as each set ends: a run stopped early still tells its finished sets' cases
            with args.cases.open("a", encoding="utf-8") as out:
                out.write("".join(line + "\n" for line in case_lines(key, per_set[key])))
    return per_set


def main(argv: list[str] | None = None) -> int:
    """Run both modes on every set; print the figures, the gate's counts and the verdict."""
    args = _arguments(argv)
    # Stopped from outside (kill), still stop the clinics and the server this run started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    os.environ.setdefault("CLINIC_TODAY", "2026-11-23")
    load = "{:.1f} / {:.1f} / {:.1f}".format(*os.getloadavg())
    started = time.monotonic()
    if args.url:
        per_set = evaluate(args.url, args)
    else:
        with llama_server(args.llama_python, args.gguf, args.context, args.threads) as url:
            per_set = evaluate(url, args)
    rows = report(per_set)
    shown = [text for run in per_set.values() for text in run["modes"]["llm"]["shown"]]
    run = {"date": time.strftime("%Y-%m-%d"), "model": args.model if args.url else Path(args.gguf).name,
           "sample": "every case" if args.every == 1 else f"one case in {args.every} of each class (at least one)",
           "timeout": args.timeout, "load": load, "minutes": round((time.monotonic() - started) / 60, 1),
           "failed": verdicts(rows), "shown": shown}
    text = table(rows, run, {key: title for key, (title, *_) in SETS.items()})
    print(text)
    if args.doc:
        DOC.write_text(with_block(DOC.read_text(encoding="utf-8"), DOC_START, DOC_END, text), encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps({"run": run, "sets": rows}, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0 if not run["failed"] else 1


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="an OpenAI-compatible base URL, e.g. http://127.0.0.1:8080/v1")
    source.add_argument("--gguf", help="start llama.cpp's server on this GGUF model")
    parser.add_argument("--llama-python", default=sys.executable,
                        help="the Python that has llama-cpp-python[server] (default: this one)")
    parser.add_argument("--context", type=int, default=4096, help="llama.cpp context size (default: %(default)s)")
    parser.add_argument("--threads", type=int, default=1,
                        help="llama.cpp threads; one leaves the other core to the pipeline (default: %(default)s)")
    parser.add_argument("--model", default="local", help="the model name sent in requests")
    parser.add_argument("--timeout", type=float, default=60.0, help="per-call LLM timeout in s (default: %(default)s)")
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS), help="the sets to run (default: all)")
    parser.add_argument("--every", type=int, default=1, help="only every Nth case of each class (at least one)")
    parser.add_argument("--progress", action="store_true", help="print each set and mode as it finishes")
    parser.add_argument("--json", type=Path, help="also write the figures (and the LLM answers shown) here as JSON")
    parser.add_argument("--cases", type=Path, help="append each case's verdicts here, a JSON line a case, as each set ends")
    parser.add_argument("--doc", action="store_true", help="also write the figures into docs/evaluation.md")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
