"""The audit trail: what was asked of which clinic and the verdict, never who or what was said."""
from __future__ import annotations

import hashlib
import json
import multiprocessing
from pathlib import Path

from agent_system.sessions.audit import AuditLog, AuditRotation
from agent_system.settings import AgentSettings
from tests.support import make_cpf, run_turn


def test_a_booking_turn_is_audited_without_personal_data(pipeline, registry, new_conversation, tmp_path):
    digits = make_cpf(401).replace(".", "").replace("-", "")
    conversation = new_conversation("Rosa Maria Quintana", digits)
    run_turn(pipeline, conversation, "horários de ortopedia")
    events, answer = run_turn(pipeline, conversation, "o primeiro")
    trail = AuditLog(tmp_path / "audit.jsonl")
    trail.write("session-123", events)
    line = (tmp_path / "audit.jsonl").read_text(encoding="utf-8")
    record = json.loads(line)
    clinic = answer.appointments[0].clinic
    assert record["planner"] == "rules" and record["steps"] == [[clinic, "book_appointment"]]
    # The overlap check's reads are planned steps too: listed, dispatched (in parallel) and audited before the booking.
    checks = [[c, "list_my_appointments"] for c in registry.ids()] + [[clinic, "list_available_slots"]]
    assert record["checks"] == checks
    dispatched = [(d["clinic"], d["action"], d["status"]) for d in record["dispatch"]]
    assert sorted(dispatched[:-1]) == sorted((c, action, "ok") for c, action in checks)
    assert dispatched[-1] == (clinic, "book_appointment", "ok")
    assert (record["safe"], record["rules"], record["blocked"], record["emergency"]) == (True, [], False, False)
    assert len(record["session"]) == 16 and "session-123" not in line
    for secret in (digits, "Rosa", "Quintana", "o primeiro"):
        assert secret not in line


def audit_files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("audit.jsonl") and not p.name.endswith(".lock"))


def test_the_trail_rotates_by_size_and_keeps_the_configured_number_of_files(tmp_path):
    trail = AuditLog(tmp_path / "audit.jsonl", AuditRotation(max_bytes=400, backups=2))
    for n in range(40):
        trail.write(f"session-{n}", [])
    assert audit_files(tmp_path) == ["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2"]
    for name in audit_files(tmp_path):
        path = tmp_path / name
        assert 0 < path.stat().st_size <= 400 and oct(path.stat().st_mode & 0o777) == "0o600"
        assert all(json.loads(line)["session"] for line in path.read_text(encoding="utf-8").splitlines())
    newest = json.loads((tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()[-1])["session"]
    assert newest == hashlib.sha256(b"session-39").hexdigest()[:16]


def test_without_backups_the_full_trail_is_dropped_and_restarted(tmp_path):
    trail = AuditLog(tmp_path / "audit.jsonl", AuditRotation(max_bytes=400, backups=0))
    for n in range(40):
        trail.write(f"session-{n}", [])
    assert audit_files(tmp_path) == ["audit.jsonl"]
    assert 0 < (tmp_path / "audit.jsonl").stat().st_size <= 400


def write_turns(folder: str, worker: int, count: int) -> None:
    trail = AuditLog(Path(folder) / "audit.jsonl", AuditRotation(max_bytes=1000, backups=1000))
    for n in range(count):
        trail.write(f"worker-{worker}-{n}", [])


def test_worker_processes_rotating_one_trail_lose_and_tear_no_line(tmp_path):
    workers = [multiprocessing.get_context("fork").Process(target=write_turns, args=(str(tmp_path), w, 150))
               for w in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    lines = [line for name in audit_files(tmp_path) for line in (tmp_path / name).read_text().splitlines()]
    expected = {hashlib.sha256(f"worker-{w}-{n}".encode()).hexdigest()[:16] for w in range(3) for n in range(150)}
    assert sorted(json.loads(line)["session"] for line in lines) == sorted(expected)
    assert all((tmp_path / name).stat().st_size <= 1000 for name in audit_files(tmp_path))


def write_with(trail: AuditLog, worker: int, count: int) -> None:
    for n in range(count):
        trail.write(f"worker-{worker}-{n}", [])


def test_a_trail_opened_before_the_workers_fork_still_loses_and_tears_no_line(tmp_path):
    trail = AuditLog(tmp_path / "audit.jsonl", AuditRotation(max_bytes=1000, backups=1000))
    trail.write("before-the-fork", [])  # its files are open now, and the workers inherit them
    workers = [multiprocessing.get_context("fork").Process(target=write_with, args=(trail, w, 150)) for w in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    trail.write("after-the-workers", [])
    lines = [line for name in audit_files(tmp_path) for line in (tmp_path / name).read_text().splitlines()]
    expected = {hashlib.sha256(f"worker-{w}-{n}".encode()).hexdigest()[:16] for w in range(3) for n in range(150)}
    expected |= {hashlib.sha256(name).hexdigest()[:16] for name in (b"before-the-fork", b"after-the-workers")}
    assert sorted(json.loads(line)["session"] for line in lines) == sorted(expected)
    assert all((tmp_path / name).stat().st_size <= 1000 for name in audit_files(tmp_path))


def test_rotation_is_read_from_the_environment(registry, tmp_path):
    settings = AgentSettings.from_env({"AUDIT_MAX_BYTES": "2048", "AUDIT_BACKUPS": "3", "VAR_DIR": str(tmp_path)},
                                      registry)
    assert settings.audit_rotation == AuditRotation(max_bytes=2048, backups=3)
    assert AgentSettings.from_env({"VAR_DIR": str(tmp_path)}, registry).audit_rotation == AuditRotation()
