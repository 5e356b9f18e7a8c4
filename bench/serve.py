"""Serving benchmark: the README production command under slow clients, open streams and session floods.

    python bench/serve.py            # full run (about 14 minutes: the memory flood lasts 10)
    python bench/serve.py --quick    # about 3 minutes

Everything runs on 127.0.0.1: six clinics on free ports (Clínica E behind a proxy that holds each
call, so chat turns asking for its doctor stay open as SSE streams), then `gunicorn -c
gunicorn_web.conf.py` with those clinics configured as remote ones. It prints the figures, writes them
to docs/figures/serving.json and renders them into docs/performance.md between the serving-benchmark markers.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.memory import descendants  # noqa: E402
from bench.proxy import DelayProxy  # noqa: E402
from bench.serve_load import OpenStreams, Slowloris, address, open_session, p95_ms, session_flood, timed_turn  # noqa: E402
from clinic_servers.contract.registry import ClinicRegistry  # noqa: E402
from clinic_servers.launcher import start_fleet  # noqa: E402

DOC = ROOT / "docs" / "performance.md"
FIGURES = ROOT / "docs" / "figures" / "serving.json"
START, END = "<!-- serving-benchmark:start -->", "<!-- serving-benchmark:end -->"
TODAY = "2026-11-23"
NORMAL = "dermatologia"  # Clínicas B and F: never the held clinic
HELD = "ortopedia"  # Clínicas D and E, in parallel: waits on the holding proxy of E
ONE_IP = "203.0.113.7"


def main(argv: list[str] | None = None) -> int:
    """Run every phase, print the figures, rewrite the docs block."""
    args = _arguments(argv)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    plan = {"turns": 60 if args.quick else 150, "slowloris": 256, "streams": 500, "hold_s": 40 if args.quick else 90,
            "one_ip_s": 10 if args.quick else 30, "flood_s": 60 if args.quick else 600}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="serve-bench-") as tmp:
        figures = _run(Path(tmp), plan)
    run = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "seconds": time.monotonic() - started,
           "quick": args.quick, "load_average": load, "plan": plan, "figures": figures}
    run = json.loads(json.dumps(run))  # rendered as read back, so the block and its JSON agree
    block = report(run)
    print(block)
    FIGURES.write_text(json.dumps(run, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    _write_block(block)
    return 0


def _run(var_dir: Path, plan: dict) -> dict:
    registry = ClinicRegistry.load()
    env = {"CLINIC_TODAY": TODAY, "CLINIC_TOKEN": "bench-patient-token", "CLINIC_STAFF_TOKEN": "bench-staff-token"}
    ports = {c.id: _free_port() for c in registry.clinics}
    fleet = start_fleet(registry, env, var_dir / "clinics", ports=ports)
    held = DelayProxy(fleet.url("clinic_e"), plan["hold_s"])
    server = None
    try:
        urls = {cid: fleet.url(cid) for cid in ports} | {"clinic_e": held.url}
        server = _start_web(var_dir / "web", urls, env)
        return _phases(server, plan)
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
        held.stop()
        fleet.stop()


def _start_web(var_dir: Path, urls: dict[str, str], env: dict[str, str]) -> subprocess.Popen:
    """The README production command, with the clinics as remote ones and loopback as the trusted proxy."""
    port = _free_port()
    web_env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    web_env |= {f"{cid.upper()}_URL": url for cid, url in urls.items()} | env
    # Limits stay at their defaults except the per-turn ones, so that one normal patient can be timed
    # for minutes; every synthetic client has its own address.
    web_env |= {"PORT": str(port), "VAR_DIR": str(var_dir), "TRUSTED_PROXIES": "127.0.0.1",
                "CLINIC_TIMEOUT_S": "300", "MESSAGES_PER_MINUTE": "100000", "CHATS_PER_IP": "100000 per minute",
                "ENV_FILE": os.devnull, "WEB_LOG_LEVEL": "warning"}
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn_web.conf.py"], cwd=ROOT, env=web_env)
    server.port = port  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not _listening(port):
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the production command did not start")
        time.sleep(0.2)
    return server


def _phases(server: subprocess.Popen, plan: dict) -> dict:
    port, figures = server.port, {}  # type: ignore[attr-defined]
    figures["unloaded"] = _normal_p95(port, plan["turns"], 2)
    slow = Slowloris(port, plan["slowloris"])
    try:
        figures["slowloris"] = _normal_p95(port, plan["turns"], 3)
        figures["slowloris_reopened"] = slow.reopened
    finally:
        slow.close()
    streams = OpenStreams(port, HELD)
    streams.start(plan["streams"], first_client=1000)
    figures["streams_open"] = streams.wait_opened(plan["streams"], timeout_s=plan["hold_s"] / 2)
    figures["streams"] = _normal_p95(port, plan["turns"], 4)
    figures["streams_still_open"] = streams.opened - len(streams.failed)
    figures["streams_failed"] = len(streams.failed)
    streams.join(plan["hold_s"] + 60)
    counts = session_flood(port, plan["one_ip_s"], [ONE_IP])
    figures["one_ip"] = {"accepted_per_s": counts.get(201, 0) / plan["one_ip_s"],
                         "refused_per_s": counts.get(429, 0) / plan["one_ip_s"], "other": _other(counts)}
    figures["rss_before"] = _tree_rss_kib(server.pid)
    counts = session_flood(port, plan["flood_s"], [address(100_000 + n) for n in range(50_000)])
    figures["rss_after"] = _tree_rss_kib(server.pid)
    figures["flood"] = {"accepted": counts.get(201, 0), "refused": counts.get(429, 0), "other": _other(counts)}
    return figures


def _normal_p95(port: int, turns: int, client: int) -> float:
    status, session_id = open_session(port, address(client))
    assert status == 201, status
    for _ in range(5):  # warm-up: connections, caches
        timed_turn(port, address(client), session_id, NORMAL)
    samples = []
    for _ in range(turns):
        samples.append(timed_turn(port, address(client), session_id, NORMAL))
        time.sleep(0.1)  # a patient, not a load generator
    return p95_ms(samples)


def _other(counts: dict[int, int]) -> dict[int, int]:
    return {status: n for status, n in counts.items() if status not in (201, 429)}


def _tree_rss_kib(pid: int) -> int:
    total = 0
    for member in [pid, *descendants(pid)]:
        try:
            lines = Path(f"/proc/{member}/status").read_text().splitlines()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in lines if line.startswith("VmRSS:")), 0)
    return total


def report(run: dict) -> str:
    """The run (as written to docs/figures/serving.json) as Markdown."""
    f, plan, quick = run["figures"], run["plan"], run["quick"]
    mode = "quick" if quick else "full"
    ratio = lambda key: f"{f[key] / f['unloaded']:.2f}x"  # noqa: E731
    rows = [
        ("normal patient's chat p95, unloaded", f"{f['unloaded']} ms", "1.00x"),
        (f"... with {plan['slowloris']} slowloris connections (dropped by the server and reopened "
         f"{f['slowloris_reopened']} times)",
         f"{f['slowloris']} ms", ratio("slowloris")),
        (f"... with {f['streams_open']} of {plan['streams']} SSE streams open "
         f"({f['streams_failed']} failed)", f"{f['streams']} ms", ratio("streams")),
    ]
    one_ip, flood = f["one_ip"], f["flood"]
    lines = [f"### Serving benchmark ({mode} run, {run['date']}, {run['seconds']:.0f} s)", "",
             "`python bench/serve.py" + (" --quick" if quick else "") + "`: the README production command "
             "(`gunicorn -c gunicorn_web.conf.py`, 2 gevent workers) on loopback, rules mode, default limits "
             "except turns per IP and per session (raised so one patient can be timed); streams wait on a "
             f"clinic held {plan['hold_s']} s; {plan['turns']} timed turns per phase, 0.1 s apart. Load average "
             f"(1 / 5 / 15 min) at the start: {run['load_average']} (other work on the machine competes for its "
             "two cores).", "",
             "| measure | value | vs unloaded |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    lines += ["", "| session flood | value |", "|---|---|",
              f"| one IP for {plan['one_ip_s']} s: sessions accepted/s | {one_ip['accepted_per_s']:.1f} |",
              f"| one IP: sessions refused (429)/s | {one_ip['refused_per_s']:.1f} |",
              f"| many IPs for {plan['flood_s']} s: sessions accepted / refused | "
              f"{flood['accepted']} / {flood['refused']} |",
              f"| web app RSS (master + workers) before the flood | {f['rss_before'] / 1024:.1f} MiB |",
              f"| web app RSS after the flood | {f['rss_after'] / 1024:.1f} MiB |"]
    if one_ip["other"] or flood["other"]:
        lines.append(f"\nOther answers: one IP {one_ip['other']}, flood {flood['other']} (0 = connection error).")
    return "\n".join(lines)


def _write_block(block: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    wrapped = f"{START}\n{block}\n{END}"
    if START in text and END in text:
        text = text[:text.index(START)] + wrapped + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n## Serving: slow clients, open streams, floods\n\n" + wrapped + "\n"
    DOC.write_text(text, encoding="utf-8")


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> bool:
    import socket
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter phases (the flood lasts 60 s, not 10 min)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
