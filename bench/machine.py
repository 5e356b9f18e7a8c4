"""What the figures were measured on: cores, memory, CPU model, Python, kernel."""
from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path


def describe() -> dict[str, str]:
    """The machine as docs/performance.md states it."""
    return {"cores": str(os.cpu_count()), "memory": _memory(), "cpu": _cpu_model(),
            "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
            "kernel": f"{platform.system()} {platform.release()}",
            "load_average": " / ".join(f"{x:.1f}" for x in os.getloadavg())}


def speed_index_ms(rounds: int = 5) -> float:
    """CPU time of a fixed pure-Python workload (best of a few): this shared VM's speed drifts by half
    from minute to minute, so every run states how fast the machine was while it ran."""
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        json.dumps({str(i): i * 2 for i in range(100_000)})
        best = min(best, time.process_time() - started)
    return round(best * 1000, 1)


def _cpu_model() -> str:
    for line in _read("/proc/cpuinfo").splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def _memory() -> str:
    for line in _read("/proc/meminfo").splitlines():
        if line.startswith("MemTotal:"):
            return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    return "unknown"


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
