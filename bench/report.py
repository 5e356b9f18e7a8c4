"""The benchmark's figures as Markdown: printed, and written into docs/performance.md between markers."""
from __future__ import annotations

from pathlib import Path

from scripts.documents import with_block

BEGIN, END = "<!-- bench:begin (written by bench/run.py) -->", "<!-- bench:end -->"
TARGETS = (  # (label, figure key, limit, "<=" or ">=")
    ("listing turn p50 ms, 1 session", "listing_p50_ms", 10.0, "<="),
    ("listing turn p95 ms, 1 session", "listing_p95_ms", 25.0, "<="),
    ("first stage event p50 ms", "first_stage_p50_ms", 5.0, "<="),
    ("realistic mix turns/s, 32 sessions", "mix_turns_per_s_32", 250.0, ">="),
    ("realistic mix errors, 32 sessions", "mix_errors_32", 0, "<="),
    ("failed turns in the whole run, warm-up included", "errors_total", 0, "<="),
    ("six-clinic / one-clinic fan-out", "fan_out_six", 1.3, "<="),
    ("double bookings", "double_bookings", 0, "<="),
)


def markdown(figures: dict) -> str:
    """All sections of one run."""
    parts = [_machine(figures), _targets(figures), _latency(figures), _mix(figures), _fan_out(figures),
             _race(figures), _memory(figures), _floor(figures), _profile(figures)]
    return "\n\n".join(p for p in parts if p) + "\n"


def write_into(path: Path, text: str) -> None:
    """Replace the generated block of `path` (created with a title when missing), keeping the rest."""
    old = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(with_block(old, BEGIN, END, text.rstrip() + "\n"), encoding="utf-8")


def _machine(f: dict) -> str:
    m, layout = f["machine"], f["layout"]
    return "\n".join([
        f"### Run of {f['started']} ({'quick' if f['quick'] else 'full'} run, {f['seconds']:.0f} s)", "",
        f"Machine: {m['cores']} cores, {m['memory']} RAM, {m['cpu']}; {m['python']}; {m['kernel']}; load average "
        f"(1 / 5 / 15 min) at the start {m.get('load_average', '?')} (other work on the machine competes for its cores). "
        f"Speed index (CPU ms of a fixed Python workload, best of 5; lower is faster; on this shared VM it "
        f"drifts by a third within minutes): {f['speed_before_ms']} before the run, {f['speed_after_ms']} after.",
        f"Layout: six clinics, each `gunicorn --workers {layout['clinic_workers']} -k gthread --threads 8`; "
        f"the web app by its production command `gunicorn -c gunicorn_web.conf.py` (gevent workers) with "
        f"WEB_WORKERS={layout['web_workers']}; rules mode (no LLM); SQLite sessions; CLINIC_TODAY fixed; "
        f"the load generator runs on the same machine. Limits as shipped (30 messages a minute per session; "
        f"per address: new sessions, chats, open streams), each simulated patient its own address through the "
        f"trusted proxy setting. "
        f"Warm-up: {f.get('warm_up', {}).get('turns', 0)} turns, {f.get('warm_up', {}).get('failures', 0)} failed "
        f"(counted in the run's errors)."])


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
            "followed by the cancel turn that frees it (and by \"sim\" when the assistant asks to confirm). "
            "A new patient (session and CPF) every 10 turns. Over all these turns: first SSE event = request "
            "sent to the first event (`session`, sent before any work); first stage event = to the first "
            "pipeline `stage` event; first answer text = to the first `token` event, or to the `answer` when "
            "the answer is not streamed (rules mode).")
    return "#### Turn latency\n\n" + note + "\n\n" + "\n".join(rows)


