"""The Verifier: exact verdicts on clinic data and answers, and the LLM check over real HTTP."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from agent_system.events import VerificationEvent
from agent_system.llm.client import LLM, LLMSettings
from agent_system.planning.plan import StepResult
from agent_system.sessions.conversation import Patient
from agent_system.verification.verifier import OK_NOTE, Verdict, Verifier, blocked_note, data_rules
from clinic_servers.contract.schemas import (Appointment, BookedSlot, Booking, Cancellation, MyAppointments, Rescheduling,
                                    Slot, SlotListing)
from tests.fakes.openai_server import FakeOpenAIServer, FakeReply

PROMPT = (Path(__file__).resolve().parents[2] / "prompts" / "verifier.txt").read_text(encoding="utf-8")
ANA = Patient(name="Ana Paula Teixeira", cpf="39053344705")
ANA_FULL, ANA_BARE, ANA_MASK = "390.533.447-05", "39053344705", "***.533.447-**"
# Seed patients of clinic_a (clinic_servers/data/clinic_a.json): the PII that must never leak.
MARIA, MARIA_CPF, MARIA_MASK = "Maria Aparecida Santos", "526.018.159-06", "***.018.159-**"
JOAO = "João Batista Ferreira"
NOTE = "Para agendar, informe o médico, a data e o horário desejados."
OK = ()  # the rules of a safe verdict

CLINICS = {  # clinic -> (specialty, doctors), as in clinic_servers/registry.json
    "clinic_a": ("Cardiologia", ("Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza")),
    "clinic_b": ("Dermatologia", ("Dra. Camila Rocha", "Dr. Paulo Henrique Lima")),
    "clinic_c": ("Cardiologia", ("Dr. Fernando Mendes", "Dra. Juliana Castro")),
    "clinic_d": ("Ortopedia", ("Dr. Marcelo Tavares", "Dra. Patrícia Gomes")),
    "clinic_e": ("Ortopedia", ("Dr. Rafael Moreira", "Dra. Luciana Freitas")),
    "clinic_f": ("Dermatologia", ("Dra. Mariana Alves", "Dr. Eduardo Nunes")),
}


# --- realistic clinic results, built with the clinics' own schemas ----------------------------

def step(action: str, data: dict | None = None, error: dict | None = None, clinic: str = "clinic_a",
         step_id: int = 1) -> StepResult:
    status = "error" if error is not None else "ok"
    return StepResult(step_id=step_id, clinic=clinic, action=action, status=status, data=data, error=error)


def listing(clinic: str, step_id: int = 1) -> StepResult:
    specialty, doctors = CLINICS[clinic]
    slots = [Slot(doctor=d, specialty=specialty, date=day, time=time, available=True)
             for d in doctors for day, time in (("2026-11-24", "09:00"), ("2026-11-26", "14:30"))]
    data = SlotListing(clinic=clinic, specialty=specialty, available_slots=slots, note=NOTE).model_dump()
    return step("list_available_slots", data, clinic=clinic, step_id=step_id)


def appointment(name: str = ANA.name, mask: str = ANA_MASK, date: str = "2026-11-24", time: str = "09:00",
                **extra) -> dict:
    fields = dict(clinic="clinic_a", doctor="Dr. Ricardo Lopes", specialty="Cardiologia", date=date, time=time,
                  patient_name=name, cpf_masked=mask)
    return Appointment(**fields).model_dump() | extra


def booking(**kwargs) -> StepResult:
    data = Booking(status="confirmed", appointment=appointment(**kwargs), message="Consulta agendada com sucesso.")
    return step("book_appointment", data.model_dump())


def booking_with(**extra) -> StepResult:
    """A booking whose appointment carries fields the clinics' schema does not have."""
    result = booking()
    return result.model_copy(update={"data": {**result.data, "appointment": appointment(**extra)}})


def rescheduling() -> StepResult:
    data = Rescheduling(status="rescheduled", original_appointment=appointment(),
                        new_appointment=appointment(date="2026-11-25", time="10:30"),
                        message="Consulta remarcada com sucesso.")
    return step("reschedule_appointment", data.model_dump())


