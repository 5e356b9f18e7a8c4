"""Clinic stores side by side: the same system on SQLite and on PostgreSQL, in one run.

    .venv/bin/python bench/store_bench.py            # prints the figures, writes docs/figures/store.json and
                                                     # renders its block of docs/performance.md
    .venv/bin/python bench/store_bench.py --no-write

For each backend it starts the six clinics (two gunicorn workers each) and the web app, as
`bench/run.py` does, with every clinic on a fresh PostgreSQL database of a throwaway local cluster
(Debian's `postgresql`) or on its SQLite file; then times listing and booking turns one patient at a
time, and booking races (32 patients sending the same booking at once through the web
API), reading the store afterwards to check that the slot's holder is the one patient told "confirmed".
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import machine  # noqa: E402
from bench.client import TurnResult, WebClient  # noqa: E402
from bench.scenarios import latency, new_patient, race_outcome, warm_up  # noqa: E402
from bench.system import STAFF_TOKEN, TODAY, TOKEN, Layout, free_port, start_web  # noqa: E402
from bench.workload import Slot, free_slots, percentile  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402
from clinic_servers.launcher import start_fleet  # noqa: E402
from scripts.documents import with_block  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
FIGURES = DOC.parent / "figures" / "store.json"
BEGIN, END = "<!-- store-bench:begin (written by bench/store_bench.py) -->", "<!-- store-bench:end -->"
LAYOUT = Layout(clinic_workers=2, web_workers=2)
LISTING_TURNS, BOOKINGS, RACES, CONTENDERS = 120, 20, 5, 32


def main(argv: list[str] | None = None) -> int:
    """Measure both backends, print the table, write it into docs/performance.md unless --no-write."""
    options = _options(argv)
    from tests.support.postgres_cluster import start_cluster
    load = machine.describe()["load_average"]
    started, speed, cluster = time.monotonic(), machine.speed_index_ms(), start_cluster(durable=True)
    try:
        figures = {name: _measure(name, cluster) for name in ("sqlite", "postgres")}
    finally:
        cluster.stop()
    run = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "speed_ms": speed, "load_average": load,
           "seconds": time.monotonic() - started, "figures": figures,
           "plan": {"clinic_workers": LAYOUT.clinic_workers, "web_workers": LAYOUT.web_workers,
                    "listing_turns": LISTING_TURNS, "bookings": BOOKINGS, "races": RACES, "contenders": CONTENDERS}}
    run = json.loads(json.dumps(run))  # rendered as read back, so the block and its JSON agree
    text = report(run)
    print(text)
    if not options.no_write:
        FIGURES.write_text(json.dumps(run, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        write_block(DOC, text)
    return 0


def _options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-write", action="store_true", help="leave docs/performance.md alone")
    return parser.parse_args(argv)


def _measure(backend: str, cluster) -> dict:
    """Start the system on one backend, measure it, stop it."""
    registry = ClinicRegistry.load()
    with tempfile.TemporaryDirectory(prefix=f"store-bench-{backend}-") as folder:
        var_dir = Path(folder)
        env = {"CLINIC_TODAY": TODAY, "CLINIC_TOKEN": TOKEN, "CLINIC_STAFF_TOKEN": STAFF_TOKEN, "VAR_DIR": folder}
        urls = {c.id: cluster.new_database(c.id) for c in registry.clinics} if backend == "postgres" else {}
        env |= {f"{cid.upper()}_DATABASE_URL": url for cid, url in urls.items()}
        fleet = start_fleet(registry, env, var_dir, ports={c.id: free_port() for c in registry.clinics},
                            workers=LAYOUT.clinic_workers)
        try:
            clinic_urls = {cid: fleet.url(cid) for cid in fleet.ports}
            web = start_web(clinic_urls, var_dir / "web", LAYOUT, messages_per_minute=100_000)
            try:
                return _scenarios(web.port, free_slots(clinic_urls, TOKEN), _holder_reader(backend, var_dir, urls))
            finally:
                web.stop()
        finally:
            fleet.stop()


def _scenarios(port: int, slots: list[Slot], holder_of: Callable[[Slot], str | None]) -> dict:
    warm_up(port, 10)
    turns = latency(port, LISTING_TURNS, slots[:BOOKINGS], deadline_s=120)
    # Race for slots of the last days, far from those the latency turns booked and freed again.
    races = [_race(port, slot, holder_of) for slot in slots[::-1][:RACES]]
    return {kind: t.summary() | {"failures": len(t.failures)} for kind, t in turns.items()} | {"races": races}


def _race(port: int, slot: Slot, holder_of: Callable[[Slot], str | None]) -> dict:
    """CONTENDERS patients book one slot at the same instant; the outcome and the store's holder."""
    clients = [WebClient("127.0.0.1", port) for _ in range(CONTENDERS)]
    for client in clients:
        new_patient(client)
    results: list[TurnResult | None] = [None] * CONTENDERS
    barrier = threading.Barrier(CONTENDERS + 1)

    def contender(i: int) -> None:
        barrier.wait()
        results[i] = clients[i].turn(slot.booking())
    threads = [threading.Thread(target=contender, args=(i,), daemon=True) for i in range(CONTENDERS)]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join(60)
    settled_ms = (time.perf_counter() - started) * 1000
    for client in clients:
        client.close()
    outcomes = [race_outcome(r) for r in results]
    errors = sorted({_why(r) for r, kind in zip(results, outcomes) if kind == "error"})
    winners = [_digits(clients[i].cpf) for i, kind in enumerate(outcomes) if kind == "confirmed"]
    return {"confirmed": outcomes.count("confirmed"), "refused": outcomes.count("refused"),
            "errors": outcomes.count("error"), "error_kinds": errors, "holder_is_winner": winners == [holder_of(slot)],
            "settled_ms": settled_ms, "turn_p50_ms": percentile([r.total_s * 1000 for r in results if r], 50)}


