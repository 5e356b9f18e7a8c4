"""A third language is one pack module: Spanish (tests/agent_system/language/packs/es.py) registered here only."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from agent_system.language import en, pt
from agent_system.language.registry import language_pack, language_packs, register, unregister
from agent_system.language.text import detect_language
from tests.agent_system.language.packs import es
from tests.support import run_turn

LISTING = "Hola, quiero una cita de cardiología: ¿qué horarios libres hay?"
EMERGENCY = "creo que estoy teniendo un infarto"
SPANISH_DAY = re.compile(r"\b(?:lun|mar|mié|jue|vie|sáb|dom) \d{1,2}/\d{2}\b")


@pytest.fixture
def spanish():
    """Spanish spoken for one test, and forgotten after it."""
    register(es.PACK)
    yield es.PACK
    unregister(es.PACK.code)


def test_the_built_in_packs_word_the_same_things():
    assert [pack.code for pack in language_packs()] == ["pt", "en"]
    assert set(pt.PACK.phrases) == set(en.PACK.phrases)
    assert set(pt.PACK.emergency) == set(en.PACK.emergency)
    assert set(pt.PACK.blocked_notes) == set(en.PACK.blocked_notes)


def test_a_pack_without_every_text_is_refused():
    with pytest.raises(ValueError, match="lacks texts: booked"):
        register(replace(es.PACK, phrases={k: v for k, v in es.PACK.phrases.items() if k != "booked"}))
    with pytest.raises(ValueError, match="lacks calendar entries: months"):
        replace(es.PACK, calendar={k: v for k, v in es.PACK.calendar.items() if k != "months"})
    assert language_pack("es") is pt.PACK


def test_an_unregistered_language_reads_as_the_default():
    assert language_pack("es") is pt.PACK
    assert detect_language(LISTING) == "pt"


def test_a_registered_pack_is_detected(spanish):
    assert detect_language(LISTING) == "es"
    assert detect_language(EMERGENCY) == "es"
    assert detect_language("Quero ver os horários de cardiologia") == "pt"
    assert detect_language("Show me cardiology slots") == "en"


def test_a_listing_answers_in_spanish(spanish, pipeline, new_conversation):
    events, answer = run_turn(pipeline, new_conversation("Lucía Fernández", "52998224725"), LISTING)
    plan = next(e for e in events if e.type == "plan")
    assert {(s["clinic"], s["action"]) for s in plan.steps} == {
        ("clinic_a", "list_available_slots"), ("clinic_c", "list_available_slots")}
    assert answer.lang == "es" and answer.slots
    assert answer.text.startswith("Estos son los horarios libres en Cardiología:"), answer.text
    assert "Horario más temprano" in answer.text and SPANISH_DAY.search(answer.text), answer.text
    for portuguese_or_english in ("horários livres", "Here are", "Earliest", "às ", " at "):
        assert portuguese_or_english not in answer.text


def test_the_emergency_answer_is_in_spanish(spanish, pipeline, new_conversation):
    events, answer = run_turn(pipeline, new_conversation("Lucía Fernández", "52998224725"), EMERGENCY)
    assert answer.emergency and answer.lang == "es"
    assert answer.text.splitlines() == [es.PACK.emergency[key] for key in ("opening", "samu", "er", "later")]
    assert not any(e.type == "plan" and e.steps for e in events)
