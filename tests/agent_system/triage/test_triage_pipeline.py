"""Triage first, in the real pipeline against the real clinics: an emergency halts the turn and writes nothing."""
from __future__ import annotations

import json

import pytest

from agent_system.language.registry import language_pack
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


@pytest.mark.parametrize(("earlier", "message", "language"), [
    ("Show me cardiology slots", "acho q to infartando", "pt"),
    ("quero ver horários de cardiologia", "kid ate grandma's tablets", "en"),
    ("quero ver horários de cardiologia", "he said he'd kill me", "en"),
    ("Show me cardiology slots", "socorro", "pt"),
])
def test_a_short_emergency_is_answered_in_the_language_its_red_flag_words_show(
        pipeline, new_conversation, earlier, message, language):
    conversation = new_conversation("Marina Souza Prado", make_cpf(143).replace(".", "").replace("-", ""))
    run_turn(pipeline, conversation, earlier)
    _, answer = run_turn(pipeline, conversation, message)
    assert (answer.emergency, answer.lang) == (True, language)


@pytest.mark.parametrize(("emergency", "reply", "words"), [
    ("meu pai desmaiou e não acorda", "ja liguei pro samu, eles tao vindo", "Que bom que você já pediu ajuda"),
    ("my dad collapsed and won't wake up", "I called 192 already", "Good that you have already called"),
    ("my boyfriend is hitting me", "called the police, they are on their way", "Good that you have already called"),
    # Somewhere safe now is acknowledged the same way, never refused as off-topic.
    ("meu companheiro me bateu e disse que me mata se eu contar", "ja to na casa da minha irma",
     "ou está num lugar seguro"),
    ("my husband is threatening me", "I'm safe now, at my friend's place", "or are somewhere safe"),
])
def test_after_an_emergency_a_call_already_made_is_acknowledged_and_nothing_is_booked(
        pipeline, new_conversation, emergency, reply, words):
    conversation = new_conversation("Marina Souza Prado", make_cpf(144).replace(".", "").replace("-", ""))
    run_turn(pipeline, conversation, emergency)
    events, answer = run_turn(pipeline, conversation, reply)
    plan = next(e for e in events if e.type == "plan")
    assert (plan.steps, plan.source, answer.emergency) == ([], "triage", False)
    assert words in answer.text and [e for e in events if e.type == "dispatch"] == []
    _, later = run_turn(pipeline, conversation, "quero ver horários de cardiologia")  # booking resumes when asked
    assert later.slots and not later.emergency


def test_a_call_already_made_with_no_emergency_before_goes_the_normal_way(pipeline, new_conversation):
    conversation = new_conversation("Marina Souza Prado", make_cpf(145).replace(".", "").replace("-", ""))
    _, answer = run_turn(pipeline, conversation, "ja liguei pro samu")
    assert "pediu ajuda" not in answer.text and not answer.emergency


@pytest.mark.parametrize(("message", "language"), [("socorro", "pt"), ("SOCORRO!!", "pt"), ("help!", "en"),
                                                  ("help me please", "en")])
def test_a_bare_call_for_help_gets_the_numbers_then_a_question(pipeline, new_conversation, message, language):
    conversation = new_conversation("Marina Souza Prado", make_cpf(146).replace(".", "").replace("-", ""))
    _, answer = run_turn(pipeline, conversation, message)
    assert (answer.emergency, answer.lang) == (True, language)
    lines = answer.text.splitlines()
    assert lines[-1] == language_pack(language).emergency["ask_distress"]  # the question comes last
    assert any("192" in line for line in lines[:-1]) and any("190" in line for line in lines[:-1])


@pytest.mark.parametrize("message", ["can you help me book cardiology?", "me ajuda a marcar um dermatologista"])
def test_asking_for_help_with_a_booking_is_not_a_cry_for_help(pipeline, new_conversation, message):
    conversation = new_conversation("Marina Souza Prado", make_cpf(147).replace(".", "").replace("-", ""))
    _, answer = run_turn(pipeline, conversation, message)
    assert not answer.emergency


def test_an_emergency_turn_is_audited_with_its_category_and_red_flag_words(pipeline, new_conversation, tmp_path):
    from agent_system.sessions.audit import AuditLog
    digits = make_cpf(148).replace(".", "").replace("-", "")
    conversation = new_conversation("Marina Souza Prado", digits)
    events, _ = run_turn(pipeline, conversation, f"meu cpf é {digits}, meu marido me bateu e disse q vai me matar")
    AuditLog(tmp_path / "audit.jsonl").write("session-9", events)
    line = (tmp_path / "audit.jsonl").read_text(encoding="utf-8")
    record = json.loads(line)
    assert record["emergency"] is True and record["triage"]["category"] == "violence"
    assert "vai me matar" in " ".join(record["triage"]["matched"])
    assert digits not in line and "Marina" not in line and "meu cpf" not in line
    answer_event = next(e for e in events if e.type == "answer")
    assert "triage" not in answer_event.payload()  # the audit's, never sent to the browser