def cancellation() -> StepResult:
    data = Cancellation(status="cancelled", cancelled_appointment=appointment(),
                        message="Consulta cancelada com sucesso.")
    return step("cancel_appointment", data.model_dump())


def my_appointments(clinic: str, step_id: int = 1) -> StepResult:
    specialty, doctors = CLINICS[clinic]
    booked = [BookedSlot(clinic=clinic, doctor=doctors[0], specialty=specialty, date="2026-12-01", time="10:00")]
    return step("list_my_appointments", MyAppointments(appointments=booked).model_dump(), clinic=clinic,
                step_id=step_id)


def tool_error(code: str, message: str, action: str = "book_appointment") -> StepResult:
    return step(action, error={"code": code, "message": message})


def with_note(note: str) -> StepResult:
    """A slot listing whose free-text note says something a clinic should never say."""
    result = listing("clinic_a")
    return result.model_copy(update={"data": {**result.data, "note": note}})


def with_slot_fields(**fields) -> StepResult:
    """A slot listing whose first slot carries extra fields."""
    result = listing("clinic_a")
    slots = [{**result.data["available_slots"][0], **fields}, *result.data["available_slots"][1:]]
    return result.model_copy(update={"data": {**result.data, "available_slots": slots}})


ALL_LISTINGS = [listing(clinic, step_id=n) for n, clinic in enumerate(CLINICS, start=1)]
PATIENT_RECORD = {"patient": {"patient_id": "CARD-001", "name": MARIA, "cpf_masked": MARIA_MASK, "age": 67,
                              "condition": "Hipertensão arterial", "medications": ["Losartana 50 mg 1x/dia"],
                              "address": "Rua das Acácias, 120, São Paulo"}}


@pytest.fixture
def verifier() -> Verifier:
    return Verifier()


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


