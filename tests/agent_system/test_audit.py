"""The audit trail: what was asked of which clinic and the verdict, never who or what was said."""
from __future__ import annotations

import json

from agent_system.sessions.audit import AuditLog
from tests.support import make_cpf, run_turn


def test_a_booking_turn_is_audited_without_personal_data(pipeline, new_conversation, tmp_path):
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
    assert [(d["clinic"], d["action"], d["status"]) for d in record["dispatch"]] == \
        [(clinic, "book_appointment", "ok")]
    assert (record["safe"], record["rules"], record["blocked"], record["emergency"]) == (True, [], False, False)
    assert len(record["session"]) == 16 and "session-123" not in line
    for secret in (digits, "Rosa", "Quintana", "o primeiro"):
        assert secret not in line
