"""Triage first, in the real pipeline against the real clinics: an emergency halts the turn and writes nothing."""
from __future__ import annotations

import pytest

from tests.support import call_tool, make_cpf, run_turn, store_bookings


def free_slots(clinics, clinic_id, doctor):
    listed = call_tool(clinics.url(clinic_id), "list_available_slots", {"doctor": doctor})["structuredContent"]
    return [(s["date"], s["time"]) for s in listed["available_slots"]]


def booking_request(clinics):
    """A booking message for a free slot of Dr. Ricardo Lopes, and that slot."""
    day, time = free_slots(clinics, "clinic_a", "Dr. Ricardo Lopes")[0]
    return f"Quero marcar com o Dr. Ricardo Lopes dia {day[8:]}/{day[5:7]} às {time}", (day, time)


@pytest.mark.parametrize(("red_flag", "numbers"), [
    ("Ah, e meu pai está com dor no peito forte agora e suando frio.", ["192"]),
    ("também n consigo respirar direito desde cedo", ["192"]),
    ("mas antes: meu filho bebeu água sanitária", ["192", "0800 722 6001"]),
])
def test_an_emergency_inside_a_booking_request_gets_the_emergency_answer_and_no_write(
        pipeline, clinics, new_conversation, red_flag, numbers):
    request, slot = booking_request(clinics)
    conversation = new_conversation("Marina Souza Prado", make_cpf(140).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, f"{request}. {red_flag}")
    plan = next(e for e in events if e.type == "plan")
    assert (plan.steps, plan.source, answer.emergency, answer.lang) == ([], "triage", True, "pt")
    assert [e for e in events if e.type == "dispatch"] == []
    assert [n in answer.text for n in numbers] == [True] * len(numbers)
    assert slot in free_slots(clinics, "clinic_a", "Dr. Ricardo Lopes")
    assert store_bookings(clinics, "clinic_a", conversation.patient.cpf) == []


def test_the_same_booking_request_without_the_red_flag_books(pipeline, clinics, new_conversation):
    """The control for the test above: the message would have written."""
    request, slot = booking_request(clinics)
    conversation = new_conversation("Marina Souza Prado", make_cpf(141).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, request)
    assert not answer.emergency
    assert slot not in free_slots(clinics, "clinic_a", "Dr. Ricardo Lopes")
    assert [(d, t) for _, _, d, t in store_bookings(clinics, "clinic_a", conversation.patient.cpf)] == [slot]


def test_an_english_emergency_is_answered_in_english(pipeline, new_conversation):
    conversation = new_conversation("John Carter Silva", make_cpf(142).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, "my wife collapsed and she won't wake up")
    assert (answer.emergency, answer.lang) == (True, "en")
    assert "Call SAMU now: 192." in answer.text and "Stay with the person" in answer.text
    stages = [(e.stage, e.status) for e in events if e.type == "stage"]
    assert stages[:2] == [("triage", "start"), ("triage", "end")] and ("planning", "start") not in stages


def test_an_emergency_is_answered_even_when_the_message_cannot_be_read_for_planning(
        pipeline, new_conversation, monkeypatch):
    """The screen does not depend on the planner's reader: a reader failure still ends in the numbers to call."""
    from agent_system import pipeline as pipeline_module
    real_read = pipeline_module.read

    def failing_read(message, *args):
        if message:
            raise ValueError("the reader failed on this message")
        return real_read(message, *args)

    monkeypatch.setattr(pipeline_module, "read", failing_read)
    conversation = new_conversation("Marina Souza Prado", make_cpf(141).replace(".", "").replace("-", ""))
    events, answer = run_turn(pipeline, conversation, "meu pai caiu e não acorda, tá roxo")
    assert (answer.emergency, "192" in answer.text) == (True, True)
    assert [e for e in events if e.type == "dispatch"] == []
    cleared = list(pipeline.run(conversation, "quero marcar cardiologia"))
    assert [e.code for e in cleared if e.type == "error"] == ["internal_error"]
