"""Benchmark the clinic assistant as deployed: latency, the realistic mix, fan-out, booking race, memory.

    .venv/bin/python bench/run.py            # full run (a few minutes), writes docs/performance.md and .json
    .venv/bin/python bench/run.py --quick    # a short run (well under a minute)

Everything runs on 127.0.0.1 in a temporary VAR_DIR under the shipped limits, every loop is bounded
by a count and a deadline, and every process started is stopped at the end.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path
from statistics import median

if __package__ in (None, ""):  # `python bench/run.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import floor, machine, mix, profile_turns, report, scenarios  # noqa: E402
from bench.memory import machine_busy_s, tree_cpu_s, tree_peak  # noqa: E402
from bench.proxy import DelayProxy  # noqa: E402
from bench.system import TOKEN, Layout, start_clinics, start_web  # noqa: E402
from bench.workload import free_slots  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIGURES_JSON = ROOT / "docs" / "performance.json"
FULL = dict(warm_turns=30, listing_turns=300, booking_slots=60, seconds=10.0,
            fan_rounds=20, race_slots=5, contenders=32, profile_turns=300, floor_calls=2000)
QUICK = dict(warm_turns=10, listing_turns=60, booking_slots=10, seconds=3.0,
             fan_rounds=6, race_slots=2, contenders=16, profile_turns=100, floor_calls=300)
PROFILE_TOP = 15
CONCURRENCY = (1, 32)
FAN_OUT_DELAY_S = 0.2


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print the figures, and write them into docs/performance.md."""
    options = _options(argv)
    counts = QUICK if options.quick else FULL
    layout = Layout(options.clinic_workers, options.web_workers)
    figures = {"started": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "quick": options.quick,
               "machine": machine.describe(), "layout": asdict(layout), "headline": {}}
    began = time.monotonic()
    figures["speed_before_ms"] = machine.speed_index_ms()
    with tempfile.TemporaryDirectory(prefix="bench-var-") as var_dir:
        _measure(Path(var_dir), layout, counts, set(options.only or _SECTIONS), figures)
    figures["speed_after_ms"] = machine.speed_index_ms()
    figures["seconds"] = time.monotonic() - began
    text = report.markdown(figures)
    print(text, flush=True)
    if options.json:
        Path(options.json).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    if not options.no_write:
        report.write_into(ROOT / "docs" / "performance.md", text)
        FIGURES_JSON.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


_SECTIONS = ("latency", "mix", "race", "fan-out", "floor", "profile")


def _options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer turns and shorter phases")
    parser.add_argument("--clinic-workers", type=int, default=2, help="gunicorn workers per clinic")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn workers of the web app")
    parser.add_argument("--only", action="append", choices=_SECTIONS, help="run only these sections")
    parser.add_argument("--json", help="also write the raw figures to this file")
    parser.add_argument("--no-write", action="store_true",
                        help="do not touch docs/performance.md nor docs/performance.json")
    return parser.parse_args(argv)


def _measure(var_dir: Path, layout: Layout, counts: dict, sections: set[str], figures: dict) -> None:
    registry = ClinicRegistry.load()
    fleet = start_clinics(registry, var_dir / "clinics", layout)
    web = None
    try:
        urls = {cid: fleet.url(cid) for cid in fleet.ports}
        web = start_web(urls, var_dir / "web", layout)
        _log(f"clinics and web app up (web on port {web.port}); warming up")
        warm = scenarios.warm_up(web.port, counts["warm_turns"])
        figures["warm_up"] = {"turns": len(warm.total_ms) + len(warm.failures), "failures": len(warm.failures),
                              "kinds": sorted(set(warm.failures))}
        slots = free_slots(urls, TOKEN)
        race_slots, booking_slots = _split_slots(slots, counts["race_slots"])
        if "latency" in sections:
            _latency(web.port, counts, booking_slots, figures)
        if "mix" in sections:
            _mix(web.port, counts, mix.SlotPool(booking_slots), var_dir / "clinics", figures, lambda: _cpu(web, fleet))
        if "race" in sections:
            _race(web.port, race_slots, counts["contenders"], var_dir / "clinics", figures)
        if "fan-out" in sections:
            _fan_out(urls, var_dir / "web-delayed", layout, counts, figures)
        if "floor" in sections:
            _floor(fleet, layout, counts["floor_calls"], figures)
        if "profile" in sections:
            _profile(urls, var_dir / "web-profiled", counts["profile_turns"], figures)
        figures["memory"] = {"web app": asdict(tree_peak(web.process.pid)),
                             **{f"clinic {cid}": asdict(tree_peak(p.pid)) for cid, p in fleet.processes.items()}}
        figures["memory"]["all six clinics"] = _total(figures["memory"], "clinic ")
        figures["headline"]["errors_total"] = _errors(figures)
    finally:
        if web:
            web.stop()
        fleet.stop()


