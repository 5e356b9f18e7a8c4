"""Whom an appointment is for, turn by turn, through the pipeline and the real clinics: the question, a CPF
that is not valid, an emergency told about the dependant meanwhile, and back to booking for the patient."""
from __future__ import annotations

from datetime import date

from agent_system.domain.dialogue import AskingWho
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, make_cpf, run_turn


def test_an_emergency_about_the_child_keeps_triage_first(pipeline, new_conversation):
    conversation = new_conversation("Paula Reis Moura", normalize_cpf(make_cpf(96601)))
    _, asked = run_turn(pipeline, conversation, "quero marcar ortopedia pro meu filho")
    assert "CPF de seu filho" in asked.text
    events, answer = run_turn(pipeline, conversation, "meu filho caiu, bateu a cabeça e não acorda")
    assert answer.emergency and "192" in answer.text
    assert next(e for e in events if e.type == "plan").steps == []


def test_a_cpf_that_is_not_valid_or_the_patients_own_is_asked_again(pipeline, new_conversation):
    own = normalize_cpf(make_cpf(96602))
    conversation = new_conversation("Paula Reis Moura", own)
    run_turn(pipeline, conversation, "I need a dermatologist for my daughter")
    _, invalid = run_turn(pipeline, conversation, "Julia Reis Moura, 123.456.789-00")
    assert "not valid" in invalid.text and not invalid.slots
    _, own_again = run_turn(pipeline, conversation, f"Julia Reis Moura, {own}")
    assert "not valid" in own_again.text and conversation.patient.dependants == []
    child = normalize_cpf(make_cpf(96603))
    _, listed = run_turn(pipeline, conversation, f"Julia Reis Moura, {child}")
    assert listed.slots and "Julia Reis Moura" in listed.text
    assert [(d.name, d.cpf, d.relation) for d in conversation.patient.dependants] == [
        ("Julia Reis Moura", child, "daughter")]


def test_after_booking_for_a_child_the_patient_books_for_herself(pipeline, new_conversation, clinics):
    own, child = normalize_cpf(make_cpf(96604)), normalize_cpf(make_cpf(96605))
    conversation = new_conversation("Paula Reis Moura", own)
    run_turn(pipeline, conversation, "quero marcar ortopedia pro meu filho")
    run_turn(pipeline, conversation, f"Pedro Reis Moura, CPF {child}")
    _, for_child = run_turn(pipeline, conversation, "marca com a dra luciana freitas dia 02/12 as 9h")
    assert [a.patient for a in for_child.appointments] == ["Pedro Reis Moura"]
    _, for_her = run_turn(pipeline, conversation, "agora pra mim: marca com a dra luciana freitas dia 02/12 as 10h30")
    assert [a.patient for a in for_her.appointments] == [None]
    assert all_store_bookings(clinics, child) == [("clinic_e", "Dra. Luciana Freitas", "2026-12-02", "09:00")]
    assert all_store_bookings(clinics, own) == [("clinic_e", "Dra. Luciana Freitas", "2026-12-02", "10:30")]


def test_a_relative_in_a_story_asks_nobody_for_a_cpf(pipeline, new_conversation):
    conversation = new_conversation("Paula Reis Moura", normalize_cpf(make_cpf(96606)))
    _, answer = run_turn(pipeline, conversation, "quero marcar cardiologia, meu pai anda cansado")
    assert answer.slots and "CPF" not in answer.text and not isinstance(conversation.state, AskingWho)


def test_a_listing_asked_for_a_relative_named_before_a_pronoun_books_under_the_relative(patient, pipeline, clinics):
    conversation = patient(96607, "Renata Figueiredo Campos")
    _, asked = run_turn(pipeline, conversation, "e meu pai tb precisa de um ortopedista, consegue ver pra ele na sexta?")
    assert isinstance(conversation.state, AskingWho) and "CPF" in asked.text and not asked.slots
    father = normalize_cpf(make_cpf(96608))
    _, listed = run_turn(pipeline, conversation, f"Jorge Figueiredo, cpf {father}")
    [friday] = {s.date for s in listed.slots}
    assert date.fromisoformat(friday).weekday() == 4
    slot = next(s for s in listed.slots if s.doctor == "Dra. Luciana Freitas")
    _, picked = run_turn(pipeline, conversation, f"o da dra luciana às {slot.time} tá bom")
    if not picked.appointments:  # a pick may be offered first: the yes books it
        _, picked = run_turn(pipeline, conversation, "sim")
    assert [a.patient for a in picked.appointments] == ["Jorge Figueiredo"]
    assert all_store_bookings(clinics, father) == [("clinic_e", "Dra. Luciana Freitas", friday, slot.time)]
    assert all_store_bookings(clinics, conversation.patient.cpf) == []
