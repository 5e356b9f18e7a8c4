"""The overlap check is planned: its reads (the patient's bookings at every clinic, and whether the slot is still
free) are steps the plan event lists as `checks`, the router dispatches like any other, and the audit records;
the booking is dispatched after them, or not at all when they show an overlap."""
from __future__ import annotations

import json

from agent_system.sessions.audit import audit_record
from tests.agent_system.pipeline.test_flows import bookings
from tests.support import give_back, make_cpf, run_turn

FIRST = "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 09:00"
SAME_HOUR = "Quero agendar com Dr. Marcelo Tavares no dia 30/11/2026 às 09:30"


def checks_of(events) -> list[tuple[int, str, str, dict]]:
    plan = next(e for e in events if e.type == "plan")
    return [(s["step_id"], s["clinic"], s["action"], s["parameters"]) for s in plan.checks or []]


def dispatched(events) -> list[tuple[int, str, str, str]]:
    return [(e.step_id, e.clinic, e.action, e.status) for e in events if e.type == "dispatch"]


def expected_checks(registry, clinic: str, doctor: str, day: str) -> list[tuple[int, str, str, dict]]:
    reads = [(n, c, "list_my_appointments", {}) for n, c in enumerate(registry.ids(), 2)]
    return [*reads, (len(reads) + 2, clinic, "list_available_slots", {"doctor": doctor, "date": day})]


def test_a_booking_is_dispatched_after_its_check_and_both_are_audited(pipeline, registry, clinics, new_conversation):
    cpf = make_cpf(8610)
    conversation = new_conversation("Denise Moura Falcão", cpf.replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, FIRST)
    checks = expected_checks(registry, "clinic_a", "Dr. Ricardo Lopes", "2026-11-30")
    assert checks_of(events) == checks
    sent = dispatched(events)
    read_ids = {n for n, *_ in checks}
    # Every read is announced and answered before the booking leaves.
    assert {(n, status) for n, *_, status in sent[:-2]} == {(n, s) for n in read_ids for s in ("start", "ok")}
    assert sent[-2:] == [(1, "clinic_a", "book_appointment", "start"), (1, "clinic_a", "book_appointment", "ok")]
    assert [a.status for a in answer.appointments] == ["confirmed"]
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "09:00")]
    record = json.loads(json.dumps(audit_record("session-1", events)))
    assert record["steps"] == [["clinic_a", "book_appointment"]]
    assert record["checks"] == [[c, action] for _, c, action, _ in checks]
    assert sorted((d["clinic"], d["action"]) for d in record["dispatch"]) == sorted(
        [("clinic_a", "book_appointment")] + [(c, action) for _, c, action, _ in checks])
    give_back(clinics, conversation)


def test_a_held_booking_shows_its_reads_and_is_never_dispatched(pipeline, registry, clinics, new_conversation):
    cpf = make_cpf(8611)
    conversation = new_conversation("Denise Moura Falcão", cpf.replace(".", "").replace("-", ""))
    run_turn(pipeline, conversation, FIRST)
    events, held = run_turn(pipeline, conversation, SAME_HOUR)
    checks = expected_checks(registry, "clinic_d", "Dr. Marcelo Tavares", "2026-11-30")
    assert checks_of(events) == checks
    assert {e[2] for e in dispatched(events)} == {"list_my_appointments", "list_available_slots"}
    assert held.appointments == [] and "09:00" in held.text
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "09:00")]
    record = audit_record("session-2", events)
    assert record["checks"] == [[c, action] for _, c, action, _ in checks]
    assert all(d["action"] != "book_appointment" for d in record["dispatch"]) and len(record["dispatch"]) == len(checks)
    give_back(clinics, conversation)


def test_a_turn_without_a_booking_plans_no_check(pipeline, new_conversation):
    conversation = new_conversation("Denise Moura Falcão", make_cpf(8612).replace(".", "").replace("-", ""))
    events, _ = run_turn(pipeline, conversation, "horários de dermatologia amanhã")
    assert checks_of(events) == [] and "checks" not in audit_record("session-3", events)
    assert {e[2] for e in dispatched(events)} == {"list_available_slots"}