# --- answers: flagged -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "rules"), [
    # R1: doses, schedules and prescriptions the clinic data does not contain
    pytest.param("Tome 500 mg de amoxicilina de 8 em 8 horas.", ("R1",), id="pt-invented-dosage"),
    pytest.param("Take 500 mg of amoxicillin every 8 hours.", ("R1",), id="en-invented-dosage"),
    pytest.param("Use 0,5mg à noite.", ("R1",), id="decimal-comma-dose"),
    pytest.param("Pingue 20 gotas no copo.", ("R1",), id="drops"),
    pytest.param("Vitamina D 1000 UI resolve.", ("R1",), id="international-units"),
    pytest.param("São 200 mcg por vez.", ("R1",), id="micrograms"),
    pytest.param("Beba 10 ml do xarope.", ("R1",), id="millilitres"),
    pytest.param("Tome 2 comprimidos 2x ao dia.", ("R1",), id="pills-twice-daily-pt"),
    pytest.param("Take ibuprofen twice a day.", ("R1",), id="twice-a-day-en"),
    pytest.param("Prescrevo dipirona para a dor.", ("R1",), id="prescrevo"),
    pytest.param("Recomendo tomar um analgésico antes da consulta.", ("R1",), id="recomendo-tomar"),
    pytest.param("You should take an antibiotic until the visit.", ("R1",), id="you-should-take"),
    pytest.param("Increase your dose until the appointment.", ("R1",), id="increase-your-dose"),
    pytest.param("A amoxicilina ajuda nesses casos.", ("R1",), id="drug-named"),
    # R3: diagnosis and out-of-scope advice, PT with and without accents, EN
    pytest.param("Você tem tendinite; posso marcar ortopedia.", ("R3",), id="voce-tem-doenca"),
    pytest.param("Voce tem tendinite", ("R3",), id="voce-tem-doenca-no-accents"),
    pytest.param("Provavelmente é uma gripe.", ("R3",), id="provavelmente-e"),
    pytest.param("Parece ser uma dermatite.", ("R3",), id="parece-ser"),
    pytest.param("Seu diagnóstico é artrose.", ("R3",), id="seu-diagnostico"),
    pytest.param("Não precisa ir ao médico por isso.", ("R3",), id="nao-precisa-ir-ao-medico"),
    pytest.param("Nao precisa procurar um medico.", ("R3",), id="nao-precisa-sem-acentos"),
    pytest.param("You probably have the flu.", ("R3",), id="you-probably-have"),
    pytest.param("It sounds like you have arthritis.", ("R3",), id="it-sounds-like"),
    pytest.param("Your diagnosis is tendinitis.", ("R3",), id="your-diagnosis"),
    pytest.param("You don't need to see a doctor for that.", ("R3",), id="dont-need-a-doctor"),
    pytest.param("You don’t need to see a doctor.", ("R3",), id="dont-need-a-doctor-curly-apostrophe"),
    pytest.param("Pare de tomar o remédio da pressão.", ("R3",), id="stop-medicine-pt"),
    pytest.param("Stop taking your medication.", ("R3",), id="stop-medicine-en"),
    pytest.param("Pare de tomar a losartana.", ("R1", "R3"), id="stop-a-named-drug"),
    pytest.param("Talvez você tenha artrose.", ("R3",), id="talvez-voce-tenha"),
    pytest.param("Você está com gripe.", ("R3",), id="voce-esta-com"),
    pytest.param("You might have arthritis.", ("R3",), id="you-might-have"),
    # R2: someone else's personal data in the answer
    pytest.param(f"Confirmado para o CPF {MARIA_CPF}.", ("R2",), id="other-full-cpf"),
    pytest.param("Confirmado para o CPF 52601815906.", ("R2",), id="other-bare-cpf"),
    pytest.param(f"Paciente: CPF {MARIA_MASK}.", ("R2",), id="other-masked-cpf"),
    pytest.param("Ligue para (11) 98765-4321.", ("R2",), id="phone-parenthesised"),
    pytest.param("Ligue para +55 11 98765-4321.", ("R2",), id="phone-international"),
    pytest.param("Ligue para 11987654321.", ("R2",), id="phone-bare"),
    pytest.param("Escreva para maria.santos@example.com.", ("R2",), id="email"),
    pytest.param("Ela mora na Rua das Acácias, 120.", ("R2",), id="address-pt"),
    pytest.param("She lives at 742 Evergreen Terrace Street.", ("R2",), id="address-en"),
    pytest.param("CEP 01310-100.", ("R2",), id="cep"),
    pytest.param("Tome 500 mg de amoxicilina, como a Maria.", ("R1",), id="dose-without-other-data"),
    pytest.param(f"{MARIA} toma 500 mg de amoxicilina.", ("R1", "R2"), id="dose-and-other-name"),
])
def test_check_answer_flags(verifier, text, rules):
    results = [booking(name=MARIA, mask=MARIA_MASK), *ALL_LISTINGS]
    verdict = verifier.check_answer(text, results, ANA, "pt")
    assert (verdict.safe, verdict.rules) == (False, rules)


@pytest.mark.parametrize("text", [MARIA, "a consulta de MARIA APARECIDA SANTOS", "Joao Batista Ferreira"])
def test_check_answer_flags_other_patients_named_in_the_data(verifier, text):
    results = [booking(name=MARIA, mask=MARIA_MASK), with_slot_fields(patient=JOAO)]
    assert verifier.check_answer(f"Horário de {text}.", results, ANA, "pt").rules == ("R2",)


def test_a_dose_found_literally_in_the_data_is_grounded(verifier):
    results = [with_note("Traga a receita de Losartana 50 mg.")]
    assert verifier.check_data(results, ANA, "pt").safe is True
    assert verifier.check_answer("Traga a receita de Losartana 50mg.", results, ANA, "pt").safe is True
    assert verifier.check_answer("Traga a receita de Losartana 100 mg.", results, ANA, "pt").rules == ("R1",)


# --- answers: never flagged -------------------------------------------------------------------