def _why(result: TurnResult | None) -> str:
    if result is None or not result.ok:
        return result.failure if result else "no answer"
    codes = {(d.get("error") or {}).get("code") for d in result.of_type("dispatch")} - {None}
    return ", ".join(sorted(map(str, codes))) or "no booking in the answer"  # JSON-RPC codes are numbers


def _digits(cpf: str | None) -> str:
    return "".join(c for c in cpf or "" if c.isdigit())


def _holder_reader(backend: str, var_dir: Path, urls: dict[str, str]) -> Callable[[Slot], str | None]:
    """Who holds a slot, read straight from the clinic's database."""
    sql = "SELECT cpf FROM slots WHERE doctor = {0} AND date = {0} AND time = {0}"

    def from_sqlite(slot: Slot) -> str | None:
        import sqlite3
        with sqlite3.connect(f"file:{var_dir / slot.clinic}.sqlite3?mode=ro", uri=True) as db:
            row = db.execute(sql.format("?"), (slot.doctor, slot.date, slot.time)).fetchone()
        return row[0] if row else None

    def from_postgres(slot: Slot) -> str | None:
        import psycopg
        with psycopg.connect(urls[slot.clinic]) as db:
            row = db.execute(sql.format("%s"), (slot.doctor, slot.date, slot.time)).fetchone()
        return row[0] if row else None
    return from_postgres if backend == "postgres" else from_sqlite


def report(run: dict) -> str:
    """The run (as written to docs/figures/store.json) as Markdown: one table, SQLite and PostgreSQL side by side."""
    figures = run["figures"]
    sqlite, postgres = figures["sqlite"], figures["postgres"]
    backends = (sqlite, postgres)  # the table's column order
    rows = ["| figure | SQLite | PostgreSQL |", "|---|---|---|"]
    for kind in ("listing", "booking"):
        rows += [_row(f"{kind} turn {stat} ms", _ms(sqlite[kind].get(stat)), _ms(postgres[kind].get(stat)))
                 for stat in ("p50", "p95")]
        counts = (f"{b[kind]['n']} ({b[kind]['failures']})" for b in backends)
        rows.append(_row(f"{kind} turns (failures)", *counts))
    for label, key in (("race settled ms, median of races", "settled_ms"), ("race turn p50 ms, median", "turn_p50_ms")):
        rows.append(_row(label, *(_ms(sorted(r[key] for r in b["races"])[len(b["races"]) // 2])
                                  for b in backends)))
    rows.append(_row("races: confirmed / refused / errors", *(
        " / ".join(str(sum(r[k] for r in b["races"])) for k in ("confirmed", "refused", "errors"))
        for b in backends)))
    rows.append(_row("races whose store holder is the winner", *(
        f"{sum(r['holder_is_winner'] for r in b['races'])} of {len(b['races'])}" for b in backends)))
    rows.append(_row("race errors, kinds", *(
        ", ".join(sorted({k for r in b["races"] for k in r["error_kinds"]})) or "none" for b in backends)))
    return "\n".join(["## Clinic stores: SQLite and PostgreSQL", "", ABOUT, "",
                      f"### Run of {run['date']} ({run['seconds']:.0f} s)", "", _setup(run), "", *rows, ""])


ABOUT = ("`python bench/store_bench.py` (`--no-write` leaves this file alone) runs the same system twice in one "
         "go, every clinic on its SQLite file and then every clinic on its own PostgreSQL database, and rewrites "
         "this block. A PostgreSQL commit waits until its write-ahead log is on disk; a SQLite commit in WAL mode "
         "with synchronous=NORMAL does not (both keep every confirmed booking when a server process dies; only "
         "PostgreSQL's also survive a power cut), so a booking pays a disk flush on PostgreSQL, plus a few network "
         "round trips per write. Listings are single reads on both. The figures move with this shared VM's speed: "
         "compare the two columns of one run, not runs.")


def _setup(run: dict) -> str:
    plan = run["plan"]
    return (f"Speed index before the run: {run['speed_ms']:.1f} ms (CPU time of a fixed Python workload; lower is "
            f"faster); load average (1 / 5 / 15 min) at the start {run['load_average']} (other work on the machine "
            f"competes for its two cores). Layout: six clinics, each `gunicorn --workers {plan['clinic_workers']} "
            "-k gthread --threads 8`; "
            f"the web app by its production command with {plan['web_workers']} gevent workers; rules mode; SQLite "
            "sessions. PostgreSQL: a local cluster with its shipped durability settings (fsync, synchronous commit) "
            "on the same two cores, one database per clinic; SQLite: WAL with synchronous=NORMAL. Turns: one "
            f"patient at a time through SSE ({plan['listing_turns']} listing turns, {plan['bookings']} booking turns). "
            f"Races: {plan['races']} slots, {plan['contenders']} patients each sending the same booking at once "
            'through the web API; "settled" is the time from the start signal to the last answer.')


def _row(label: str, sqlite: str, postgres: str) -> str:
    return f"| {label} | {sqlite} | {postgres} |"


def _ms(value) -> str:
    return "–" if value is None else f"{value:.1f}"


def write_block(path: Path, text: str) -> None:
    """Replace this script's block of the file (appended when missing), keeping everything else."""
    path.write_text(with_block(path.read_text(encoding="utf-8"), BEGIN, END, text.rstrip() + "\n"), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
