"""The Verifier on clinic data: someone else's data, prescriptions and diagnoses are flagged; public data never."""
from __future__ import annotations

import pytest

from agent_system.domain.patient import Patient
from agent_system.verification.verifier import OK_NOTE, Verdict, Verifier
from clinic_servers.contract.schemas import MyAppointments, SlotListing
from tests.agent_system.verification.verifier_support import (ALL_LISTINGS, ANA, ANA_BARE, ANA_FULL, CLINICS, JOAO, MARIA,
                                                 MARIA_CPF, MARIA_MASK, NOTE, PATIENT_RECORD, booking, booking_with,
                                                 cancellation, listing, my_appointments, rescheduling, step,
                                                 tool_error, with_note, with_slot_fields)


# --- clinic data: flagged ---------------------------------------------------------------------

@pytest.mark.parametrize(("results", "rules"), [
    pytest.param([with_slot_fields(patient_name=MARIA, cpf=MARIA_CPF)], ("R2",), id="other-cpf-and-name-in-slot"),
    pytest.param([with_slot_fields(cpf=MARIA_CPF.replace(".", "").replace("-", ""))], ("R2",),
                 id="other-bare-cpf-in-slot-field"),
    pytest.param([booking(mask=MARIA_MASK)], ("R2",), id="other-masked-cpf-in-appointment"),
    pytest.param([booking(mask="526.***.***-06")], ("R2",), id="other-cpf-masked-differently"),
    pytest.param([with_note(f"Horário liberado pelo CPF {MARIA_CPF}.")], ("R2",), id="full-cpf-in-free-text"),
    pytest.param([with_note("Liberado pelo titular 52601815906.")], ("R2",), id="bare-cpf-in-free-text"),
    pytest.param([booking(name=MARIA, mask=MARIA_MASK)], ("R2",), id="other-name-in-patient-name"),
    pytest.param([booking(name=MARIA)], ("R2",), id="other-name-even-with-own-cpf"),
    pytest.param([booking(name="Ana Souza")], ("R2",), id="same-first-name-is-not-the-patient"),
    pytest.param([with_slot_fields(available=False, patient=JOAO)], ("R2",), id="other-name-in-patient-string"),
    pytest.param([step("list_my_appointments", {"appointments": [{"nome": "Luiza Helena Prado"}]})], ("R2",),
                 id="other-name-in-nome"),
    pytest.param([step("list_my_appointments", {"paciente": "Joao Batista Ferreira"})], ("R2",),
                 id="other-name-in-paciente"),
    pytest.param([step("get_patient", PATIENT_RECORD)], ("R2",), id="patient-record-object"),
    pytest.param([with_slot_fields(address="Rua das Acácias, 120, São Paulo")], ("R2",), id="address-field"),
    pytest.param([with_slot_fields(endereço="Rua Bahia, 32")], ("R2",), id="endereco-field"),
    pytest.param([with_note("Retire o laudo na Av. Brasil, 455, Campinas.")], ("R2",), id="avenue-in-text"),
    pytest.param([with_note("Paciente mora na Rua XV de Novembro, 88.")], ("R2",), id="street-in-text"),
    pytest.param([with_note("Entrega no CEP 01310-100.")], ("R2",), id="cep-in-text"),
    pytest.param([with_note("Contato do paciente: (11) 98765-4321.")], ("R2",), id="phone-parenthesised"),
    pytest.param([with_note("Contato: +55 11 98765-4321")], ("R2",), id="phone-international"),
    pytest.param([with_note("Contato: 11 98765-4321")], ("R2",), id="phone-spaced"),
    pytest.param([with_note("Contato: 11987654321")], ("R2",), id="phone-bare-digits"),
    pytest.param([with_slot_fields(telefone="98765-4321")], ("R2",), id="telefone-field"),
    pytest.param([with_note("Dúvidas: maria.santos@example.com")], ("R2",), id="email-in-text"),
    pytest.param([with_slot_fields(email="joao@example.com.br")], ("R2",), id="email-field"),
    pytest.param([with_slot_fields(data_nascimento="1958-03-02")], ("R2",), id="birth-date-field"),
    pytest.param([step("book_appointment", error={"code": -32000, "message": f"falha ao gravar {MARIA_CPF}"})],
                 ("R2",), id="cpf-in-transport-error"),
    pytest.param([with_note("Tome 200 mg de amiodarona antes da consulta.")], ("R1",), id="prescription-in-note"),
    pytest.param([with_note("Você tem hipertensão; não precisa ir ao médico.")], ("R3",), id="diagnosis-in-note"),
    pytest.param([*ALL_LISTINGS, booking(name=MARIA, mask=MARIA_MASK)], ("R2",), id="one-bad-result-among-many"),
])
def test_check_data_flags(verifier, results, rules):
    verdict = verifier.check_data(results, ANA, "pt")
    assert (verdict.safe, verdict.rules) == (False, rules)