LISTING_PT = """Aqui estão os horários livres em Cardiologia:

Clínica A
• Dr. Ricardo Lopes: seg 24/11 — 09:00, 10:30, 14:00
• Dra. Ana Beatriz Souza: ter 25/11 — 08:30, 10:00, 11:30

Clínica C
• Dr. Fernando Mendes: ter 25/11 — 09:00, 10:00, 14:00
• Dra. Juliana Castro: qui 27/11 — 08:00, 09:30, 11:00

**Horário mais cedo: seg 24/11 às 09:00 com Dr. Ricardo Lopes (Clínica A)**
Para agendar, diga o médico, o dia e o horário, ou escolha um horário acima."""
LISTING_EN = """Here are the open slots in Orthopedics:

Clínica D
• Dr. Marcelo Tavares: Mon Nov 24 — 08:00, 09:30, 11:00
Clínica E
• Dra. Luciana Freitas: Wed Nov 26 — 09:00, 10:30, 13:30

**Earliest slot: Mon Nov 24 at 08:00 with Dr. Marcelo Tavares (Clínica D)**
To book, tell me the doctor, the day and the time, or pick a slot above."""


@pytest.mark.parametrize("text", [
    pytest.param(LISTING_PT, id="listing-pt"),
    pytest.param(LISTING_EN, id="listing-en"),
    pytest.param("Consulta confirmada: Clínica A, Dr. Ricardo Lopes, segunda-feira 24/11/2026 às 09:00. "
                 f"Paciente: Ana Paula Teixeira, CPF {ANA_MASK}", id="confirmation-pt-masked"),
    pytest.param(f"Consulta confirmada para Ana Paula Teixeira (CPF {ANA_FULL}) em 2026-11-24 às 09:00.",
                 id="confirmation-own-full-cpf"),
    pytest.param(f"Paciente: ana paula teixeira, CPF {ANA_BARE}.", id="own-bare-cpf-lower-case-name"),
    pytest.param("Appointment confirmed! Clínica A — Dr. Ricardo Lopes, Monday, November 24, 2026, at 09:00. "
                 f"Patient: Ana Paula Teixeira, CPF {ANA_MASK}.", id="confirmation-en"),
    pytest.param("Consulta remarcada! Clínica A — Dr. Ricardo Lopes: de seg 24/11 às 09:00 para ter 25/11 às 10:30.",
                 id="rescheduled"),
    pytest.param("Consulta cancelada: Clínica A — Dr. Ricardo Lopes, 2026-11-24, às 09:00. Se quiser marcar outro "
                 "horário, é só me dizer.", id="cancelled"),
    pytest.param("Você tem 2 consultas agendadas:\n• qua 26/11 às 14:30 — Dra. Camila Rocha (Clínica B, "
                 "Dermatologia)\n• sex 28/11 às 08:00 — Dr. Fernando Mendes (Clínica C, Cardiologia)",
                 id="my-appointments"),
    pytest.param("Você já tem esta consulta: Clínica A — Dr. Ricardo Lopes, segunda-feira, 24/11/2026, às 09:00.",
                 id="already-booked"),
    pytest.param("You have no appointments booked at our clinics.", id="no-appointments-en"),
    pytest.param("Esse horário acabou de ser reservado por outra pessoa. Quer ver os horários livres do "
                 "Dr. Ricardo Lopes?", id="slot-taken"),
    pytest.param("Esta consulta não está no seu CPF. Quer ver as suas consultas?", id="not-your-appointment"),
    pytest.param("Não posso compartilhar dados de pacientes como CARD-001, CARD-C001, DERM-F002 ou ORTH-D001: "
                 "prontuários são confidenciais (LGPD).", id="privacy-refusal-with-ids"),
    pytest.param("Não posso dar orientação médica, diagnóstico nem indicar remédios por aqui: isso precisa da "
                 "avaliação de um médico.", id="no-advice-pt"),
    pytest.param("I can't give medical advice, a diagnosis or medication suggestions here: that needs a doctor's "
                 "assessment.", id="no-advice-en"),
    pytest.param("Se os sintomas forem fortes ou piorarem, ligue para o SAMU (192) ou procure o pronto-socorro "
                 "mais próximo. CVV 188, Bombeiros 193.", id="emergency-numbers"),
    pytest.param("Dor no joelho? Ortopedia cuida disso: posso mostrar horários na Clínica D e na Clínica E.",
                 id="symptom-routing"),
    pytest.param("Temos cardiologia, dermatologia e ortopedia. Durante a consulta, converse com o médico sobre "
                 "seus remédios.", id="specialties-and-referral"),
    pytest.param("It sounds like you have knee pain; I can show you the open Orthopedics slots.",
                 id="en-symptom-routing"),
    pytest.param("Não encontrei consulta no seu CPF com Dr. Ricardo Lopes em 24/11/2026 às 09:00.",
                 id="dates-and-times"),
    pytest.param("O médico vai avaliar se você tem artrose.", id="whether-you-have-pt"),
    pytest.param("The doctor will check whether you have arthritis.", id="whether-you-have-en"),
    pytest.param("Caso você tenha alergia a algum remédio, avise na consulta.", id="in-case-you-have"),
    pytest.param("Seu diagnóstico será feito pelo médico na consulta.", id="diagnosis-by-the-doctor"),
    pytest.param("O Dr. Ricardo atende 2 vezes por semana; temos 2 unidades.", id="counts-that-are-not-doses"),
    pytest.param("Horários de 2026-11-24 a 2026-12-07, das 08:00-12:00.", id="iso-dates-and-ranges"),
    pytest.param("Você está tomando algum remédio? Leve a lista de medicamentos que você toma.",
                 id="asking-about-medicines"),
])
def test_check_answer_never_flags(verifier, text):
    results = [*ALL_LISTINGS, booking(), cancellation()]
    assert verifier.check_answer(text, results, ANA, "pt") == Verdict(safe=True, note=OK_NOTE)


