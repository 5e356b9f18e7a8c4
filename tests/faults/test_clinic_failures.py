"""A clinic that dies or hangs in the middle of a turn: the turn still completes and says which clinic failed.

Real gunicorn clinics, killed with SIGKILL or frozen with SIGSTOP; the web app is served over real
HTTP and read through the headless SSE client. No timing is asserted: the router's timeout is
what lets the frozen-clinic turn finish at all.
"""
from __future__ import annotations

import signal
import time
from pathlib import Path

from tests.faults.conftest import chat_client, signal_group, slot_rows
from tests.support import served


def finished_calls(events, clinic: str) -> list:
    return [e for e in events if e.type == "dispatch" and e.clinic == clinic and e.status != "start"]


def answer_of(events):
    assert [e.type for e in events][-1] == "done", [e.type for e in events]
    assert not [e for e in events if e.type == "error"]
    return next(e for e in events if e.type == "answer")


def test_a_clinic_killed_mid_turn_leaves_a_complete_answer_naming_it(own_clinic, clinic_urls, app_for):
    clinic_c = own_clinic("clinic_c")
    process = clinic_c.processes["clinic_c"]
    app = app_for(clinic_urls | {"clinic_c": clinic_c.url("clinic_c")})
    with served(app) as base:
        client = chat_client(base)
        # Frozen first, so the call is surely in flight (accepted by the kernel, never answered) when it dies.
        signal_group(process, signal.SIGSTOP)
        events = []
        for event in client.chat("horários de cardiologia"):
            events.append(event)
            if event.type == "dispatch" and event.clinic == "clinic_c" and event.status == "start":
                time.sleep(0.2)  # let the request leave the router's thread
                signal_group(process, signal.SIGKILL)
        answer = answer_of(events)
        assert [(e.status, e.error["code"]) for e in finished_calls(events, "clinic_c")] == [("error", -32000)]
        assert [e.status for e in finished_calls(events, "clinic_a")] == ["ok"]
        assert "Clínica C" in answer.text
        assert answer.slots and {s.clinic for s in answer.slots} == {"clinic_a"}

        # Restarted on the same store, the clinic answers the next turn again.
        process.wait(10)
        clinic_c.start("clinic_c")
        clinic_c.wait_ready()
        again = answer_of(client.turn("horários de cardiologia"))
        assert {s.clinic for s in again.slots} == {"clinic_a", "clinic_c"}


def test_a_booking_on_a_clinic_killed_mid_call_is_never_reported_as_done(own_clinic, clinic_urls, app_for):
    clinic_b = own_clinic("clinic_b")
    process = clinic_b.processes["clinic_b"]
    app = app_for(clinic_urls | {"clinic_b": clinic_b.url("clinic_b")})
    with served(app) as base:
        client = chat_client(base)
        listing = answer_of(client.turn("horários da Dra. Camila Rocha"))
        slot = listing.slots[0]
        signal_group(process, signal.SIGSTOP)
        events = []
        for event in client.chat("quero o primeiro"):
            events.append(event)
            if event.type == "dispatch" and event.status == "start" and event.action == "book_appointment":
                time.sleep(0.2)
                signal_group(process, signal.SIGKILL)
        answer = answer_of(events)
    # The overlap check's reads (the stopped clinic's among them) come first; the booking is the last call.
    calls = [e.action for e in finished_calls(events, "clinic_b")]
    assert calls.count("book_appointment") == 1 and calls[-1] == "book_appointment"
    assert answer.appointments == []  # nothing confirmed that the clinic never confirmed
    assert "Clínica B" in answer.text
    # The call died before the clinic read it: the slot is still free in its store.
    process.wait(10)
    assert (slot.doctor, slot.date, slot.time, 1, None, None) in slot_rows(Path(clinic_b.env["VAR_DIR"]), "clinic_b")


def test_a_hanging_clinic_costs_one_timeout_and_the_turn_completes(own_clinic, clinic_urls, app_for):
    clinic_f = own_clinic("clinic_f")
    app = app_for(clinic_urls | {"clinic_f": clinic_f.url("clinic_f")}, dispatch_timeout_s=1.0)
    signal_group(clinic_f.processes["clinic_f"], signal.SIGSTOP)
    with served(app) as base:
        client = chat_client(base)
        events = client.turn("horários de dermatologia")
        answer = answer_of(events)
        health = client.http.get(f"{base}/api/health", timeout=30).json()
    assert [e.status for e in finished_calls(events, "clinic_f")] == ["timeout"]
    assert [e.status for e in finished_calls(events, "clinic_b")] == ["ok"]
    assert "Clínica F" in answer.text
    assert {s.clinic for s in answer.slots} == {"clinic_b"}
    assert health["status"] == "degraded" and health["clinics"]["clinic_f"] == "down"
    assert health["clinics"]["clinic_b"] == "up"


def test_a_hanging_clinic_in_my_appointments_still_lists_the_others(own_clinic, clinic_urls, app_for):
    clinic_d = own_clinic("clinic_d")
    app = app_for(clinic_urls | {"clinic_d": clinic_d.url("clinic_d")}, dispatch_timeout_s=1.0)
    signal_group(clinic_d.processes["clinic_d"], signal.SIGSTOP)
    with served(app) as base:
        events = chat_client(base).turn("minhas consultas")
    answer = answer_of(events)
    statuses = {e.clinic: e.status for e in events if e.type == "dispatch" and e.status != "start"}
    assert statuses == {"clinic_a": "ok", "clinic_b": "ok", "clinic_c": "ok", "clinic_d": "timeout",
                        "clinic_e": "ok", "clinic_f": "ok"}
    assert "Clínica D" in answer.text
