"""The benchmark's figures as Markdown: printed, and written into docs/performance.md between markers."""
from __future__ import annotations

from pathlib import Path

BEGIN, END = "<!-- bench:begin (written by bench/run.py) -->", "<!-- bench:end -->"
TARGETS = (  # (label, figure key, limit, "<=" or ">=")
    ("listing turn p50", "listing_p50_ms", 25.0, "<="),
    ("listing turn p95", "listing_p95_ms", 60.0, "<="),
    ("first SSE event p50", "first_event_p50_ms", 10.0, "<="),
    ("turns/s at 32 sessions", "turns_per_s_32", 150.0, ">="),
    ("errors at 32 sessions", "errors_32", 0, "<="),
    ("six-clinic / one-clinic fan-out", "fan_out_six", 1.3, "<="),
    ("double bookings", "double_bookings", 0, "<="),
)


def markdown(figures: dict) -> str:
    """All sections of one run."""
    parts = [_machine(figures), _targets(figures), _latency(figures), _throughput(figures), _fan_out(figures),
             _race(figures), _memory(figures)]
    return "\n\n".join(p for p in parts if p) + "\n"


def write_into(path: Path, text: str) -> None:
    """Replace the generated block of `path` (created with a title when missing), keeping the rest."""
    block = f"{BEGIN}\n{text.rstrip()}\n{END}"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n\n" + BEGIN + "\n" + END + "\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        new = head + block + rest.split(END, 1)[1]
    else:
        new = old.rstrip() + "\n\n" + block + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")


def _machine(f: dict) -> str:
    m, layout = f["machine"], f["layout"]
    return "\n".join([
        f"### Run of {f['started']} ({'quick' if f['quick'] else 'full'} run, {f['seconds']:.0f} s)", "",
        f"Machine: {m['cores']} cores, {m['memory']} RAM, {m['cpu']}; {m['python']}; {m['kernel']}. "
        f"Speed index (CPU ms of a fixed Python workload, best of 5; lower is faster; on this shared VM it "
        f"drifts by a third within minutes): {f['speed_before_ms']} before the run, {f['speed_after_ms']} after.",
        f"Layout: six clinics, each `gunicorn --workers {layout['clinic_workers']} -k gthread --threads 8`; "
        f"the web app `gunicorn --workers {layout['web_workers']} -k gthread --threads {layout['web_threads']} "
        f"'web_app:create_app()'`; rules mode (no LLM); SQLite sessions; CLINIC_TODAY fixed; "
        f"the load generator runs on the same machine."])


def _targets(f: dict) -> str:
    rows = ["| target | limit | measured | holds |", "|---|---|---|---|"]
    for label, key, limit, sense in TARGETS:
        value = f["headline"].get(key)
        if value is None:
            rows.append(f"| {label} | {sense} {limit} | not measured | – |")
            continue
        holds = value <= limit if sense == "<=" else value >= limit
        shown = f"{value:.2f}" if key == "fan_out_six" else _num(value)  # a ratio near 1 needs two decimals
        rows.append(f"| {label} | {sense} {limit} | {shown} | {'yes' if holds else '**no**'} |")
    return "#### Targets (2-core machine, rules mode)\n\n" + "\n".join(rows)


def _latency(f: dict) -> str:
    if "latency" not in f:
        return ""
    rows = ["| turn | n | p50 ms | p95 ms | p99 ms | max ms | failures |", "|---|---|---|---|---|---|---|"]
    for kind, s in f["latency"].items():
        rows.append(_row(kind, s))
    note = ("One patient at a time on a kept-alive connection, end to end through SSE (request sent to `done` "
            "received). Listing turns cycle through three specialties (two clinics each) and three named "
            "doctors (one clinic each); booking turns book a free slot by doctor, date and time, and each is "
            "followed by the cancel turn that frees it. A new patient (session and CPF) every 10 turns. "
            "First event: request sent to the first complete SSE event, over all these turns.")
    return "#### Turn latency\n\n" + note + "\n\n" + "\n".join(rows)