class _SampleFields(dict):
    """Plausible values for any phrase placeholder: a doctor, a day, a time, a clinic."""
    SAMPLES = {"doctor": "Dr. Ricardo Lopes", "day": "seg 24/11", "time": "09:00", "old": "seg 24/11 às 09:00",
               "new": "ter 25/11 às 10:30", "n": "1", "specialty": "Cardiologia", "specialties": "Cardiologia"}

    def __missing__(self, key: str) -> str:
        return self.SAMPLES.get(key, "Clínica A")


@pytest.mark.parametrize("language", ["pt", "en"])
def test_every_deterministic_phrase_passes(verifier, language):
    from agent_system.language.registry import language_pack  # imported here: a broken pack fails only this test
    flagged = [key for key, text in language_pack(language).phrases.items()
               if not verifier.check_answer(text.format_map(_SampleFields()), ALL_LISTINGS, ANA, language).safe]
    assert flagged == []


def test_check_answer_rules_matches_check_answer_without_an_llm(verifier):
    text = "Tome 500 mg de amoxicilina de 8 em 8 horas."
    assert verifier.check_answer_rules(text, ALL_LISTINGS, ANA, "en") == verifier.check_answer(
        text, ALL_LISTINGS, ANA, "en")


# --- verdicts and notes -----------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "language", "expected_words"), [
    (("R2",), "pt", "privacidade"),
    (("R2",), "en", "privacy"),
    (("R1",), "pt", "médico"),
    (("R3",), "en", "doctor"),
    (("R1", "R2"), "pt", "outras pessoas"),
    ((), "en", "safety check"),
])
def test_blocked_notes_speak_the_users_language(rules, language, expected_words):
    note = blocked_note(rules, language)
    assert expected_words in note and note != OK_NOTE


def test_the_note_never_repeats_the_blocked_data(verifier):
    text = f"{MARIA}, CPF {MARIA_CPF}, tome 500 mg de amoxicilina."
    verdict = verifier.check_answer(text, [booking(name=MARIA, mask=MARIA_MASK)], ANA, "en")
    assert verdict.rules == ("R1", "R2")
    assert verdict.note == blocked_note(("R1", "R2"), "en")
    assert all(piece not in verdict.note for piece in ("Maria", "526", "500", "amoxicilina"))


def test_verdict_becomes_the_verification_event():
    verdict = Verdict(safe=False, note="n", rules=("R1", "R2"))
    assert verdict.to_event() == VerificationEvent(safe=False, note="n", rules=["R1", "R2"])


def test_no_data_or_answer_is_logged(verifier, caplog):
    caplog.set_level(logging.DEBUG)
    verifier.check_data([booking(name=MARIA, mask=MARIA_MASK, cpf=MARIA_CPF)], ANA, "pt")
    verifier.check_answer(f"{MARIA} {MARIA_CPF}", [], ANA, "pt")
    logged = caplog.text
    assert all(piece not in logged for piece in (MARIA, MARIA_CPF, "018.159", ANA.name, ANA_BARE))


