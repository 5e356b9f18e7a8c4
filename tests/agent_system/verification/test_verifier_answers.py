"""The Verifier on draft answers: invented doses, diagnoses and others' data are flagged; the product's own never."""
from __future__ import annotations

import pytest

from agent_system.verification.verifier import OK_NOTE, Verdict
from tests.agent_system.verification.verifier_support import (ALL_LISTINGS, ANA, ANA_BARE, ANA_FULL, ANA_MASK, JOAO, LISTING_EN,
                                                 LISTING_PT, MARIA, MARIA_CPF, MARIA_MASK, booking, cancellation,
                                                 with_note, with_slot_fields)


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