def _latency(port: int, counts: dict, booking_slots: list, figures: dict) -> None:
    _log("latency: one patient at a time")
    kinds = scenarios.latency(port, counts["listing_turns"], booking_slots[:counts["booking_slots"]], 240)
    figures["latency"] = {kind: {**t.summary(), "failures": len(t.failures)} for kind, t in kinds.items()}
    for label, attribute in (("first SSE event (session)", "first_ms"), ("first stage event", "first_stage_ms"),
                             ("first answer text", "first_text_ms")):
        values = [ms for t in kinds.values() for ms in getattr(t, attribute)]
        figures["latency"][label] = {**kinds["listing"].summary(values), "failures": 0}
    listing, stage = figures["latency"]["listing"], figures["latency"]["first stage event"]
    figures["headline"] |= {"listing_p50_ms": listing.get("p50"), "listing_p95_ms": listing.get("p95"),
                            "first_stage_p50_ms": stage.get("p50"), "first_stage_p95_ms": stage.get("p95")}


def _mix(port: int, counts: dict, pool: mix.SlotPool, clinic_var: Path, figures: dict, cpu) -> None:
    figures["mix"] = []
    for sessions in CONCURRENCY:
        _log(f"realistic mix: {sessions} concurrent sessions for {counts['seconds']:.0f}s")
        before = cpu()
        timings, seconds, visits = mix.run_mix(port, sessions, counts["seconds"], pool, clinic_var)
        turns = timings.turns
        spent = {part: (used - before[part]) * 1000 / max(turns, 1) for part, used in cpu().items()}
        figures["mix"].append({
            "sessions": sessions, "visits": visits, "turns": turns, "errors": len(timings.failures),
            "seconds": seconds, "turns_per_s": turns / seconds if seconds else 0.0,
            "share": {k: len(v) / max(turns, 1) for k, v in timings.total_ms.items()},
            "latency": {k: _summary(v) for k, v in timings.total_ms.items() if v},
            "first stage event": _summary(timings.first_stage_ms), "first answer text": _summary(timings.first_text_ms),
            "cpu_ms_per_turn": spent, "failures": sorted(set(timings.failures))})
    last = figures["mix"][-1]
    figures["headline"] |= {"mix_turns_per_s_32": last["turns_per_s"], "mix_errors_32": last["errors"]}


def _race(port: int, slots: list, contenders: int, clinic_var: Path, figures: dict) -> None:
    _log(f"booking race: {len(slots)} slots, {contenders} patients each")
    rounds = scenarios.booking_race(port, slots, contenders, clinic_var)
    double = sum(r.double_bookings for r in rounds)
    figures["race"] = {"contenders": contenders, "double_bookings": double, "rounds": [
        {"slot": f"{r.slot.clinic} {r.slot.doctor} {r.slot.date} {r.slot.time}", "contenders": contenders,
         "confirmed": r.confirmed, "refused": r.refused, "errors": r.errors, "double_bookings": r.double_bookings,
         "unconfirmed_holder": r.unconfirmed_holder} for r in rounds]}
    figures["headline"]["double_bookings"] = double


