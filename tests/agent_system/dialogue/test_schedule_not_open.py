"""A day past the schedule the clinics have opened (14 days ahead, today included; CLINIC_TODAY is Mon Nov 23, so the
last open day is Sun Dec 6): a booking, a listing or a move asked there is answered "not open yet, today you can book
up to …", never "that slot does not exist" or "no free slots". Through the pipeline and the real clinics."""
from __future__ import annotations

import pytest

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, make_cpf, run_turn


@pytest.mark.parametrize("message, said", [
    ("marca com a dra camila rocha dia 10/12 as 14h", "ainda não está aberta"),
    ("quais os horarios do dr rafael moreira dia 08/12?", "ainda não está aberta"),
    ("Book Dra. Mariana Alves on Friday December 11 at 9am", "not open yet"),
    ("any openings with Dr. Paulo Henrique Lima on December 9?", "not open yet"),
])
def test_a_day_past_the_open_schedule_is_said_to_be_not_open_yet(pipeline, new_conversation, clinics, message, said):
    conversation = new_conversation("Otávio Reis Lacerda", normalize_cpf(make_cpf(97901)))
    _, answer = run_turn(pipeline, conversation, message)
    assert said in answer.text and ("06/12" in answer.text or "Dec 6" in answer.text), answer.text
    assert not answer.appointments and all_store_bookings(clinics, conversation.patient.cpf) == []


def test_a_move_a_week_past_the_open_schedule_says_so_and_writes_nothing(patient, pipeline, clinics):
    conversation = patient(97902, "Otávio Reis Lacerda")
    run_turn(pipeline, conversation, "quero consulta com a dra luciana freitas sexta 04/12 as 15h")
    _, answer = run_turn(pipeline, conversation, "da pra ser uma semana depois msm horario?")
    assert "ainda não está aberta" in answer.text and "11/12" in answer.text, answer.text
    assert all_store_bookings(clinics, conversation.patient.cpf) == [
        ("clinic_e", "Dra. Luciana Freitas", "2026-12-04", "15:00")]


@pytest.mark.parametrize("yes", ["pode sim", "sim"])
def test_a_yes_to_another_day_after_it_lists_the_doctors_open_days(patient, pipeline, clinics, yes):
    conversation = patient(97903 if yes == "sim" else 97904, "Otávio Reis Lacerda")
    run_turn(pipeline, conversation, "quero consulta com a dra luciana freitas sexta 04/12 as 15h")
    _, asked = run_turn(pipeline, conversation, "rola empurrar isso uma semana pra frente? mesmo horario")
    assert "outro dia" in asked.text, asked.text
    _, listed = run_turn(pipeline, conversation, yes)
    assert listed.slots and {s.doctor for s in listed.slots} == {"Dra. Luciana Freitas"}, listed.text
    assert all(s.date <= "2026-12-06" for s in listed.slots) and "ainda não está aberta" not in listed.text
    assert all_store_bookings(clinics, conversation.patient.cpf) == [
        ("clinic_e", "Dra. Luciana Freitas", "2026-12-04", "15:00")]
