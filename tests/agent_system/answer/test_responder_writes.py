"""The response generator on the patient's writes: confirmations, and clinic refusals each with a next step."""
from __future__ import annotations

import pytest

from agent_system.answer.responder import Rendering
from agent_system.domain.plan import Intent, Plan
from tests.agent_system.answer.responder_support import (CPF_MASKED, TODAY, booking, cancellation, failed, ok, refused,
                                                  rescheduling)


# -- confirmations --------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Consulta confirmada! Clínica A — Dr. Ricardo Lopes, quarta-feira, 25/11/2026, às 09:00. "
           "Código da reserva: K7M4QP. Guarde o código: ele é pedido para remarcar ou cancelar. "
           "Pela regra da Clínica A, cancelar ou remarcar só até 4 h antes da consulta."),
    ("en", "Appointment confirmed! Clínica A — Dr. Ricardo Lopes, Wednesday, November 25, 2026, at 09:00. "
           "Booking code: K7M4QP. Keep the code: you will need it to reschedule or cancel. "
           "By Clínica A's rules, cancelling or rescheduling is possible up to 4 h before the appointment."),
])
def test_a_booking_restates_clinic_doctor_date_and_time(renderer, language, answer):
    rendering = renderer.render(Plan(intents=[Intent.BOOK]), [booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")],
                                language, TODAY)
    assert rendering.text == answer
    assert CPF_MASKED not in rendering.text and "533" not in rendering.text


def test_booking_the_same_slot_again_says_you_already_have_it(renderer):
    again = booking("Dra. Juliana Castro", "2026-11-24", "13:30", "clinic_c", already=True)
    assert renderer.render(Plan(intents=[Intent.BOOK]), [again], "pt", TODAY).text == (
        "Você já tem esta consulta: Clínica C — Dra. Juliana Castro, terça-feira, 24/11/2026 (amanhã), "
        "às 13:30.")


@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Consulta remarcada! Clínica A — Dr. Ricardo Lopes: de quarta-feira, 25/11/2026, às 09:00 "
           "para segunda-feira, 30/11/2026, às 08:00."),
    ("en", "Appointment rescheduled! Clínica A — Dr. Ricardo Lopes: from Wednesday, November 25, 2026, at 09:00 "
           "to Monday, November 30, 2026, at 08:00."),
])
def test_a_reschedule_restates_the_old_and_the_new_time(renderer, language, answer):
    moved = rescheduling("Dr. Ricardo Lopes", ("2026-11-25", "09:00"), ("2026-11-30", "08:00"))
    assert renderer.render(Plan(intents=[Intent.RESCHEDULE]), [moved], language, TODAY).text == answer


@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Consulta cancelada: Clínica B — Dra. Camila Rocha, quinta-feira, 26/11/2026, às 14:00. "
           "Se quiser marcar outro horário, é só me dizer."),
    ("en", "Appointment cancelled: Clínica B — Dra. Camila Rocha, Thursday, November 26, 2026, at 14:00. "
           "If you'd like another time, just tell me."),
])
def test_a_cancellation_restates_what_was_cancelled(renderer, language, answer):
    cancelled = cancellation("Dra. Camila Rocha", "2026-11-26", "14:00", "clinic_b")
    assert renderer.render(Plan(intents=[Intent.CANCEL]), [cancelled], language, TODAY).text == answer