# --- clinic data: someone else's data under field names no list holds --------------------------

@pytest.mark.parametrize("results", [
    pytest.param([with_slot_fields(responsavel=MARIA)], id="name-responsavel"),
    pytest.param([with_slot_fields(booked_by="Sandra Regina Alves")], id="name-booked-by"),
    pytest.param([with_slot_fields(titular="JOÃO BATISTA FERREIRA")], id="name-in-capitals"),
    pytest.param([with_slot_fields(next_in_line="Camila Fernandes da Rosa")], id="name-with-connector"),
    pytest.param([booking_with(acompanhante="Roberto Dias Cunha")], id="name-beside-own-booking"),
    pytest.param([with_slot_fields(contato="(21) 98877-6655")], id="phone-contato"),
    pytest.param([with_slot_fields(reach_at="+55 21 98877 6655")], id="phone-reach-at"),
    pytest.param([with_slot_fields(holder_mail="helena.duarte@example.com")], id="email-holder-mail"),
    pytest.param([with_slot_fields(doc_id="***.016.613-**")], id="masked-cpf-doc-id"),
    pytest.param([with_slot_fields(nasc="12/03/1958")], id="birth-date-br"),
    pytest.param([with_slot_fields(born="1958-03-12")], id="birth-date-iso"),
    pytest.param([with_slot_fields(obs="Hipertensão arterial, Losartana 50 mg 1x/dia")], id="condition-and-drug"),
    pytest.param([with_slot_fields(notes="History of psoriasis, on methotrexate 15 mg weekly")],
                 id="condition-and-dose-en"),
])
def test_check_data_flags_leaks_whatever_the_field_is_called(verifier, results):
    assert verifier.check_data(results, ANA, "pt").rules == ("R2",)


@pytest.mark.parametrize("results", [
    pytest.param([with_slot_fields(responsavel="Dr. Ricardo Lopes")], id="titled-doctor"),
    pytest.param([with_slot_fields(substituto="Ana Beatriz Souza")], id="doctor-without-title"),
    pytest.param([booking_with(titular="Ana Paula Teixeira")], id="own-name-in-unlisted-field"),
    pytest.param([booking_with(holder="Ana Teixeira")], id="own-short-name-on-own-record"),
    pytest.param([with_slot_fields(sala="Sala 3", unidade="Centro Médico")], id="room-and-unit"),
    pytest.param([with_slot_fields(weekday="Segunda Feira", month="Novembro")], id="calendar-words"),
    pytest.param([with_slot_fields(booked_at="2026-11-20")], id="recent-date"),
    pytest.param([with_slot_fields(obs="Traga seus exames de Cardiologia.")], id="plain-note"),
])
def test_check_data_never_flags_public_or_own_data_in_unlisted_fields(verifier, results):
    assert verifier.check_data(results, ANA, "pt") == Verdict(safe=True, note=OK_NOTE)


def test_a_registry_doctor_without_title_is_public(verifier):
    doctors = Verifier(doctors=("Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza"))
    result = with_slot_fields(attending="Ricardo Lopes")
    assert doctors.check_data([result], ANA, "pt").safe is True


def test_check_answer_flags_a_name_from_an_unlisted_field(verifier):
    results = [with_slot_fields(reservado_por="Sandra Regina Alves")]
    assert verifier.check_answer("Horário de Sandra Regina Alves.", results, ANA, "pt").rules == ("R2",)


# --- clinic data: never flagged ---------------------------------------------------------------