def _fan_out(urls: dict, var_dir: Path, layout: Layout, counts: dict, figures: dict) -> None:
    _log(f"fan-out: every clinic behind a {FAN_OUT_DELAY_S * 1000:.0f} ms proxy")
    proxies = {cid: DelayProxy(url, FAN_OUT_DELAY_S) for cid, url in urls.items()}
    web = None
    try:
        web = start_web({cid: p.url for cid, p in proxies.items()}, var_dir, layout)
        scenarios.fan_out(web.port, 2, 60)  # warm-up: connections to the proxies
        timings = scenarios.fan_out(web.port, counts["fan_rounds"], 120)
    finally:
        if web:
            web.stop()
        for proxy in proxies.values():
            proxy.stop()
    summaries = {kind: {**t.summary(), "failures": len(t.failures)} for kind, t in timings.items()}
    one = median(timings["one clinic (a doctor)"].total_ms or [float("nan")])
    ratios = {kind: median(t.total_ms) / one for kind, t in timings.items() if t.total_ms}
    figures["fan_out"] = {"delay_ms": FAN_OUT_DELAY_S * 1000, "timings": summaries, "ratios": ratios}
    figures["headline"]["fan_out_six"] = ratios.get("six clinics (my appointments)")


def _floor(fleet, layout: Layout, calls: int, figures: dict) -> None:
    _log(f"cost of one clinic call: {calls} calls to each of three servers")
    clinic = next(iter(fleet.ports))
    hops = floor.measure(fleet.url(clinic), fleet.processes[clinic].pid, layout.clinic_workers, calls)
    figures["floor"] = {"calls": calls, "hops": {name: asdict(cost) for name, cost in hops.items()}}


def _profile(urls: dict, var_dir: Path, turns: int, figures: dict) -> None:
    """Where the web app's CPU goes: the mix's messages in-process under cProfile (bench/profile_turns.py)."""
    _log(f"profile: {turns} turns in-process under cProfile")
    profile, calls = profile_turns.profile_turns(urls, var_dir, turns)
    figures["profile"] = {"turns": turns, "clinic_calls": calls,
                          "own": profile_turns.top_entries(profile, "tottime", PROFILE_TOP),
                          "product": profile_turns.top_entries(profile, "cumulative", PROFILE_TOP, str(ROOT))}


def _cpu(web, fleet) -> dict[str, float]:
    """CPU seconds so far of the web app, the clinics and this load generator."""
    import resource
    own = resource.getrusage(resource.RUSAGE_SELF)
    parts = {"web": tree_cpu_s(web.process.pid),
             "clinics": sum(tree_cpu_s(p.pid) for p in fleet.processes.values()),
             "load generator": own.ru_utime + own.ru_stime}
    # What the rest of the machine used meanwhile: other people's work disturbs the figures.
    return parts | {"other processes": machine_busy_s() - sum(parts.values())}


def _split_slots(slots: list, race_count: int) -> tuple[list, list]:
    """Race slots (the latest, distinct doctors) apart from the slots latency turns book and cancel."""
    race, doctors = [], set()
    for slot in reversed(slots):
        if slot.doctor not in doctors and len(race) < race_count:
            race.append(slot)
            doctors.add(slot.doctor)
    return race, [s for s in slots if s not in race]


def _summary(values: list[float]) -> dict:
    return scenarios.Timings().summary(values)


def _errors(figures: dict) -> int:
    """Every failed turn of the run: warm-up, latency, the mix, the race's errors, fan-out."""
    latency = sum(s.get("failures", 0) for s in figures.get("latency", {}).values())
    mixed = sum(m["errors"] for m in figures.get("mix", []))
    race = sum(r["errors"] for r in figures.get("race", {}).get("rounds", []))
    fan = sum(s.get("failures", 0) for s in figures.get("fan_out", {}).get("timings", {}).values())
    return figures.get("warm_up", {}).get("failures", 0) + latency + mixed + race + fan


def _total(memory: dict, prefix: str) -> dict:
    parts = [m for name, m in memory.items() if name.startswith(prefix)]
    return {"processes": sum(m["processes"] for m in parts), "peak_sum_kib": sum(m["peak_sum_kib"] for m in parts),
            "peak_max_kib": max(m["peak_max_kib"] for m in parts)}


def _log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
