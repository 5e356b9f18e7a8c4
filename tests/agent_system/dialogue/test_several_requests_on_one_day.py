"""A later request of the message on the day of the one before it ("nesse dia", "no mesmo dia", "on that day"): every
part planned and answered in order, a whole slot booked at once, a cancel asked first, and no slot offered on a
day the patient did not say."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("message", "booked", "listed"), [
    ("agenda dr fernando mendes 01/12 9:00 e lista ortopedia naquele dia, só a tarde",
     ("clinic_c", "Dr. Fernando Mendes", "2026-12-01", "09:00"),
     {("Dra. Patrícia Gomes", "2026-12-01", "15:00"), ("Dr. Rafael Moreira", "2026-12-01", "14:30")}),
    ("I'd like to book Dra. Mariana Alves on Fri Dec 4 at 10:30am, and what does cardiology have on that day?",
     ("clinic_f", "Dra. Mariana Alves", "2026-12-04", "10:30"),
     {("Dr. Fernando Mendes", "2026-12-04", t) for t in ("08:00", "10:00", "11:00")}),
])
def test_a_booking_and_a_listing_on_its_day(pipeline, new_conversation, clinics, message, booked, listed):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97460 + len(message) % 30)))
    try:
        _, answer = run_turn(pipeline, conversation, message)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
        # Other tests share the fleet and may hold some of these slots: what is offered is among them, and only them.
        assert answer.slots and {(s.doctor, s.date, s.time) for s in answer.slots} <= listed
    finally:
        give_back(clinics, conversation)


def test_two_whole_slots_the_second_on_the_first_s_day_are_both_booked(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97491)))
    try:
        _, answer = run_turn(pipeline, conversation,
                             "agenda o dr eduardo nunes dia 25 às 14h e, no mesmo dia, a dra luciana freitas às 10h30")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_e", "Dra. Luciana Freitas", "2026-11-25", "10:30"),
            ("clinic_f", "Dr. Eduardo Nunes", "2026-11-25", "14:00")]
        assert len(answer.appointments) == 2
    finally:
        give_back(clinics, conversation)


def test_a_cancel_is_asked_first_and_the_listing_is_on_its_day(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97492)))
    try:
        run_turn(pipeline, conversation, "Quero marcar com o Dr. Rafael Moreira dia 26/11 às 11h30")
        _, answer = run_turn(pipeline, conversation,
                             "desmarca a consulta do dia 26 e vê o que a dermato tem nesse dia de manhã")
        assert answer.confirm is not None and answer.confirm.action == "cancel"
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_e", "Dr. Rafael Moreira", "2026-11-26", "11:30")]
        assert answer.slots and {(s.doctor, s.date, s.time) for s in answer.slots} <= {
            ("Dr. Eduardo Nunes", "2026-11-26", "10:00"), ("Dr. Eduardo Nunes", "2026-11-26", "11:30")}
    finally:
        give_back(clinics, conversation)


def test_a_doctor_without_that_day_is_offered_no_other_day(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97493)))
    try:
        _, answer = run_turn(pipeline, conversation,
                             "Book Dr. Ricardo Lopes on Wednesday Nov 25 at 3pm and Dra. Ana Beatriz Souza that same day at 10")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_a", "Dr. Ricardo Lopes", "2026-11-25", "15:00")]
        assert not answer.slots
        assert "Ana Beatriz Souza" in answer.text
    finally:
        give_back(clinics, conversation)


def test_whole_slots_listed_after_asking_for_them_all_are_all_booked(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97494)))
    try:
        _, answer = run_turn(pipeline, conversation,
                             "need both appointments - Dra. Juliana Castro Dec 3rd 9:30am; Dr. Marcelo Tavares Dec 2nd 5pm")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_c", "Dra. Juliana Castro", "2026-12-03", "09:30"),
            ("clinic_d", "Dr. Marcelo Tavares", "2026-12-02", "17:00")]
        assert len(answer.appointments) == 2
    finally:
        give_back(clinics, conversation)


def test_that_same_day_after_a_cancel_that_names_no_day_is_the_booking_s_day(pipeline, new_conversation, clinics):
    conversation = new_conversation("Teresa Lins Arruda", normalize_cpf(make_cpf(97495)))
    try:
        run_turn(pipeline, conversation, "Quero marcar com o Dr. Eduardo Nunes dia 02/12 às 15h")
        _, answer = run_turn(pipeline, conversation, "pode desmarcar essa, e a cardio tem algo no mesmo dia?")
        assert answer.confirm is not None and answer.confirm.action == "cancel"
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "15:00")]
        assert {(s.doctor, s.date) for s in answer.slots} == {("Dr. Ricardo Lopes", "2026-12-02")}
    finally:
        give_back(clinics, conversation)
