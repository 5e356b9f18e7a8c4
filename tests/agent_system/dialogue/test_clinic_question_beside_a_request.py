"""A clinic question said after another request and pointing at its clinic ("…, plus I need her clinic's address",
"…, e onde fica?", "…? And their phone, please."): every request planned and answered in order, the booking made
under the usual rules (checked in the store), and only that clinic's information given."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.registry import ClinicRegistry
from tests.support import all_store_bookings, give_back, make_cpf, run_turn

REGISTRY = ClinicRegistry.load()


def _given(text: str, field: str) -> set[str]:
    """The clinics whose address or phone the answer gives."""
    return {c.id for c in REGISTRY.clinics if getattr(c.contact, field) in text}


@pytest.mark.parametrize(("message", "booked", "field"), [
    ("book Dra. Luciana Freitas for Wed Dec 2, 10:30, and I'd like the address of her clinic as well",
     ("clinic_e", "Dra. Luciana Freitas", "2026-12-02", "10:30"), "address"),
    ("me marca com a Dra. Juliana Castro quinta 3/12 às 8h e qual o endereço dessa clínica?",
     ("clinic_c", "Dra. Juliana Castro", "2026-12-03", "08:00"), "address"),
    ("marca a dra ana beatriz pra ter 1/12 10h, e qual o telefone desse lugar?",
     ("clinic_a", "Dra. Ana Beatriz Souza", "2026-12-01", "10:00"), "phone"),
    ("Book Dr. Paulo Henrique Lima on Friday Dec 4 at 1pm, and what's the phone number over there?",
     ("clinic_b", "Dr. Paulo Henrique Lima", "2026-12-04", "13:00"), "phone"),
])
def test_the_booking_is_made_and_its_clinic_answers_the_question(pipeline, new_conversation, clinics, message, booked,
                                                                 field):
    conversation = new_conversation("Lívia Prates Andrade", normalize_cpf(make_cpf(99610 + len(message))))
    try:
        events, answer = run_turn(pipeline, conversation, message)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
        steps = [(s["clinic"], s["action"]) for s in next(e for e in events if e.type == "plan").steps]
        assert steps == [(booked[0], "book_appointment"), (booked[0], "get_clinic_info")]
        assert _given(answer.text, field) == {booked[0]}
        assert answer.text.index(booked[1]) < answer.text.index(getattr(REGISTRY.get(booked[0]).contact, field))
    finally:
        give_back(clinics, conversation)


def test_a_listing_then_the_clinic_question_answers_in_that_order(pipeline, new_conversation):
    conversation = new_conversation("Lívia Prates Andrade", normalize_cpf(make_cpf(99690)))
    _, answer = run_turn(pipeline, conversation, "mostra os horarios do dr rafael na terca 1/12 e onde fica essa clinica?")
    assert {(s.doctor, s.date) for s in answer.slots} == {("Dr. Rafael Moreira", "2026-12-01")}
    assert _given(answer.text, "address") == {"clinic_e"}
    assert answer.text.index("Dr. Rafael Moreira") < answer.text.index(REGISTRY.get("clinic_e").contact.address)


def test_a_move_then_the_clinic_question_waits_for_the_yes_and_answers_both(pipeline, new_conversation, clinics):
    conversation = new_conversation("Lívia Prates Andrade", normalize_cpf(make_cpf(99691)))
    try:
        run_turn(pipeline, conversation, "Quero marcar com a Dra. Camila Rocha dia 30/11 às 9h")
        _, answer = run_turn(pipeline, conversation, "joga pras 11h no mesmo dia? e qual o endereco de la?")
        assert answer.confirm is not None and answer.confirm.action == "reschedule"
        assert _given(answer.text, "address") == {"clinic_b"}
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_b", "Dra. Camila Rocha", "2026-11-30", "09:00")]
    finally:
        give_back(clinics, conversation)


def test_clinics_in_the_plural_after_a_booking_still_asks_every_clinic(pipeline, new_conversation, clinics):
    conversation = new_conversation("Lívia Prates Andrade", normalize_cpf(make_cpf(99692)))
    try:
        events, _ = run_turn(pipeline, conversation,
                             "marca com o dr eduardo quarta 2/12 as 15h e onde ficam as clinicas de voces?")
        steps = [(s["clinic"], s["action"]) for s in next(e for e in events if e.type == "plan").steps]
        assert ("clinic_f", "book_appointment") in steps
        assert {c for c, a in steps if a == "get_clinic_info"} == set(REGISTRY.ids())
    finally:
        give_back(clinics, conversation)