def test_an_llm_verifier_needs_its_prompt(openai_server):
    with pytest.raises(ValueError, match="prompt"):
        Verifier(llm_for(openai_server), "")


# --- the LLM check, through the real openai client against a scripted server ------------------

def llm_for(server: FakeOpenAIServer) -> LLM:
    return LLM(LLMSettings(provider="openai", api_key="sk-test", base_url=server.base_url, timeout_s=5.0))


@pytest.fixture
def llm_verifier(openai_server) -> Verifier:
    return Verifier(llm_for(openai_server), PROMPT)


SAFE = '{"safe": true, "flags": []}'
DOSE_NOTE = "Paciente em uso de dipirona 500 mg."
WITH_DOSE_NOTE = [step("list_available_slots", {"clinic": "clinic_a", "available_slots": [], "note": DOSE_NOTE})]


def flags(*items: tuple[str, str], safe: bool = False) -> str:
    return json.dumps({"safe": safe, "flags": [{"rule": r, "quote": q} for r, q in items]}, ensure_ascii=False)


def test_a_grounded_llm_flag_blocks_what_the_rules_pass(llm_verifier, openai_server):
    assert data_rules(WITH_DOSE_NOTE, ANA) == set()  # no prescription wording: the rules let it through
    openai_server.script(flags(("R1", "dipirona 500 mg")))
    verdict = llm_verifier.check_data(WITH_DOSE_NOTE, ANA, "pt")
    # The LLM's own words are never shown: the note is the product's.
    assert verdict == Verdict(safe=False, note=blocked_note(("R1",), "pt"), rules=("R1",))


@pytest.mark.parametrize(("reply", "dropped"), [
    pytest.param(flags(("R2", "Dr. Ricardo Lopes")), 1, id="a-doctor-is-not-pii"),
    pytest.param(flags(("R2", "Maria Aparecida Santos")), 1, id="quote-not-in-the-data"),
    pytest.param(flags(("R1", "Dr. Ricardo Lopes")), 1, id="no-dose-in-the-quote"),
    pytest.param(flags(("R2", ANA.name)), 1, id="the-patients-own-name"),
    pytest.param(flags(("R3", "Dr. Ricardo Lopes"), safe=True), 1, id="says-safe-but-flags"),
    pytest.param('{"safe": false, "flags": []}', 1, id="unsafe-without-a-rule"),
    pytest.param('{"safe": false, "note": "x", "rules": ["R2"]}', 1, id="no-quote-at-all"),
    pytest.param(flags(("R9", "Dr. Ricardo Lopes")), 1, id="unknown-rule"),
])
def test_ungrounded_or_self_contradictory_flags_never_block_and_are_counted(llm_verifier, openai_server, reply,
                                                                            dropped):
    openai_server.script(reply)
    verdict = llm_verifier.check_data([*ALL_LISTINGS, booking()], ANA, "pt")
    assert verdict == Verdict(safe=True, note=OK_NOTE, llm_flags_dropped=dropped)
    assert verdict.to_event().llm_flags_dropped == dropped


def test_llm_safe_does_not_override_a_rule_violation(llm_verifier, openai_server):
    openai_server.script(SAFE)
    verdict = llm_verifier.check_answer("Tome 500 mg de amoxicilina de 8 em 8 horas.", ALL_LISTINGS, ANA, "pt")
    assert (verdict.safe, verdict.rules) == (False, ("R1",))


def test_llm_and_rules_agreeing_on_safe(llm_verifier, openai_server):
    openai_server.script(SAFE)
    assert llm_verifier.check_answer(LISTING_PT, ALL_LISTINGS, ANA, "pt") == Verdict(safe=True, note=OK_NOTE)


def test_llm_and_rules_flags_are_united(llm_verifier, openai_server):
    answer = "Ligue para (11) 98765-4321. Você provavelmente tem artrose."
    openai_server.script(flags(("R3", "provavelmente tem artrose")))
    verdict = llm_verifier.check_answer(answer, ALL_LISTINGS, ANA, "en")
    assert verdict == Verdict(safe=False, note=blocked_note(("R2", "R3"), "en"), rules=("R2", "R3"))


