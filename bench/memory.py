"""Peak resident memory (VmHWM) and CPU time of a process tree, from /proc."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class TreeMemory:
    """A process and its descendants: how many, and their peak RSS summed and at most."""
    processes: int
    peak_sum_kib: int
    peak_max_kib: int


def tree_peak(root_pid: int) -> TreeMemory:
    """VmHWM of `root_pid` and every descendant that is still alive."""
    peaks = [_peak_kib(pid) for pid in [root_pid, *descendants(root_pid)]]
    peaks = [p for p in peaks if p is not None]
    return TreeMemory(len(peaks), sum(peaks), max(peaks, default=0))


def tree_cpu_s(root_pid: int) -> float:
    """User plus system CPU seconds of `root_pid` and its living descendants so far."""
    return sum(_cpu_s(pid) for pid in [root_pid, *descendants(root_pid)])


def machine_busy_s() -> float:
    """CPU seconds the whole machine has spent busy (every core, every process) since boot."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def descendants(root_pid: int) -> list[int]:
    """Children, grandchildren, ... of a process, by walking the parent links in /proc."""
    children: dict[int, list[int]] = {}
    for pid, ppid in _parents():
        children.setdefault(ppid, []).append(pid)
    found, todo = [], [root_pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _parents() -> list[tuple[int, int]]:
    pairs = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                # The command name may hold spaces and parentheses: the fields start after the last ")".
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            pairs.append((int(entry.name), int(fields[1])))
    return pairs


def _peak_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _cpu_s(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    # After the command name: state is field 0, utime and stime are fields 11 and 12.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
