"""The fifth round's cuts as measured: the docs block rendered from `docs/figures/round_cuts.json`.

    .venv/bin/python bench/round_cuts.py     # rewrites the block in docs/performance.md from the JSON

The JSON holds what was measured while the cuts were made, on a machine other people's work kept
busy: instructions counted by callgrind (`bench/turn_instructions.py` for the web app's turn, 300
in-process clinic calls for a clinic), each change's own step timed in-process turn about with and
without it, and `bench/run.py --only mix --no-write` turn about before and after.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # `python bench/round_cuts.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.documents import with_block  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
FIGURES = ROOT / "docs" / "figures" / "round_cuts.json"
START, END = "<!-- round-cuts:start -->", "<!-- round-cuts:end -->"


def report(f: dict) -> str:
    """The block: instructions before and after, each change's own step, and the mix turn about."""
    web, clinic = f["web_turn_instructions_m"], f["clinic_call_instructions_k"]
    changes = ["| change | measured | before | after |", "|---|---|---|---|"]
    changes += [f"| {c['change']} | {c['measure']} | {c['before']} | {c['after']} |" for c in f["changes"]]
    runs = ["| code | started | load average | turns/s at 32 sessions | errors | CPU ms/turn: web / clinics / "
            "load generator / other |", "|---|---|---|---|---|---|"]
    runs += [f"| {r['code']} | {r['started']} | {r['load_average']} | {r['turns_per_s_32']} | {r['errors']} | "
             + " / ".join(f"{v:.2f}" for v in r["cpu_ms"].values()) + " |" for r in f["mix_turn_about"]]
    return "\n".join([
        f"Instructions of the web app's in-process turn of the mix (`bench/turn_instructions.py`, "
        f"{web['turns_counted']} turns): {web['before']:.2f} M before (commit {f['before_commit']}), "
        f"{web['after']:.2f} M after, {(web['before'] - web['after']) / web['before']:.1%} fewer. A clinic's call, "
        f"in-process ({clinic['calls']} calls: listings, a doctor's listings, my appointments without codes): "
        f"{clinic['before']} K instructions before, {clinic['log line']} K without the unread log line, "
        f"{clinic['listing']} K with the listing validated whole.", "",
        "Each change's own step, timed with and without it on the same machine (two figures: two runs):", "",
        *changes, "",
        "The mix at 32 sessions, turn about, before and after (`bench/run.py --only mix --no-write`). Other people's "
        "work took most of the machine meanwhile (the load average, and the last CPU column): turns/s say little; "
        "the web app's and the clinics' CPU per turn are the comparison.", "",
        *runs, *_failures(f["mix_turn_about"])])


def _failures(runs: list[dict]) -> list[str]:
    """What the runs with errors got wrong, in the bench's words."""
    failed = [f"{r['code']} ({r['started']}): " + "; ".join(r["failures"]) for r in runs if r["failures"]]
    return ["", "Errors: " + ". ".join(failed) + "."] if failed else []


def main() -> int:
    """Render the block from its JSON into docs/performance.md."""
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(with_block(text, START, END, report(json.loads(FIGURES.read_text(encoding="utf-8"))) + "\n"),
                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