def test_a_booking_that_got_no_answer_is_not_called_failed(renderer):
    lost = failed("clinic_a", "book_appointment", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00")
    assert renderer.render(Plan(intents=[Intent.BOOK]), [lost], "pt", TODAY) == Rendering(
        "Desculpe, a Clínica A não respondeu agora e não consegui confirmar o agendamento. Daqui a alguns "
        "minutos, faça o mesmo pedido de novo: se já tiver sido feito, eu confirmo, sem fazer duas vezes.", [], [])


# -- clinic refusals, each with a next step -----------------------------------------------------------

BOOK_ARGS = {"doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "09:00"}


@pytest.mark.parametrize(("code", "answer"), [
    ("slot_taken", "Esse horário não está mais livre. "
                   "Quer ver os horários livres do Dr. Ricardo Lopes?"),
    ("slot_not_found", "Não encontrei esse horário na agenda do Dr. Ricardo Lopes (qua 25/11 às 09:00). "
                       "Quer ver os horários livres?"),
    ("slot_in_past", "Esse horário (qua 25/11 às 09:00) já passou. "
                     "Quer ver os próximos horários livres do Dr. Ricardo Lopes?"),
    ("invalid_arguments", "Para agendar, preciso do médico, do dia e do horário (por exemplo, 25/11 às 09:00). "
                          "Pode me dizer?"),
    ("unknown_doctor", "Não encontrei Dr. Ricardo Lopes na Clínica A. Lá atendem Dr. Ricardo Lopes e "
                       "Dra. Ana Beatriz Souza. Com qual deles?"),
])
def test_booking_refusals_explain_and_offer_a_next_step(renderer, code, answer):
    result = refused("book_appointment", code, **BOOK_ARGS)
    assert renderer.render(Plan(intents=[Intent.BOOK]), [result], "pt", TODAY) == Rendering(answer, [], [])


def test_slot_taken_in_english(renderer):
    result = refused("book_appointment", "slot_taken", **{**BOOK_ARGS, "doctor": "Dra. Ana Beatriz Souza"})
    assert renderer.render(Plan(intents=[Intent.BOOK]), [result], "en", TODAY).text == (
        "That slot is no longer free. Would you like to see the open slots for Dra. Ana Beatriz Souza?")


def test_an_appointment_not_found_asks_to_check_the_code(renderer):
    result = refused("cancel_appointment", "appointment_not_found", **BOOK_ARGS)
    assert renderer.render(Plan(intents=[Intent.CANCEL]), [result], "pt", TODAY).text == (
        "Não encontrei consulta com os seus dados com Dr. Ricardo Lopes em qua 25/11 às 09:00, ou o código da "
        "reserva não confere. Confira o código, ou peça para ver as suas consultas.")


def test_a_booking_carries_its_code_on_the_appointment_item(renderer):
    rendering = renderer.render(Plan(intents=[Intent.BOOK]), [booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")],
                                "pt", TODAY)
    assert [(a.status, a.code) for a in rendering.appointments] == [("confirmed", "K7M4QP")]


def test_a_blocked_answer_still_tells_the_patients_own_write(renderer):
    outcome = renderer.write_outcome([booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")], "en", TODAY)
    assert outcome.text.startswith("Appointment confirmed! Clínica A — Dr. Ricardo Lopes, Wednesday, November 25")
    assert "K7M4QP" in outcome.text and [a.status for a in outcome.appointments] == ["confirmed"]


def test_reschedule_refusals_name_the_right_time(renderer):
    args = {"doctor": "Dr. Ricardo Lopes", "original_date": "2026-11-25", "original_time": "09:00",
            "new_date": "2026-11-30", "new_time": "08:00"}
    plan = Plan(intents=[Intent.RESCHEDULE])
    missing = renderer.render(plan, [refused("reschedule_appointment", "appointment_not_found", **args)], "pt", TODAY)
    past = renderer.render(plan, [refused("reschedule_appointment", "slot_in_past", **args)], "en", TODAY)
    assert "qua 25/11 às 09:00" in missing.text
    assert past.text.startswith("That time (Mon Nov 30 at 08:00) has already passed.")


@pytest.mark.parametrize("result", [
    refused("get_patient", "forbidden", patient_id="CARD-001"),
    ok("get_patient", {"patient": {"patient_id": "CARD-001", "name": "Maria Oliveira", "condition": "Hipertensão"}}),
])
def test_staff_tools_only_ever_get_the_privacy_answer(renderer, result):
    text = renderer.render(Plan(intents=[Intent.PRIVACY]), [result], "pt", TODAY).text
    assert text.startswith("Não posso compartilhar dados de pacientes")
    assert text.count("LGPD") == 1
    assert "Maria" not in text and "Hipertensão" not in text


@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Desculpe, não consegui concluir o pedido na Clínica A agora. Tente novamente em alguns minutos."),
    ("en", "Sorry, I couldn't complete the request at Clínica A just now. Please try again in a few minutes."),
])
def test_any_other_error_gets_a_generic_apology(renderer, language, answer):
    odd = failed("clinic_a", "cancel_appointment", status="error", code=-32602, **BOOK_ARGS)
    assert renderer.render(Plan(intents=[Intent.CANCEL]), [odd], language, TODAY).text == answer
