"""Whom an appointment is for, said in two messages: asked for a relative's full name and CPF, patients often send
the name, then the CPF (or the other way round). Each part is kept and the other asked for; once both are known the
request is planned for the relative and booked in their name, in the clinic's store."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import AskingWho
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, make_cpf, run_turn

# (request, first part, second part, the relative's name as booked, the slot): the request names a whole slot.
IN_PARTS = [
    ("Quero marcar dermatologia pra minha filha na terça 01/12 às 10h30 com a Dra. Mariana Alves",
     "Ela se chama Lia Prado Nunes", "CPF {cpf}", "Lia Prado Nunes",
     ("clinic_f", "Dra. Mariana Alves", "2026-12-01", "10:30")),
    ("queria marcar ortopedia pra minha mae, dr rafael moreira quinta 03/12 as 11:30",
     "cpf dela {cpf}", "maria das gracas oliveira", "Maria das Gracas Oliveira",
     ("clinic_e", "Dr. Rafael Moreira", "2026-12-03", "11:30")),
    ("Can I book Dra. Camila Rocha for my husband on Thursday Dec 3 at 2pm?",
     "Pedro Henrique Souza", "{cpf}", "Pedro Henrique Souza",
     ("clinic_b", "Dra. Camila Rocha", "2026-12-03", "14:00")),
    ("book my son with Dr. Paulo Henrique Lima on Wednesday Dec 2 at 8am",
     "CPF {cpf}", "his name is Lucas Martins Pereira", "Lucas Martins Pereira",
     ("clinic_b", "Dr. Paulo Henrique Lima", "2026-12-02", "08:00")),
]


@pytest.mark.parametrize("n", range(len(IN_PARTS)))
def test_a_name_and_a_cpf_in_two_messages_book_for_the_relative(n, patient, pipeline, clinics):
    request, first, second, name, slot = IN_PARTS[n]
    conversation = patient(97851 + n, "Helena Prado Vasconcelos")
    relative_cpf = normalize_cpf(make_cpf(97861 + n))
    run_turn(pipeline, conversation, request)
    _, asked = run_turn(pipeline, conversation, first.format(cpf=make_cpf(97861 + n)))
    assert isinstance(conversation.state, AskingWho), asked.text
    assert "CPF" in asked.text or "nome" in asked.text.lower() or "name" in asked.text.lower()
    assert not asked.appointments and all_store_bookings(clinics, relative_cpf) == []
    _, booked = run_turn(pipeline, conversation, second.format(cpf=make_cpf(97861 + n)))
    if not booked.appointments:  # a whole slot may be offered for a yes first
        _, booked = run_turn(pipeline, conversation, "sim" if request[0] in "Qq" else "yes")
    assert [a.patient for a in booked.appointments] == [name], booked.text
    assert all_store_bookings(clinics, relative_cpf) == [slot]
    assert all_store_bookings(clinics, conversation.patient.cpf) == []


def test_the_part_still_missing_is_what_the_answer_asks_for(patient, pipeline):
    conversation = patient(97871, "Helena Prado Vasconcelos")
    run_turn(pipeline, conversation, "preciso marcar cardiologia pro meu pai")
    _, after_name = run_turn(pipeline, conversation, "Antônio Pereira Gomes")
    assert "CPF" in after_name.text and "Antônio Pereira Gomes" in after_name.text
    assert "nome completo" not in after_name.text
    conversation = patient(97872, "Helena Prado Vasconcelos")
    run_turn(pipeline, conversation, "I need a dermatologist for my mom")
    _, after_cpf = run_turn(pipeline, conversation, f"her CPF is {make_cpf(97873)}")
    assert "full name" in after_cpf.text and "not valid" not in after_cpf.text
    assert "LGPD" not in after_cpf.text  # her own relative's CPF, asked for: not someone else's data


def test_a_cpf_alone_that_is_not_valid_is_asked_again_keeping_the_name(patient, pipeline):
    conversation = patient(97874, "Helena Prado Vasconcelos")
    run_turn(pipeline, conversation, "quero marcar ortopedia pro meu filho")
    run_turn(pipeline, conversation, "o nome dele é Davi Prado Vasconcelos")
    _, invalid = run_turn(pipeline, conversation, "123.456.789-00")
    assert "não é válido" in invalid.text and isinstance(conversation.state, AskingWho)
    child = normalize_cpf(make_cpf(97875))
    _, listed = run_turn(pipeline, conversation, make_cpf(97875))
    assert listed.slots and "Davi Prado Vasconcelos" in listed.text
    assert [(d.name, d.cpf) for d in conversation.patient.dependants] == [("Davi Prado Vasconcelos", child)]


def test_other_words_while_the_cpf_is_awaited_are_not_a_name(patient, pipeline):
    conversation = patient(97876, "Helena Prado Vasconcelos")
    run_turn(pipeline, conversation, "quero marcar dermato pra minha filha")
    run_turn(pipeline, conversation, "Clara Prado Vasconcelos")
    _, answer = run_turn(pipeline, conversation, "pode ser amanhã de manhã")
    assert conversation.patient.dependants == [] and "Pode Ser" not in answer.text


# The relative's name said with the request, the CPF later (and the slot later still): (request, CPF message, slot
# message, name as booked).
NAMED_FIRST = [
    ("I want to book an appointment for my dad, his name is Roberto Carvalho", "His CPF is {cpf}",
     "Cardiology with Dr. Ricardo Lopes on Wednesday Dec 2 at 9am", "Roberto Carvalho",
     ("clinic_a", "Dr. Ricardo Lopes", "2026-12-02", "09:00")),
    ("Preciso agendar uma consulta para a minha mãe, Teresa Martins.", "O CPF dela é {cpf}.",
     "Cardiologia com a Dra. Juliana Castro, quinta-feira 3/12 às 11h.", "Teresa Martins",
     ("clinic_c", "Dra. Juliana Castro", "2026-12-03", "11:00")),
]


@pytest.mark.parametrize("n", range(len(NAMED_FIRST)))
def test_a_name_said_with_the_request_is_kept_and_only_the_cpf_asked(n, patient, pipeline, clinics):
    request, cpf_message, slot_message, name, slot = NAMED_FIRST[n]
    conversation = patient(97911 + n, "Helena Prado Vasconcelos")
    relative_cpf = normalize_cpf(make_cpf(97921 + n))
    _, asked = run_turn(pipeline, conversation, request)
    assert name in asked.text and "CPF" in asked.text, asked.text
    _, named = run_turn(pipeline, conversation, cpf_message.format(cpf=make_cpf(97921 + n)))
    assert "full name" not in named.text and "nome completo" not in named.text, named.text
    _, booked = run_turn(pipeline, conversation, slot_message)
    if not booked.appointments:
        _, booked = run_turn(pipeline, conversation, "yes" if n == 0 else "sim")
    assert [a.patient for a in booked.appointments] == [name], booked.text
    assert all_store_bookings(clinics, relative_cpf) == [slot]


def test_more_of_the_request_while_the_cpf_is_awaited_keeps_the_name(patient, pipeline, clinics):
    conversation = patient(97931, "Helena Prado Vasconcelos")
    run_turn(pipeline, conversation, "I need an appointment for my son")
    run_turn(pipeline, conversation, "Lucas Santos Prado")
    _, again = run_turn(pipeline, conversation, "dermatology with Dra. Mariana Alves on Friday Dec 4 at 10:30")
    assert "Lucas Santos Prado" in again.text and "full name" not in again.text, again.text
    _, booked = run_turn(pipeline, conversation, f"CPF {make_cpf(97932)}")
    if not booked.appointments:
        _, booked = run_turn(pipeline, conversation, "yes")
    assert [a.patient for a in booked.appointments] == ["Lucas Santos Prado"], booked.text
    assert all_store_bookings(clinics, normalize_cpf(make_cpf(97932))) == [
        ("clinic_f", "Dra. Mariana Alves", "2026-12-04", "10:30")]


def test_a_lower_case_name_then_its_cpf_after_a_comma_in_the_request(patient, pipeline):
    conversation = patient(97933, "Helena Prado Vasconcelos")
    _, answer = run_turn(pipeline, conversation,
                         f"quero marcar dermato pra minha filha julia prado moura, o cpf dela e {make_cpf(97934)}")
    assert [(d.name, d.cpf) for d in conversation.patient.dependants] == [
        ("Julia Prado Moura", normalize_cpf(make_cpf(97934)))], answer.text