def _mix(f: dict) -> str:
    if "mix" not in f:
        return ""
    rows = ["| sessions | visits | turns | errors | seconds | turns/s | listing p50 / p95 | booking (+ confirmation) p50 / p95 "
            "| cancel (+ confirmation) p50 / p95 | reschedule (+ confirmation) p50 / p95 | my appointments p50 / p95 "
            "| first stage p50 / p95 "
            "| first answer text p50 / p95 | CPU ms/turn: web / clinics / load generator / other |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for m in f["mix"]:
        cpu, lat = m["cpu_ms_per_turn"], m["latency"]
        kinds = [_pair(lat.get("listing", {}))]
        kinds += [f"{_pair(lat.get(k, {}))} (+ {_pair(lat.get(f'{k} confirmation', {}))})"
                  for k in ("booking", "cancel", "reschedule")]
        kinds.append(_pair(lat.get("my appointments", {})))
        rows.append(f"| {m['sessions']} | {m['visits']} | {m['turns']} | {m['errors']} | {m['seconds']:.1f} | "
                    f"{m['turns_per_s']:.1f} | {' | '.join(kinds)} | {_pair(m['first stage event'])} | "
                    f"{_pair(m['first answer text'])} | {cpu['web']:.1f} / {cpu['clinics']:.1f} / "
                    f"{cpu['load generator']:.1f} / {cpu['other processes']:.1f} |")
    shares = ", ".join(f"{k} {v * 100:.0f}%" for k, v in f["mix"][-1]["share"].items() if v)
    note = ("Each visit is a new patient (identity, session, connection) with its own client address, sent in "
            "X-Forwarded-For by the load generator, which the web app trusts as its reverse proxy "
            "(TRUSTED_PROXIES=127.0.0.1): the shipped per-address and per-session limits apply to every "
            "patient, none is raised. 20 turns: 14 listings (three specialties, three named doctors), 3 "
            "bookings of free slots, \"minhas consultas\" (all six clinics), and either a cancel or a "
            "reschedule of the first booking (visits alternate) followed by the \"sim\" that confirms it: "
            "the request turn must ask to confirm, and the write is judged on the confirmation turn (a "
            "booking held back because it overlaps another appointment is confirmed the same way). A turn "
            "counts when it ends with `done`, an answer and no `error` event, and a write only when the answer "
            f"reports it; a refused session is an error too. Latencies in ms; turns in the last row: {shares}. "
            "CPU per turn: user+system time of each process tree during the phase, divided by the turns (two "
            "cores give 2000 CPU ms per second); \"other\" is whatever else ran on the machine meanwhile "
            "(nonzero means the figures were disturbed).")
    failures = sorted({x for m in f["mix"] for x in m["failures"]})
    extra = f"\n\nFailures seen: {', '.join(failures)}" if failures else ""
    return "#### Realistic mix at 1 and 32 sessions\n\n" + note + "\n\n" + "\n".join(rows) + extra


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


def _floor(f: dict) -> str:
    if "floor" not in f:
        return ""
    rows = ["| server | server CPU ms/call | router CPU ms/call | ms/call |", "|---|---|---|---|"]
    rows += [f"| {name} | {c['server_cpu_ms']:.2f} | {c['client_cpu_ms']:.2f} | {c['wall_ms']:.2f} |"
             for name, c in f["floor"]["hops"].items()]
    note = (f"One call at a time ({f['floor']['calls']} calls each) from the router's HTTP client (`ClinicHTTP`, a "
            "kept-alive connection) to a gunicorn started as the clinics are (`bench/floor.py`): what the "
            "federation's HTTP hop costs before any clinic work, and what a clinic adds to it. A turn makes "
            "one clinic call per clinic it asks (two for a specialty, six for \"minhas consultas\" and for a "
            "booking's overlap check).")
    return "#### Cost of one clinic call\n\n" + note + "\n\n" + "\n".join(rows) + _floor_ratio(f)


def _floor_ratio(f: dict) -> str:
    """The mix at 32 sessions against the hop alone: turns/s over the turns/s two cores give when a turn costs
    only its clinic calls' hops, and the hop's share of the turn's own CPU (which other work cannot inflate)."""
    hop = f["floor"]["hops"].get("empty WSGI app (gunicorn alone)")
    mix = next((row for row in f.get("mix", []) if row["sessions"] == 32), None)
    profile = f.get("profile")
    if hop is None or mix is None or not profile:
        return ""
    calls = profile["clinic_calls"] / max(profile["turns"], 1)
    hop_ms = calls * (hop["server_cpu_ms"] + hop["client_cpu_ms"])
    floor_tps = 2000 / hop_ms  # two cores: 2000 CPU ms a second
    own = sum(v for k, v in mix["cpu_ms_per_turn"].items() if k != "other processes")
    return (f"\n\nAgainst the hop alone: at {calls:.2f} clinic calls a turn the empty app's hop costs {hop_ms:.2f} CPU ms "
            f"a turn, at most {floor_tps:.0f} turns/s on two cores; the mix at 32 sessions ran {mix['turns_per_s']:.1f} "
            f"turns/s, {mix['turns_per_s'] / floor_tps:.1%} of that floor, and its own processes (web, clinics, load "
            f"generator) spent {own:.1f} CPU ms a turn, {hop_ms / own:.1%} of it the hop's (other work on the machine "
            f"took {mix['cpu_ms_per_turn'].get('other processes', 0):.1f} ms a turn meanwhile).")


def _profile(f: dict) -> str:
    if "profile" not in f:
        return ""
    p = f["profile"]
    parts = [f"#### Where the web app's time goes (cProfile, {p['turns']} turns)", "",
             "The mix's messages (listings, bookings, \"minhas consultas\") through the web app in-process "
             "(`bench/profile_turns.py`: JSON turns, so the pipeline runs in the profiled thread; the clinics "
             "run as above, not profiled). Seconds over all the turns, profiler overhead included; waits "
             "(locks, sockets) are the clinics' time seen from the web app. These turns made "
             f"{p.get('clinic_calls', 0)} clinic calls ({p.get('clinic_calls', 0) / max(p['turns'], 1):.2f} a turn)."]
    for label, key in (("By own time, every function", "own"), ("By cumulative time, the product's code", "product")):
        rows = ["| function | calls | own s | cumulative s |", "|---|---|---|---|"]
        rows += [f"| `{r['function']}` | {r['calls']} | {r['own_s']:.3f} | {r['cumulative_s']:.3f} |" for r in p[key]]
        parts += ["", f"{label}:", "", *rows]
    return "\n".join(parts)


def _row(kind: str, s: dict) -> str:
    return (f"| {kind} | {s['n']} | {_num(s.get('p50'))} | {_num(s.get('p95'))} | {_num(s.get('p99'))} | "
            f"{_num(s.get('max'))} | {s.get('failures', 0)} |")


def _pair(s: dict) -> str:
    return f"{_num(s.get('p50'))} / {_num(s.get('p95'))}" if s.get("n") else "–"


def _num(value) -> str:
    if value is None:
        return "–"
    return f"{value:.1f}" if isinstance(value, float) else str(value)
