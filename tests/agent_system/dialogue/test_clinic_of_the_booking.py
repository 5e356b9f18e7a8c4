"""Where the booking is, asked by context: after a booking, "em que clínica fica essa?", "which clinic is it at?"
read the patient's bookings, and "onde fica?", "qual o endereço dela?" get that booking's clinic's address; never
refused, nor answered with every clinic's information. On the real clinics."""
from __future__ import annotations

import pytest

from tests.support import run_turn

BOOK = {"pt": "marca com a dra juliana castro dia 03/12 as 9h30", "en": "book Dra. Juliana Castro on December 3 at 9:30 AM"}


@pytest.mark.parametrize(("number", "language", "question"), [
    (96621, "pt", "em que clinica fica essa?"), (96624, "en", "which clinic is it at?"),
    (96625, "en", "what's the address of that one?"),
])
def test_which_clinic_the_booking_is_at(patient, pipeline, number, language, question):
    conversation = patient(number, "Helena Prado Castro")
    _, booked = run_turn(pipeline, conversation, BOOK[language])
    [appointment] = booked.appointments
    events, answer = run_turn(pipeline, conversation, question)
    plan = next(e for e in events if e.type == "plan")
    assert {s["action"] for s in plan.steps} == {"list_my_appointments"}
    assert "Clínica C" in answer.text and [a.clinic for a in answer.appointments] == [appointment.clinic]


@pytest.mark.parametrize(("number", "language", "question"), [
    (96622, "pt", "onde fica?"), (96623, "pt", "qual o endereço dela?"), (96626, "en", "what's the address?"),
])
def test_where_the_booking_is(patient, pipeline, registry, number, language, question):
    conversation = patient(number, "Helena Prado Castro")
    _, booked = run_turn(pipeline, conversation, BOOK[language])
    [appointment] = booked.appointments
    events, answer = run_turn(pipeline, conversation, question)
    plan = next(e for e in events if e.type == "plan")
    assert [(s["clinic"], s["action"]) for s in plan.steps] == [(appointment.clinic, "get_clinic_info")]
    assert registry.get(appointment.clinic).contact.address.split(",")[0] in answer.text


def test_where_the_clinic_is_without_a_booking_answers_for_every_clinic(pipeline, new_conversation, registry):
    conversation = new_conversation("Helena Prado Castro", "39053344705")
    events, _ = run_turn(pipeline, conversation, "onde ficam as clínicas?")
    plan = next(e for e in events if e.type == "plan")
    assert {s["clinic"] for s in plan.steps} == set(registry.ids())
