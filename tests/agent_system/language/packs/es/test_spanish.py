"""A third language is one folder: Spanish (this folder) registered through `language.registry.register` only.

With the pack registered, a Spanish listing and a Spanish booking run end to end against the six clinic processes:
the reading finds the specialty, the weekday, the doctor and the hour in Spanish words from the pack's lexicon and
calendar, the booking lands in the clinic's store, and the answers are Spanish.
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

import pytest

from agent_system.assembly import build_pipeline
from agent_system.language.en import PACK as ENGLISH
from agent_system.language.pt import PACK as PORTUGUESE
from agent_system.language.registry import language_pack, language_packs, register, unregister
from agent_system.language.text import detect_language
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from tests.agent_system.language.packs import es
from tests.support import CLINIC_TODAY, agent_settings, give_back, make_cpf, run_turn, store_bookings

LISTING = "¿hay cardiólogo el jueves?"
EMERGENCY = "creo que estoy teniendo un infarto"
SPANISH_DAY = re.compile(r"\b(?:lun|mar|mié|jue|vie|sáb|dom) \d{1,2}/\d{2}\b")
THURSDAY = date.fromisoformat(CLINIC_TODAY) + timedelta(days=(3 - date.fromisoformat(CLINIC_TODAY).weekday()) % 7)


@pytest.fixture
def spanish():
    """Spanish spoken for one test, and forgotten after it."""
    register(es.PACK)
    yield es.PACK
    unregister(es.PACK.code)


@pytest.fixture
def pipeline(clinics, registry, tmp_path):
    """The rules-only pipeline against the six real clinics."""
    built = build_pipeline(agent_settings({c: clinics.url(c) for c in registry.ids()}, tmp_path), registry)
    yield built
    built.router.close()


@pytest.fixture
def lucia(clinics):
    """A Spanish-speaking patient; whatever her conversation booked is given back afterwards, pass or fail."""
    conversation = Conversation(patient=Patient(name="Lucía Fernández", cpf=_digits(make_cpf(34_917))))
    yield conversation
    give_back(clinics, conversation)


def _digits(cpf: str) -> str:
    return "".join(c for c in cpf if c.isdigit())


def test_the_built_in_packs_word_the_same_things():
    assert set(PORTUGUESE.phrases) == set(ENGLISH.phrases)
    assert set(PORTUGUESE.emergency) == set(ENGLISH.emergency)
    assert set(PORTUGUESE.blocked_notes) == set(ENGLISH.blocked_notes)


def test_an_unregistered_language_reads_as_the_default():
    assert [pack.code for pack in language_packs()] == ["pt", "en"]
    assert language_pack("es") is PORTUGUESE
    assert detect_language(LISTING) == "pt"


def test_a_pack_without_every_text_or_with_an_unknown_concept_is_refused():
    with pytest.raises(ValueError, match="lacks texts: booked"):
        register(replace(es.PACK, phrases={k: v for k, v in es.PACK.phrases.items() if k != "booked"}))
    with pytest.raises(ValueError, match="lacks calendar entries: months"):
        replace(es.PACK, calendar={k: v for k, v in es.PACK.calendar.items() if k != "months"})
    with pytest.raises(ValueError, match="unknown concepts: reservar"):
        replace(es.PACK, lexicon={**es.PACK.lexicon, "reservar": ("reserv\\w*",)})
    assert language_pack("es") is PORTUGUESE


def test_a_registered_pack_is_detected(spanish):
    assert detect_language(LISTING) == "es"
    assert detect_language(EMERGENCY) == "es"
    assert detect_language("Quero ver os horários de cardiologia") == "pt"
    assert detect_language("Show me cardiology slots") == "en"


def test_a_spanish_listing_then_booking_lands_in_the_store(spanish, pipeline, clinics, lucia):
    events, listing = run_turn(pipeline, lucia, LISTING)
    plan = next(e for e in events if e.type == "plan")
    assert {(s["clinic"], s["action"], s["parameters"].get("date")) for s in plan.steps} == {
        ("clinic_a", "list_available_slots", THURSDAY.isoformat()),
        ("clinic_c", "list_available_slots", THURSDAY.isoformat())}
    assert listing.lang == "es" and listing.slots, listing.text
    assert {slot.date for slot in listing.slots} == {THURSDAY.isoformat()}
    assert listing.text.startswith("Estos son los horarios libres en Cardiología:"), listing.text
    assert "Horario más temprano" in listing.text and SPANISH_DAY.search(listing.text), listing.text

    slot = next(s for s in listing.slots if s.doctor.startswith("Dra.") and s.time.endswith(":00"))
    hour = int(slot.time[:2])
    events, booked = run_turn(pipeline, lucia, f"resérvame con la {slot.doctor} el jueves a las {hour}")
    assert booked.lang == "es", booked.text
    assert store_bookings(clinics, slot.clinic, lucia.patient.cpf) == [
        (slot.clinic, slot.doctor, THURSDAY.isoformat(), slot.time)]
    assert "Reserva confirmada" in booked.text and slot.doctor in booked.text, booked.text
    for portuguese_or_english in ("Agendamento", "confirmed", "Booked", " às ", " at "):
        assert portuguese_or_english not in booked.text, booked.text


def test_the_emergency_answer_is_in_spanish(spanish, pipeline, lucia):
    events, answer = run_turn(pipeline, lucia, EMERGENCY)
    assert answer.emergency and answer.lang == "es"
    assert answer.text.splitlines() == [es.PACK.emergency[key] for key in ("opening", "samu", "er", "later")]
    assert not any(e.type == "plan" and e.steps for e in events)


def test_once_removed_spanish_words_are_read_no_more(spanish, pipeline, lucia):
    unregister("es")
    events, _ = run_turn(pipeline, lucia, LISTING)
    plan = next(e for e in events if e.type == "plan")
    assert all("date" not in s["parameters"] for s in plan.steps), plan.steps


def test_next_weeks_thursday_and_mis_citas_are_read_in_spanish_words(spanish, pipeline, clinics, lucia):
    """"el jueves de la semana que viene" is next week's Thursday, not this week's, and "mis citas" asks for the
    patient's own bookings: both with words only the Spanish pack has."""
    next_thursday = THURSDAY + timedelta(days=7)
    events, listing = run_turn(pipeline, lucia, "¿hay cardiólogo el jueves de la semana que viene?")
    plan = next(e for e in events if e.type == "plan")
    assert {s["parameters"].get("date") for s in plan.steps} == {next_thursday.isoformat()}, plan.steps
    slot = next(s for s in listing.slots if s.time.endswith(":00"))
    run_turn(pipeline, lucia, f"resérvame con {slot.doctor} el jueves de la semana que viene a las {int(slot.time[:2])}")
    assert store_bookings(clinics, slot.clinic, lucia.patient.cpf) == [
        (slot.clinic, slot.doctor, next_thursday.isoformat(), slot.time)]

    events, mine = run_turn(pipeline, lucia, "¿cuáles son mis citas?")
    plan = next(e for e in events if e.type == "plan")
    assert {(s["clinic"], s["action"]) for s in plan.steps} == {
        (clinic, "list_my_appointments") for clinic in ("clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e",
                                                        "clinic_f")}, plan.steps
    assert mine.lang == "es" and slot.doctor in mine.text, mine.text
