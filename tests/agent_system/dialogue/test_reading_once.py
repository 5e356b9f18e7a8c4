"""A turn reads its message once: the pipeline's one `Reading` serves triage, the write grant, the planner and the answer."""
from __future__ import annotations

import sys

import pytest

from agent_system.language import text
from agent_system.dialogue.reading import reading
from tests.support import call_tool, make_cpf, run_turn, store_bookings


def spy(monkeypatch, function) -> list[tuple[object, str]]:
    """(first argument, calling module) of every call of `function` made through an agent_system module's name for it."""
    calls: list[tuple[object, str]] = []

    def recorded(*args, **kwargs):
        calls.append((args[0], sys._getframe(1).f_globals["__name__"]))
        return function(*args, **kwargs)

    modules = [m for name, m in list(sys.modules.items()) if name.startswith("agent_system")]
    for module in modules:
        if getattr(module, function.__name__, None) is function:
            monkeypatch.setattr(module, function.__name__, recorded)
    return calls


@pytest.fixture
def booking_message(clinics):
    """A request for a free slot of Dr. Ricardo Lopes, and that slot."""
    listed = call_tool(clinics.url("clinic_a"), "list_available_slots", {"doctor": "Dr. Ricardo Lopes"})
    slot = listed["structuredContent"]["available_slots"][0]
    day, time = slot["date"], slot["time"]
    return f"Quero marcar com o Dr. Ricardo Lopes dia {day[8:]}/{day[5:7]} às {time}", (day, time)


def test_a_booking_turn_reads_its_message_once(pipeline, clinics, new_conversation, monkeypatch, booking_message):
    message, slot = booking_message
    normal = text.normalize(message)
    reads, detections = spy(monkeypatch, reading.read), spy(monkeypatch, text.detect_language)
    languages = spy(monkeypatch, text.language_of)
    normalised = spy(monkeypatch, text.normalize)
    conversation = new_conversation("Renata Duarte Lima", make_cpf(171).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, message)
    # The write grant came from the same reading as the plan: the booking is in the clinic's store.
    assert [(d, t) for _, _, d, t in store_bookings(clinics, "clinic_a", conversation.patient.cpf)] == [slot]
    assert (answer.lang, answer.emergency) == ("pt", False)
    assert reads == [(message, "agent_system.pipeline")]
    assert (detections, languages) == ([], [(normal, "agent_system.dialogue.reading.reading")])
    # The reading normalises the message once for every stage. Only the write-intent check reads the raw
    # message again: it splits it at the punctuation that normalising drops.
    readers = [caller for argument, caller in normalised if argument == message]
    assert readers.count("agent_system.dialogue.reading.reading") == 1
    assert set(readers) == {"agent_system.dialogue.reading.reading", "agent_system.dialogue.reading.write_intent"}
    # The clinics serve the whole test session: give the slot back.
    freed = call_tool(clinics.url("clinic_a"), "cancel_appointment", {
        "doctor": "Dr. Ricardo Lopes", "date": slot[0], "time": slot[1], "patient_name": conversation.patient.name,
        "cpf": conversation.patient.cpf, "booking_code": answer.appointments[0].code})
    assert freed["isError"] is False


def test_an_english_emergency_is_screened_in_the_language_read_once(pipeline, new_conversation, monkeypatch):
    reads, detections = spy(monkeypatch, reading.read), spy(monkeypatch, text.detect_language)
    conversation = new_conversation("John Carter Silva", make_cpf(172).replace(".", "").replace("-", ""))
    message = "I want to book cardiology, but my wife collapsed and she won't wake up"
    events, answer = run_turn(pipeline, conversation, message)
    assert (answer.emergency, answer.lang) == (True, "en")
    assert "Call SAMU now: 192." in answer.text
    assert (reads, detections) == ([(message, "agent_system.pipeline")], [])
    assert [e for e in events if e.type == "dispatch"] == []
