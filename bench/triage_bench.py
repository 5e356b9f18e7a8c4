"""Benchmark the red-flag screen: time per message over the triage case set, p50 and p99.

    .venv/bin/python bench/triage_bench.py          # the deterministic screen (no network)
    .venv/bin/python bench/triage_bench.py --document   # also docs/figures/triage_timing.json and its block
    .venv/bin/python bench/triage_bench.py --llm    # also the LLM check's recall and false alarms,
                                                    # with the LLM the environment configures

The semantic screen's cost is printed after: its load time and memory, and CPU ms per message.

"first sight" times each message once with the reader's caches emptied (a new message); "repeat"
times it again, warm. CPU time is the cost of a message; wall time adds whatever else the machine
was doing. With --llm, the check is asked about every case on its own, as if
the screen had cleared it, so its recall and false alarms are its own.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # `python bench/triage_bench.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent_system.language.text import detect_language  # noqa: E402
from agent_system.llm.client import LLMSettings, build_llm  # noqa: E402
from agent_system.settings import PROMPTS_DIR  # noqa: E402
from agent_system.triage import reader as triage_reader  # noqa: E402
from agent_system.triage.screen import assess  # noqa: E402
from agent_system.triage.result import TriageResult  # noqa: E402
from agent_system.triage.second_net import TriageSecondNet  # noqa: E402
from scripts.documents import with_block  # noqa: E402
from scripts.triage_scores import load_cases  # noqa: E402

REPEATS = 20
ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "evaluation.md"
FIGURES = ROOT / "docs" / "figures" / "triage_timing.json"
START, END = "<!-- triage-timing:start (written by bench/triage_bench.py --document) -->", "<!-- triage-timing:end -->"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def time_screen(texts: list[str], clock) -> dict[str, list[float]]:
    """Microseconds per message on `clock` (the language is known, as in the pipeline): once each with
    the reader's caches emptied (a message never seen), then every timing of REPEATS warm rounds."""
    languages = [detect_language(text) for text in texts]
    first, repeat = [], []
    for text, language in zip(texts, languages):
        triage_reader._spell.cache_clear()
        triage_reader._terms_at.cache_clear()
        started = clock()
        assess(text, language)
        first.append((clock() - started) / 1000)
    for _ in range(REPEATS):
        for text, language in zip(texts, languages):
            started = clock()
            assess(text, language)
            repeat.append((clock() - started) / 1000)
    return {"first sight": first, "repeat": repeat}


def llm_check(cases) -> None:
    """The LLM check's own recall on the emergencies and false alarms on the near misses."""
    llm = build_llm(LLMSettings.from_env(os.environ))
    if llm is None:
        print("no LLM configured (see README.md, Configuration): LLM check skipped")
        return
    net = TriageSecondNet(llm, (PROMPTS_DIR / "triage_check.txt").read_text(encoding="utf-8"))
    flagged, seconds = {}, []
    for case in cases:
        started = time.perf_counter()
        cleared = TriageResult(emergency=False, health_language=True)  # as if the screen cleared a health mention
        flagged[case.id] = net.review(case.text, cleared).emergency
        seconds.append(time.perf_counter() - started)
    positives = [c for c in cases if c.emergency]
    negatives = [c for c in cases if not c.emergency]
    print(f"LLM check ({llm.label}): recall {sum(flagged[c.id] for c in positives)}/{len(positives)}, "
          f"false alarms {sum(flagged[c.id] for c in negatives)}/{len(negatives)}, "
          f"p50 {percentile(seconds, 0.5) * 1000:.0f} ms, p99 {percentile(seconds, 0.99) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--llm", action="store_true", help="also measure the LLM check (needs an LLM)")
    parser.add_argument("--document", action="store_true", help=f"write {FIGURES.name} and its block of {DOC.name}")
    args = parser.parse_args()
    cases = load_cases()
    texts = [c.text for c in cases]
    run = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "cpus": os.cpu_count(),
           "load_average": " / ".join(f"{x:.1f}" for x in os.getloadavg()), "messages": len(texts),
           "repeats": REPEATS, "screen": {}}
    # CPU time is what a message costs; wall time also counts the moments other processes had the CPU.
    for clock_name, clock in (("CPU time", time.thread_time_ns), ("wall time", time.perf_counter_ns)):
        run["screen"][clock_name] = {label: _spread(values) for label, values in time_screen(texts, clock).items()}
    run["semantic"] = semantic_cost(texts)
    run = json.loads(json.dumps(run))  # rendered as read back, so the block and its JSON agree
    text = report(run)
    print(text)
    if args.document:
        FIGURES.write_text(json.dumps(run, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        DOC.write_text(with_block(DOC.read_text(encoding="utf-8"), START, END, text), encoding="utf-8")
    if args.llm:
        llm_check(cases)


def report(run: dict) -> str:
    """The run (as written to docs/figures/triage_timing.json) as Markdown."""
    rows = ["| what is timed | clock | messages | p50 | p99 | max |", "|---|---|---|---|---|---|"]
    for clock, labels in run["screen"].items():
        rows += [f"| red-flag screen, {label} | {clock} | {s['n']} | {s['p50']:.0f} µs | {s['p99']:.0f} µs | "
                 f"{s['max']:.0f} µs |" for label, s in labels.items()]
    sem = run["semantic"]
    rows.append(f"| semantic screen, message and sentences encoded | CPU time | {sem['n']} | {sem['p50_ms']:.1f} ms | "
                f"{sem['p99_ms']:.1f} ms | {sem['max_ms']:.1f} ms |")
    return "\n".join([
        f"`bench/triage_bench.py` {run['date']}: {run['cpus']} CPUs, load average (1 / 5 / 15 min) at the start "
        f"{run['load_average']} (other work competes for the cores; wall time counts it, CPU time does not). "
        f"The red-flag screen alone (no network) over the {run['messages']} messages of `data/development/triage_cases.csv`: "
        f"\"first sight\" once each with the reader's caches emptied, \"repeat\" over {run['repeats']} warm rounds. "
        f"The semantic screen loaded in {sem['load_s']:.2f} s and added {sem['grown_mb']:.0f} MB resident to the "
        "process (once per web worker).", "", *rows, ""])


def _spread(values: list[float]) -> dict:
    return {"n": len(values), "p50": percentile(values, 0.5), "p99": percentile(values, 0.99), "max": max(values)}


def semantic_cost(texts: list[str]) -> dict:
    """The semantic screen's load time, CPU per message (message and sentences encoded once) and memory."""
    import resource
    from agent_system.triage.semantic import SemanticScreen
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    semantic = SemanticScreen.load()
    loaded = time.perf_counter() - started
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    values = []
    for text in texts:
        began = time.thread_time_ns()
        semantic.score(text)
        values.append((time.thread_time_ns() - began) / 1e6)
    return {"load_s": loaded, "grown_mb": grown, "n": len(values), "p50_ms": percentile(values, 0.5),
            "p99_ms": percentile(values, 0.99), "max_ms": max(values)}


if __name__ == "__main__":
    main()
