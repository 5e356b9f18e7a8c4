"""LLM mode against rules mode on the evaluation conversations, with a real OpenAI-compatible server.

    .venv/bin/python bench/llm_eval.py --url http://127.0.0.1:8080/v1 --model smollm2
    .venv/bin/python bench/llm_eval.py --llama-python /opt/llmvenv/bin/python --gguf SmolLM2.gguf
    .venv/bin/python bench/llm_eval.py --url ... --every 4        # every 4th case: a sample of each category

Runs tests/casos_teste.csv (earlier turns included) through the real pipeline and six real clinic
processes, once in rules mode and once in LLM mode, and prints per mode: TCA, TSR, false blocks,
LLM calls per turn, p50/p95 turn time and time to the first answer token. Not part of the test run.
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
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

if __package__ in (None, ""):  # `python bench/llm_eval.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import openai.resources.chat.completions as chat_completions  # noqa: E402

from agent_system.llm.client import LLMSettings  # noqa: E402
from agent_system.pipeline import Pipeline  # noqa: E402
from agent_system.sessions.conversation import Conversation  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402
from tests.evaluation.cases import CASES_CSV, load_cases  # noqa: E402
from tests.evaluation.metrics import expected_of, figures, percentile  # noqa: E402
from tests.evaluation.runner import clinic_fleet, run_cases  # noqa: E402


@dataclass
class TurnClock:
    """Per-turn wall time, time to the first token event, and LLM requests, for every turn of a run."""
    turn_ms: list[float] = field(default_factory=list)
    first_token_ms: list[float] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)


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


def time_turns(clock: TurnClock, counter: CallCounter) -> None:
    """Wrap Pipeline.run so each turn's time, first-token time and LLM calls are kept."""
    run = Pipeline.run

    def run_timed(pipeline, conversation: Conversation, message: str) -> Iterator:
        started, calls, first = time.perf_counter(), counter.count, None
        for event in run(pipeline, conversation, message):
            if event.type == "token" and first is None:
                first = (time.perf_counter() - started) * 1000
            yield event
        clock.turn_ms.append((time.perf_counter() - started) * 1000)
        if first is not None:
            clock.first_token_ms.append(first)
        clock.calls.append(counter.count - calls)

    Pipeline.run = run_timed  # type: ignore[method-assign]


def run_mode(registry: ClinicRegistry, cases, llm: LLMSettings, counter: CallCounter) -> tuple[list[dict], TurnClock]:
    """Every case (each from the seed, as the evaluation runs them) in one mode; the records and the turn clock."""
    clock = TurnClock()
    original = Pipeline.run
    time_turns(clock, counter)
    try:
        with clinic_fleet(registry) as fleet:
            records = run_cases(fleet, registry, cases, llm, from_seed=True)
    finally:
        Pipeline.run = original  # type: ignore[method-assign]
    return records, clock


def summary(label: str, records: list[dict], clock: TurnClock, expected) -> dict[str, Any]:
    """The figures of one mode as a flat dict."""
    f = figures(records, expected)
    turns = len(clock.turn_ms)
    return {"mode": label, "cases": f.cases, "turns": turns, "TCA": str(f.tca), "TSR": str(f.tsr),
            "false_blocks": str(f.false_blocks), "llm_calls_per_turn": round(sum(clock.calls) / max(1, turns), 2),
            "max_calls_in_a_turn": max(clock.calls, default=0),
            "turn_p50_ms": _round(percentile(clock.turn_ms, 50)), "turn_p95_ms": _round(percentile(clock.turn_ms, 95)),
            "first_token_p50_ms": _round(percentile(clock.first_token_ms, 50)),
            "first_token_p95_ms": _round(percentile(clock.first_token_ms, 95))}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


@contextmanager
def llama_server(python: str, gguf: str, context: int) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server on a free loopback port, stopped afterwards."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([python, "-m", "llama_cpp.server", "--model", gguf, "--host", "127.0.0.1",
                                "--port", str(port), "--n_ctx", str(context)],
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


def evaluate(base_url: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Both modes on one fresh fleet each; the figures of each."""
    registry = ClinicRegistry.load()
    cases = load_cases(args.csv)[: args.limit or None][:: args.every]
    expected = expected_of(cases)
    counter = CallCounter()
    counter.install()
    llm = LLMSettings(provider="openai", base_url=base_url, model=args.model, timeout_s=args.timeout)
    rows = []
    for label, settings in (("rules", LLMSettings()), ("llm", llm)):
        if label in args.skip:
            continue
        records, clock = run_mode(registry, cases, settings, counter)
        rows.append(summary(label, records, clock, expected))
        if args.progress:
            for record, case in zip(records, cases):
                print(f"  {label} case {case.id}: ok={record['final_response_ok']} planner={record['planner']}",
                      flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Run both modes and print one line of figures per mode (and JSON with --json)."""
    args = _arguments(argv)
    # Stopped from outside (kill), still stop the clinics and the server this run started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    os.environ.setdefault("CLINIC_TODAY", "2026-11-23")
    if args.url:
        rows = evaluate(args.url, args)
    else:
        with llama_server(args.llama_python, args.gguf, args.context) as url:
            rows = evaluate(url, args)
    for row in rows:
        print("  ".join(f"{k}={v}" for k, v in row.items()))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="an OpenAI-compatible base URL, e.g. http://127.0.0.1:8080/v1")
    source.add_argument("--gguf", help="start llama.cpp's server on this GGUF model")
    parser.add_argument("--llama-python", default=sys.executable,
                        help="the Python that has llama-cpp-python[server] (default: this one)")
    parser.add_argument("--context", type=int, default=4096, help="llama.cpp context size (default: %(default)s)")
    parser.add_argument("--model", default="local", help="the model name sent in requests")
    parser.add_argument("--timeout", type=float, default=60.0, help="per-call LLM timeout in s (default: %(default)s)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N cases (default: all)")
    parser.add_argument("--csv", type=Path, default=CASES_CSV, help="the cases (default: %(default)s)")
    parser.add_argument("--every", type=int, default=1, help="only every Nth case, a sample across categories")
    parser.add_argument("--skip", nargs="*", default=[], choices=("rules", "llm"), help="modes not to run")
    parser.add_argument("--progress", action="store_true", help="print each case as it finishes")
    parser.add_argument("--json", type=Path, help="also write the figures here as JSON")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