def _throughput(f: dict) -> str:
    if "throughput" not in f:
        return ""
    rows = ["| concurrent sessions | turns | errors | seconds | turns/s | p50 ms | p95 ms | p99 ms "
            "| CPU ms/turn: web / clinics / load generator / other processes |",
            "|---|---|---|---|---|---|---|---|---|"]
    for t in f["throughput"]:
        s, cpu = t["latency"], t["cpu_ms_per_turn"]
        rows.append(f"| {t['sessions']} | {t['turns']} | {t['errors']} | {t['seconds']:.1f} | "
                    f"{t['turns_per_s']:.1f} | {_num(s.get('p50'))} | {_num(s.get('p95'))} | {_num(s.get('p99'))} | "
                    f"{cpu['web']:.1f} / {cpu['clinics']:.1f} / {cpu['load generator']:.1f} / "
                    f"{cpu['other processes']:.1f} |")
    note = ("Each session is its own patient (own identity, own connection) sending, back to back, the listing "
            "turns above plus \"minhas consultas\" (all six clinics); a new identity every 10 turns. "
            "Errors: HTTP errors, `error` events, streams without `done`. CPU per turn: user+system time of "
            "each process tree during the phase, divided by the turns (two cores give 2000 CPU ms per second); "
            "\"other processes\" is whatever else ran on the machine meanwhile (nonzero means the figures "
            "were disturbed).")
    failures = sorted({x for t in f["throughput"] for x in t["failures"]})
    extra = f"\n\nFailures seen: {', '.join(failures)}" if failures else ""
    return "#### Throughput\n\n" + note + "\n\n" + "\n".join(rows) + extra


def _fan_out(f: dict) -> str:
    if "fan_out" not in f:
        return ""
    fo = f["fan_out"]
    rows = ["| turn | n | p50 ms | p95 ms | p99 ms | max ms | failures | ratio of p50 to one clinic |",
            "|---|---|---|---|---|---|---|---|"]
    for kind, s in fo["timings"].items():
        rows.append(_row(kind, s) + f" {fo['ratios'].get(kind, 1.0):.2f} |")
    note = (f"Every clinic behind a proxy that delays each call by {fo['delay_ms']:.0f} ms; a second web app "
            "(same layout) uses the proxies. A parallel router makes a six-clinic turn cost about one delay, "
            "not six.")
    return "#### Fan-out\n\n" + note + "\n\n" + "\n".join(rows)


def _race(f: dict) -> str:
    if "race" not in f:
        return ""
    race = f["race"]
    rows = ["| slot | contenders | confirmed | refused (slot taken) | errors | store holder is the winner |",
            "|---|---|---|---|---|---|"]
    for r in race["rounds"]:
        rows.append(f"| {r['slot']} | {r['contenders']} | {r['confirmed']} | {r['refused']} | {r['errors']} | "
                    f"{'yes' if r['double_bookings'] == 0 and not r['unconfirmed_holder'] else '**no**'} |")
    note = (f"For each slot, {race['contenders']} patients (own sessions and CPFs) send the same booking at once "
            f"through the web API (two web workers, {f['layout']['clinic_workers']} worker processes per clinic). "
            "Afterwards the clinic's SQLite store is read: the slot's holder must be the one patient told "
            f"\"confirmed\". Double bookings: {race['double_bookings']}.")
    return "#### Booking race\n\n" + note + "\n\n" + "\n".join(rows)


def _memory(f: dict) -> str:
    if "memory" not in f:
        return ""
    rows = ["| processes | count | peak RSS sum MiB | largest peak RSS MiB |", "|---|---|---|---|"]
    for name, m in f["memory"].items():
        rows.append(f"| {name} | {m['processes']} | {m['peak_sum_kib'] / 1024:.1f} | {m['peak_max_kib'] / 1024:.1f} |")
    return ("#### Peak memory\n\nVmHWM of each process and its children (gunicorn master and workers), read at the "
            "end of the run.\n\n" + "\n".join(rows))


def _row(kind: str, s: dict) -> str:
    return (f"| {kind} | {s['n']} | {_num(s.get('p50'))} | {_num(s.get('p95'))} | {_num(s.get('p99'))} | "
            f"{_num(s.get('max'))} | {s.get('failures', 0)} |")


def _num(value) -> str:
    if value is None:
        return "–"
    return f"{value:.1f}" if isinstance(value, float) else str(value)