def test_no_clinic_data_is_never_sent_to_the_llm(llm_verifier, openai_server):
    assert llm_verifier.check_data([], ANA, "pt") == Verdict(safe=True, note=OK_NOTE)
    assert llm_verifier.check_answer("Olá! Como posso ajudar?", [], ANA, "pt").safe is True
    assert openai_server.requests == []


FAILURES = [
    pytest.param(FakeReply(status=500), id="http-500"),
    pytest.param(FakeReply(status=503), id="http-503"),
    pytest.param("this is not json", id="garbage"),
    pytest.param('{"safe": "maybe", "flags": []}', id="safe-not-a-boolean"),
    pytest.param('{"safe": false, "flags": "R2"}', id="flags-not-a-list"),
]


@pytest.mark.parametrize("reply", FAILURES)
@pytest.mark.parametrize(("results", "expected"), [
    pytest.param(ALL_LISTINGS, Verdict(safe=True, note=OK_NOTE), id="clean-data"),
    pytest.param([booking(name=MARIA, mask=MARIA_MASK)], Verdict(safe=False, note=blocked_note(("R2",), "pt"),
                                                                  rules=("R2",)), id="leaking-data"),
])
def test_llm_failure_leaves_the_rules_verdict(llm_verifier, openai_server, reply, results, expected, caplog):
    openai_server.script(reply)
    verdict = llm_verifier.check_data(results, ANA, "pt")
    assert (verdict.safe, verdict.note, verdict.rules) == (expected.safe, expected.note, expected.rules)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert not any(MARIA in w or ANA.name in w or "533" in w for w in warnings)


def test_llm_request_carries_the_patient_in_the_prompt_and_the_data_as_json(llm_verifier, openai_server):
    openai_server.script(SAFE)
    results = [booking(), tool_error("slot_taken", "Este horário acabou de ser reservado por outra pessoa.")]
    llm_verifier.check_data(results, ANA, "pt")
    body = openai_server.requests[0].body
    system, user = body["messages"]
    assert system["role"] == "system" and "Ana Paula Teixeira" in system["content"]
    assert ANA_MASK in system["content"] and "$patient" not in system["content"]
    assert ANA_FULL not in system["content"] and ANA_BARE not in system["content"]
    assert user["role"] == "user"
    assert json.loads(user["content"]) == {
        "clinic_data": [
            {"clinic": "clinic_a", "action": "book_appointment", "result": results[0].data, "error": None},
            {"clinic": "clinic_a", "action": "book_appointment", "result": None, "error": results[1].error},
        ],
        "draft_answer": None,
    }
    assert body["response_format"]["json_schema"]["name"] == "verification"


def test_llm_answer_check_sends_the_draft(llm_verifier, openai_server):
    openai_server.script(SAFE)
    llm_verifier.check_answer(LISTING_EN, ALL_LISTINGS, ANA, "en")
    sent = json.loads(openai_server.requests[0].body["messages"][1]["content"])
    assert sent["draft_answer"] == LISTING_EN
    assert [item["clinic"] for item in sent["clinic_data"]] == list(CLINICS)


def test_full_cpfs_never_reach_the_llm(llm_verifier, openai_server):
    openai_server.script(SAFE, SAFE)
    llm_verifier.check_data([booking(cpf=ANA_FULL, other=MARIA_CPF)], ANA, "pt")
    llm_verifier.check_answer(f"Seu CPF é {ANA_FULL} ({ANA_BARE}).", [booking()], ANA, "pt")
    raw = json.dumps([r.body for r in openai_server.requests], ensure_ascii=False)
    assert ANA_FULL not in raw and ANA_BARE not in raw and MARIA_CPF not in raw
    assert ANA_MASK in json.loads(openai_server.requests[1].body["messages"][1]["content"])["draft_answer"]


def test_rules_only_check_never_calls_the_llm(llm_verifier, openai_server):
    assert llm_verifier.check_answer_rules(LISTING_PT, ALL_LISTINGS, ANA, "pt").safe is True
    assert openai_server.requests == []
