"""Where a turn's CPU goes: the realistic mix's messages through the web app in-process, under cProfile.

    .venv/bin/python bench/profile_turns.py            # 400 turns, top 25 entries by own time
    .venv/bin/python bench/profile_turns.py --turns 1000 --top 40
    .venv/bin/python bench/profile_turns.py --cpu      # no profiler: the web app's CPU ms per turn

The clinics run as in the benchmark (their own gunicorn processes, not profiled); the web app is
built by `create_app` in this process and driven through Flask's test client. Turns are asked for as
JSON (`Accept: application/json`), which runs the pipeline in the request's own thread where cProfile
sees it (an SSE turn runs on a pool thread); the profile holds the web layer, the session store and
the pipeline, not the SSE framing.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import pstats
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

if __package__ in (None, ""):  # `python bench/profile_turns.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agent_system.dispatch.clinic_http import ClinicHTTP  # noqa: E402
from bench.serve_load import address  # noqa: E402
from bench.system import TOKEN, Layout, start_clinics, web_env  # noqa: E402
from bench.workload import LISTINGS, SIX_CLINICS, free_slots, patient  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402

VISIT_TURNS = 20


def main(argv: list[str] | None = None) -> int:
    """Profile the turns and print the top entries by own time, then by cumulative time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--cpu", action="store_true",
                        help="run without the profiler and print the web app's CPU ms per turn (this process, "
                             "every thread; the clinics apart)")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="profile-var-") as var_dir:
        fleet = start_clinics(ClinicRegistry.load(), Path(var_dir) / "clinics", Layout(clinic_workers=1))
        try:
            urls = {cid: fleet.url(cid) for cid in fleet.ports}
            if options.cpu:
                print(f"web app CPU per turn: {_cpu_ms_per_turn(urls, Path(var_dir) / 'web', options.turns):.2f} ms "
                      f"({options.turns} turns)")
                return 0
            profile, calls = _profile(urls, Path(var_dir) / "web", options.turns)
        finally:
            fleet.stop()
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).strip_dirs().sort_stats(order).print_stats(options.top)
        print(out.getvalue())
    print(f"{calls} clinic calls in {options.turns} turns ({calls / options.turns:.2f} a turn)")
    return 0


def _cpu_ms_per_turn(urls: dict[str, str], var_dir: Path, turns: int) -> float:
    """The CPU this process (the web app, all its threads) spends per turn of the mix, after a warm-up."""
    client, messages = warm_client(urls, var_dir)
    started = time.process_time()
    for n in range(turns):
        run_turn(client, n + 3 * VISIT_TURNS, next(messages))
    return (time.process_time() - started) * 1000 / turns


def warm_client(urls: dict[str, str], var_dir: Path):
    """A test client of the web app built in this process, warmed by three visits, and the mix's next messages."""
    from web_app import create_app
    app = _app_from(web_env(urls, var_dir), create_app)
    client = app.test_client()
    messages = _messages(iter(free_slots(urls, TOKEN)))
    for n in range(3 * VISIT_TURNS):  # warm-up, not measured
        run_turn(client, n, next(messages))
    return client, messages


def _profile(urls: dict[str, str], var_dir: Path, turns: int) -> tuple[cProfile.Profile, int]:
    client, messages = warm_client(urls, var_dir)
    profile = cProfile.Profile()
    with _counted_calls() as calls:
        profile.enable()
        for n in range(turns):
            run_turn(client, n + 3 * VISIT_TURNS, next(messages))
        profile.disable()
    return profile, calls[0]


@contextmanager
def _counted_calls():
    """Count the clinic calls the router makes meanwhile (every call goes through `ClinicHTTP.post`)."""
    calls, post = [0], ClinicHTTP.post

    def counted(self, *args, **kwargs):
        calls[0] += 1
        return post(self, *args, **kwargs)
    ClinicHTTP.post = counted
    try:
        yield calls
    finally:
        ClinicHTTP.post = post


def top_entries(profile: cProfile.Profile, order: str, count: int, only: str = "") -> list[dict]:
    """The profile's first `count` functions by `order` ("tottime" or "cumulative"), optionally only those
    whose file path holds `only`: {function, calls, own_s, cumulative_s}."""
    stats = pstats.Stats(profile)
    rows = []
    for (path, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        if only and only not in path:
            continue
        where = f"{Path(path).name}:{line}({name})" if line else name
        rows.append({"function": where, "calls": calls, "own_s": own, "cumulative_s": cumulative})
    key = "own_s" if order == "tottime" else "cumulative_s"
    return sorted(rows, key=lambda row: row[key], reverse=True)[:count]


def profile_turns(urls: dict[str, str], var_dir: Path, turns: int) -> tuple[cProfile.Profile, int]:
    """Profile `turns` of the mix's messages through an in-process web app against running clinics;
    also the number of clinic calls they made."""
    return _profile(urls, var_dir, turns)


def _app_from(env: dict[str, str], create_app):
    """The app configured from `env` exactly as gunicorn's process would be."""
    from agent_system.web.settings import WebSettings
    from clinic_servers.contract.registry import ClinicRegistry as Registry
    return create_app({"SETTINGS": WebSettings.from_env(env, Registry.load())})


def _messages(slots):
    listings = itertools.cycle(LISTINGS)
    while True:
        slot = next(slots)
        for step in ("L", "L", "B", "L", "L", "L", "M", "L", "L", "L") * 2:
            yield next(listings) if step == "L" else SIX_CLINICS if step == "M" else slot.booking()
            if step == "B":
                slot = next(slots)


_sessions: dict[int, str] = {}


def run_turn(client, n: int, message: str) -> None:
    """The n-th turn of the mix (visit n // 20, its own patient and address) as one JSON chat request."""
    visit = n // VISIT_TURNS
    forwarded = {"X-Forwarded-For": address(80_000 + visit)}  # each patient its own address, as in bench/mix.py
    if visit not in _sessions:
        name, cpf = patient(80_000 + visit)  # apart from the benchmark's identities; 9-digit CPF bases
        _sessions[visit] = client.post("/api/session", json={"name": name, "cpf": cpf},
                                       headers=forwarded).get_json()["session_id"]
    reply = client.post("/api/chat", json={"session_id": _sessions[visit], "message": message},
                        headers={"Accept": "application/json", **forwarded})
    if reply.status_code != 200 or not reply.get_json().get("answer"):
        raise RuntimeError(f"turn failed: {reply.status_code} {reply.get_data(as_text=True)[:300]}")


if __name__ == "__main__":
    sys.exit(main())
