"""The web app's CPU per turn as a count of instructions: deterministic, so a change's cost shows on a busy machine.

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/turns.out \\
        .venv/bin/python bench/turn_instructions.py --turns 100

CPU milliseconds move by a third on this shared VM within minutes; the instructions a turn executes
move by about 0.1% between runs (PYTHONHASHSEED=0 makes them steadier still). The realistic mix's
messages run through the web app in-process, as `bench/profile_turns.py` runs them, against six
clinics in their own processes (not counted); after the warm-up this process asks callgrind to
count, runs the turns and stops counting. Callgrind prints the total ("Collected") when the process
ends: divided by the turns, it is the instructions of one turn.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # `python bench/turn_instructions.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import profile_turns  # noqa: E402
from bench.system import Layout, start_clinics  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Warm up, count the instructions of `--turns` turns under callgrind, print them per turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100)
    turns = parser.parse_args(argv).turns
    with tempfile.TemporaryDirectory(prefix="instructions-var-") as var_dir:
        fleet = start_clinics(ClinicRegistry.load(), Path(var_dir) / "clinics", Layout(clinic_workers=1))
        try:
            urls = {cid: fleet.url(cid) for cid in fleet.ports}
            client, messages = profile_turns.warm_client(urls, Path(var_dir) / "web")
            batch = [next(messages) for _ in range(turns)]
            _count(True)
            for n, message in enumerate(batch):
                profile_turns.run_turn(client, n + 3 * profile_turns.VISIT_TURNS, message)
            _count(False)
        finally:
            fleet.stop()
    print(f"{turns} turns counted: callgrind's total (\"Collected\") divided by {turns} is the instructions a turn")
    return 0


def _count(on: bool) -> None:
    """Ask callgrind to count this process's instructions from now on, or to stop (nothing outside callgrind)."""
    try:
        subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], check=True,
                       capture_output=True, timeout=60)
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit("run this under valgrind --tool=callgrind --instr-atstart=no (see the docstring)") from e


START, END = "<!-- turn-cost:start -->", "<!-- turn-cost:end -->"
FIGURES = Path(__file__).resolve().parent.parent / "docs" / "figures" / "turn_cost.json"


def report(f: dict) -> str:
    """The docs block of `docs/figures/turn_cost.json`: where a turn's CPU goes, and each cut's instructions."""
    p, share, quiet, busy = f["profiled"], f["profiled"]["shares_pct"], f["quiet_before"], f["busy_after"]
    rows = ["| change | instructions a turn |", "|---|---|"]
    rows += [f"| {c['change']} | {c['instructions_m']:.2f} M |" for c in f["changes"]]
    first, last = f["changes"][0]["instructions_m"], f["changes"][-1]["instructions_m"]
    cpu = quiet["cpu_ms"]
    return "\n".join([
        f"Counted by this script over {f['turns_counted']} turns after the warm-up (two runs of the same code "
        f"agree within {f['repeat_within_pct']}%). Where the time went in the production layout ({p['tool']} "
        f"sampling the two gevent workers under the mix at {p['sessions']} sessions, samples holding the GIL, "
        f"{p['seconds']} s): " + ", ".join(f"{k} {v}%" for k, v in share.items()) + ". In the in-process count: "
        + ", ".join(f"{k} {v}% of all instructions" for k, v in p["in_process_share_pct"].items()) + ".", "",
        *rows, "",
        f"That is {(first - last) / first:.1%} fewer instructions in the web app's turn. Before these changes, on a "
        f"quiet machine (load average {quiet['load_average']}), `bench/run.py --quick --only mix --no-write` ran "
        f"the mix at 32 sessions at {quiet['turns_per_s_32']} turns/s with {quiet['errors']} errors, CPU per turn "
        f"web {cpu['web']} / clinics {cpu['clinics']} / load generator {cpu['load generator']} ms. After them the "
        f"machine was busy (load average {busy['load_average']}, other work took about "
        f"{busy['other_cpu_ms_per_turn']} CPU ms per turn of ours): turns/s and CPU milliseconds measured then say "
        "nothing about the change."])


if __name__ == "__main__":
    sys.exit(main())