@pytest.mark.parametrize("results", [
    *(pytest.param([listing(clinic)], id=f"listing-{clinic}") for clinic in CLINICS),
    pytest.param(ALL_LISTINGS, id="listings-of-all-six-clinics"),
    pytest.param([step("list_available_slots", SlotListing(clinic="clinic_b", specialty="Dermatologia",
                                                             available_slots=[], note=NOTE).model_dump())],
                 id="empty-listing"),
    pytest.param([booking()], id="booking-with-own-name-and-mask"),
    pytest.param([booking(name="ANA PAULA TEIXEIRA")], id="own-name-other-case"),
    pytest.param([booking(name="Ana Teixeira")], id="own-shorter-name-under-own-cpf"),
    pytest.param([booking(mask="390.***.***-05")], id="own-cpf-masked-differently"),
    pytest.param([booking(cpf=ANA_FULL)], id="own-full-cpf"),
    pytest.param([booking(cpf=ANA_BARE)], id="own-bare-cpf"),
    pytest.param([booking(mask="***.***.***-**")], id="fully-masked-cpf"),
    pytest.param([rescheduling()], id="rescheduling"),
    pytest.param([cancellation()], id="cancellation"),
    pytest.param([my_appointments(c, n) for n, c in enumerate(CLINICS, start=1)], id="my-appointments-everywhere"),
    pytest.param([step("list_my_appointments", MyAppointments(appointments=[]).model_dump())], id="no-appointments"),
    pytest.param([tool_error("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")],
                 id="slot-taken"),
    pytest.param([tool_error("not_your_appointment", "Esta consulta não está no seu CPF.", "cancel_appointment")],
                 id="not-your-appointment"),
    pytest.param([tool_error("appointment_not_found",
                             "Não há consulta agendada com Dr. Ricardo Lopes em 2026-11-24 às 09:00.")],
                 id="appointment-not-found"),
    pytest.param([tool_error("slot_not_found", "Dr. Ricardo Lopes não atende em 2026-11-25 às 11:00.")],
                 id="slot-not-found"),
    pytest.param([tool_error("unknown_doctor", "Médico não encontrado nesta clínica: Dr. House. "
                                               "Médicos: Dr. Ricardo Lopes, Dra. Ana Beatriz Souza.")],
                 id="unknown-doctor"),
    pytest.param([tool_error("same_slot", "O novo horário é igual ao atual.", "reschedule_appointment")],
                 id="same-slot"),
    pytest.param([tool_error("slot_in_past", "Este horário já passou.")], id="slot-in-past"),
    pytest.param([tool_error("invalid_arguments", "date: Value error, 2026-02-31 não é uma data válida")],
                 id="invalid-arguments"),
    pytest.param([step("list_available_slots", error={"code": -32000, "message": "Clínica indisponível: "
                                                     "HTTPConnectionPool(host='127.0.0.1', port=8003): timeout"})],
                 id="transport-error"),
    pytest.param([step("list_patients", {"patients": [{"patient_id": "CARD-001", "condition": "Hipertensão"},
                                                      {"patient_id": "CARD-C002", "condition": "Arritmia"}]})],
                 id="patient-ids"),
    pytest.param([with_slot_fields(patient="DERM-F002"), with_slot_fields(patient_id="ORTH-D001")],
                 id="patient-id-in-patient-field"),
    pytest.param([step("list_available_slots", {"doctor": {"name": "Dr. Ricardo Lopes"},
                                                "clinic": {"name": "Clínica A"}, "specialty": "Cardiologia"})],
                 id="doctor-and-clinic-name-objects"),
    pytest.param([step("list_available_slots", {"doctors": [{"name": "Dra. Patrícia Gomes"}],
                                                "name": "Dr. Rafael Moreira"})],
                 id="doctor-name-in-generic-name-field"),
    pytest.param([step("list_available_slots", {"name": "Clínica F", "specialty": "Dermatologia"})],
                 id="clinic-name-in-generic-name-field"),
])
def test_check_data_never_flags(verifier, results):
    assert verifier.check_data(results, ANA, "pt") == Verdict(safe=True, note=OK_NOTE)


def test_own_name_compares_case_and_accent_insensitively(verifier):
    antonio = Patient(name="Antônio Carlos Ribeiro", cpf="99603082430")
    result = booking(name="ANTONIO CARLOS RIBEIRO", mask="***.030.824-**")
    assert verifier.check_data([result], antonio, "pt").safe is True
    assert verifier.check_data([result], ANA, "pt").rules == ("R2",)
