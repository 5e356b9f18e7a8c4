"""The deterministic response generator: faithful listings (Rule 9), confirmations, errors, no-step answers."""
from __future__ import annotations

import re
from datetime import date

import pytest
from pydantic import ValidationError

from agent_system.answer.responder import Rendering, ResponseRenderer, appointment_items, offered_slots
from agent_system.events import AppointmentItem, SlotOffer
from agent_system.planning.plan import Clarification, Intent, Plan, StepResult
from agent_system.sessions.conversation import PendingAction

TODAY = date(2026, 11, 23)  # a Monday, as CLINIC_TODAY in the test clinics
PATIENT = "Ana Souza"
CPF_MASKED = "***.533.447-**"
LIST = Plan(intents=[Intent.LIST])


# -- clinic results, shaped as clinic_servers/contract/schemas.py --------------------------------------------

def slot(doctor: str, day: str, time: str, specialty: str = "Cardiologia") -> dict:
    return {"doctor": doctor, "specialty": specialty, "date": day, "time": time, "available": True}


def listing(clinic: str, slots: list[dict], specialty: str = "Cardiologia", step_id: int = 1, **filters) -> StepResult:
    data = {"clinic": clinic, "specialty": specialty, "available_slots": slots,
            "note": "Para agendar, informe o médico, a data e o horário desejados."}
    return StepResult(step_id=step_id, clinic=clinic, action="list_available_slots", parameters=filters,
                      status="ok", data=data, ms=12.0)


def failed(clinic: str, action: str = "list_available_slots", status: str = "timeout", step_id: int = 2,
           code: object = -32000, **parameters) -> StepResult:
    message = "clinic did not answer in time" if status == "timeout" else "connection refused"
    return StepResult(step_id=step_id, clinic=clinic, action=action, parameters=parameters, status=status,
                      error={"code": code, "message": message})


def refused(action: str, code: str, clinic: str = "clinic_a", **parameters) -> StepResult:
    return StepResult(step_id=1, clinic=clinic, action=action, parameters=parameters, status="error",
                      error={"code": code, "message": "mensagem da clínica"})


def appointment(doctor: str, day: str, time: str, clinic: str = "clinic_a", specialty: str = "Cardiologia") -> dict:
    return {"clinic": clinic, "doctor": doctor, "specialty": specialty, "date": day, "time": time,
            "patient_name": PATIENT, "cpf_masked": CPF_MASKED}


def ok(action: str, data: dict, clinic: str = "clinic_a", step_id: int = 1, **parameters) -> StepResult:
    return StepResult(step_id=step_id, clinic=clinic, action=action, parameters=parameters, status="ok", data=data)


def booking(doctor: str, day: str, time: str, clinic: str = "clinic_a", already: bool = False) -> StepResult:
    data = {"status": "confirmed", "appointment": {**appointment(doctor, day, time, clinic), "booking_code": "K7M4QP"},
            "already_booked": already, "message": "Consulta agendada com sucesso."}
    return ok("book_appointment", data, clinic, doctor=doctor, date=day, time=time)


def rescheduling(doctor: str, old: tuple[str, str], new: tuple[str, str], clinic: str = "clinic_a") -> StepResult:
    data = {"status": "rescheduled", "original_appointment": appointment(doctor, *old, clinic),
            "new_appointment": appointment(doctor, *new, clinic), "message": "Consulta remarcada com sucesso."}
    return ok("reschedule_appointment", data, clinic, doctor=doctor, original_date=old[0], original_time=old[1],
              new_date=new[0], new_time=new[1])


def cancellation(doctor: str, day: str, time: str, clinic: str = "clinic_a") -> StepResult:
    data = {"status": "cancelled", "cancelled_appointment": appointment(doctor, day, time, clinic),
            "message": "Consulta cancelada com sucesso."}
    return ok("cancel_appointment", data, clinic, doctor=doctor, date=day, time=time)


def mine(clinic: str, *booked: tuple[str, str, str], specialty: str = "Cardiologia", step_id: int = 1) -> StepResult:
    items = [{"clinic": clinic, "doctor": d, "specialty": specialty, "date": day, "time": t} for d, day, t in booked]
    return ok("list_my_appointments", {"appointments": items}, clinic, step_id)


# Two cardiology clinics' real schedules (registry.json), a few slots already taken.
CLINIC_A = listing("clinic_a", [
    slot("Dr. Ricardo Lopes", "2026-11-25", "09:00"), slot("Dr. Ricardo Lopes", "2026-11-25", "10:30"),
    slot("Dr. Ricardo Lopes", "2026-11-25", "15:00"), slot("Dra. Ana Beatriz Souza", "2026-11-26", "13:00"),
    slot("Dra. Ana Beatriz Souza", "2026-11-26", "14:30"), slot("Dr. Ricardo Lopes", "2026-11-30", "08:00"),
    slot("Dr. Ricardo Lopes", "2026-11-30", "09:00"), slot("Dra. Ana Beatriz Souza", "2026-12-01", "08:30"),
])
CLINIC_C = listing("clinic_c", [
    slot("Dra. Juliana Castro", "2026-11-26", "08:00"), slot("Dra. Juliana Castro", "2026-11-26", "09:30"),
    slot("Dr. Fernando Mendes", "2026-11-27", "08:00"), slot("Dr. Fernando Mendes", "2026-11-27", "10:00"),
], step_id=2)


@pytest.fixture(scope="module")
def renderer(registry) -> ResponseRenderer:
    return ResponseRenderer(registry)


def listed_slots(text: str) -> list[tuple[str, str, str, str]]:
    """(clinic, doctor, day, time) for every time on a day line, read back from a listing's text."""
    found, clinic, doctor = [], None, None
    for line in text.splitlines():
        if " — " in line and not line.startswith(("  •", "**")):
            clinic = line.split(" — ")[0]
        elif line.startswith(("Dr. ", "Dra. ")):
            doctor = line
        elif match := re.match(r"  • (.+): (\d\d:\d\d(?:, \d\d:\d\d)*)$", line):
            found += [(clinic, doctor, match[1], t) for t in match[2].split(", ")]
    return found


# -- offered_slots / appointment_items ------------------------------------------------------------------

def test_offered_slots_are_every_listed_slot_by_date_time_clinic_and_doctor():
    assert offered_slots([CLINIC_C, CLINIC_A])[:5] == [
        SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00"),
        SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="10:30"),
        SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="15:00"),
        SlotOffer(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-26", time="08:00"),
        SlotOffer(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-26", time="09:30"),
    ]
    assert len(offered_slots([CLINIC_A, CLINIC_C])) == 12


def test_offered_slots_skip_failures_other_actions_duplicates_and_taken_slots():
    taken = {**slot("Dra. Juliana Castro", "2026-11-26", "11:00"), "available": False}
    again = listing("clinic_c", [slot("Dra. Juliana Castro", "2026-11-26", "08:00"), taken], step_id=3)
    results = [CLINIC_C, again, failed("clinic_a"), booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")]
    assert offered_slots(results) == offered_slots([CLINIC_C])
    assert offered_slots([listing("clinic_a", [{"doctor": "no date"}])]) == []


def test_appointment_items_report_bookings_changes_and_cancellations_in_step_order():
    results = [booking("Dr. Ricardo Lopes", "2026-11-25", "09:00"),
               rescheduling("Dra. Juliana Castro", ("2026-11-26", "08:00"), ("2026-11-30", "13:30"), "clinic_c"),
               cancellation("Dra. Ana Beatriz Souza", "2026-11-26", "13:00")]
    assert appointment_items(results) == [
        AppointmentItem(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00",
                        status="confirmed", code="K7M4QP"),
        AppointmentItem(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-26", time="08:00",
                        status="moved"),
        AppointmentItem(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-30", time="13:30",
                        status="rescheduled"),
        AppointmentItem(clinic="clinic_a", doctor="Dra. Ana Beatriz Souza", date="2026-11-26", time="13:00",
                        status="cancelled"),
    ]


def test_appointment_items_list_the_patients_bookings_by_date():
    results = [mine("clinic_c", ("Dr. Fernando Mendes", "2026-12-01", "09:00"), step_id=2),
               mine("clinic_b", ("Dra. Camila Rocha", "2026-11-26", "14:00"), specialty="Dermatologia"),
               failed("clinic_d", "list_my_appointments"), refused("book_appointment", "slot_taken")]
    assert appointment_items(results) == [
        AppointmentItem(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-26", time="14:00",
                        status="booked"),
        AppointmentItem(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-12-01", time="09:00",
                        status="booked"),
    ]


def test_rendering_carries_the_offered_slots_and_the_reported_bookings(renderer):
    results = [CLINIC_A, booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")]
    rendering = renderer.render(LIST, results, "pt", TODAY)
    assert isinstance(rendering, Rendering)
    assert rendering.slots == offered_slots(results)
    assert rendering.appointments == appointment_items(results)


# -- listings (Rule 9) ------------------------------------------------------------------------------

def test_two_cardiology_clinics_in_portuguese(renderer):
    assert renderer.render(LIST, [CLINIC_C, CLINIC_A], "pt", TODAY).text == """\
Aqui estão os horários livres em Cardiologia:

**Horário mais cedo: qua 25/11 às 09:00 com Dr. Ricardo Lopes (Clínica A)**

Clínica A — Cardiologia
Dr. Ricardo Lopes
  • qua 25/11: 09:00, 10:30, 15:00
  • seg 30/11: 08:00, 09:00
Dra. Ana Beatriz Souza
  • qui 26/11: 13:00, 14:30
  • ter 01/12: 08:30

Clínica C — Cardiologia
Dr. Fernando Mendes
  • sex 27/11: 08:00, 10:00
Dra. Juliana Castro
  • qui 26/11: 08:00, 09:30

Para agendar, diga o médico, o dia e o horário, ou escolha um horário acima."""


def test_two_cardiology_clinics_in_english(renderer):
    assert renderer.render(LIST, [CLINIC_A, CLINIC_C], "en", TODAY).text == """\
Here are the open slots in Cardiology:

**Earliest slot: Wed Nov 25 at 09:00 with Dr. Ricardo Lopes (Clínica A)**

Clínica A — Cardiology
Dr. Ricardo Lopes
  • Wed Nov 25: 09:00, 10:30, 15:00
  • Mon Nov 30: 08:00, 09:00
Dra. Ana Beatriz Souza
  • Thu Nov 26: 13:00, 14:30
  • Tue Dec 1: 08:30

Clínica C — Cardiology
Dr. Fernando Mendes
  • Fri Nov 27: 08:00, 10:00
Dra. Juliana Castro
  • Thu Nov 26: 08:00, 09:30

To book, tell me the doctor, the day and the time, or pick a slot above."""


DAY_LABELS = {"2026-11-25": ("qua 25/11", "Wed Nov 25"), "2026-11-26": ("qui 26/11", "Thu Nov 26"),
              "2026-11-27": ("sex 27/11", "Fri Nov 27"), "2026-11-30": ("seg 30/11", "Mon Nov 30"),
              "2026-12-01": ("ter 01/12", "Tue Dec 1")}


@pytest.mark.parametrize("language", ["pt", "en"])
def test_every_returned_slot_appears_exactly_once(renderer, registry, language):
    rendering = renderer.render(LIST, [CLINIC_A, CLINIC_C], language, TODAY)
    names = {c.id: c.name for c in registry.clinics}
    shown = listed_slots(rendering.text)
    assert len(shown) == len(set(shown)) == len(rendering.slots) == 12
    assert sorted(shown) == sorted((names[o.clinic], o.doctor, DAY_LABELS[o.date][language == "en"], o.time)
                                   for o in rendering.slots)


def test_the_earliest_slot_is_the_only_bold_text_and_comes_first(renderer):
    earlier = listing("clinic_c", [slot("Dr. Fernando Mendes", "2026-11-24", "09:00")], step_id=2)
    text = renderer.render(LIST, [CLINIC_A, earlier], "pt", TODAY).text
    assert text.count("**") == 2
    assert text.splitlines()[2] == ("**Horário mais cedo: ter 24/11 (amanhã) às 09:00 com Dr. Fernando Mendes "
                                    "(Clínica C)**")


def test_one_clinic_listing_highlights_nothing(renderer):
    text = renderer.render(LIST, [CLINIC_A], "pt", TODAY).text
    assert "**" not in text
    assert text.startswith("Aqui estão os horários livres em Cardiologia:\n\nClínica A — Cardiologia\n")


@pytest.mark.parametrize(("language", "note"), [
    ("pt", "A Clínica C não respondeu agora; mostrei os horários das demais."),
    ("en", "Clínica C did not respond just now; I've shown the other clinics' slots."),
])
def test_a_clinic_that_timed_out_is_named_and_the_others_are_shown(renderer, language, note):
    rendering = renderer.render(LIST, [CLINIC_A, failed("clinic_c")], language, TODAY)
    assert note in rendering.text.split("\n\n")
    assert len(listed_slots(rendering.text)) == len(rendering.slots) == 8
    assert "Clínica C —" not in rendering.text


@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Desculpe, a Clínica A e a Clínica C não responderam agora. Tente novamente em alguns minutos."),
    ("en", "Sorry, Clínica A and Clínica C did not respond just now. Please try again in a few minutes."),
])
def test_when_every_clinic_failed_apologise_and_name_them(renderer, language, answer):
    results = [failed("clinic_c"), failed("clinic_a", status="error", step_id=1)]
    assert renderer.render(LIST, results, language, TODAY) == Rendering(answer, [], [])


def test_an_empty_filtered_listing_suggests_another_day_doctor_or_the_other_clinic(renderer):
    empty = listing("clinic_a", [], doctor="Dr. Ricardo Lopes", date="2026-11-25")
    assert renderer.render(LIST, [empty], "pt", TODAY).text == (
        "Não há horários livres na Clínica A com Dr. Ricardo Lopes em qua 25/11.\n"
        "Quer tentar outro dia, outro médico ou a Clínica C?")
    assert renderer.render(LIST, [empty], "en", TODAY).text == (
        "There are no open slots at Clínica A with Dr. Ricardo Lopes on Wed Nov 25.\n"
        "Would you like to try another day, another doctor or Clínica C?")


def test_an_empty_date_range_on_both_clinics_suggests_another_day(renderer):
    week = {"date_from": "2026-11-30", "date_to": "2026-12-04"}
    results = [listing("clinic_a", [], **week), listing("clinic_c", [], step_id=2, **week)]
    assert renderer.render(LIST, results, "pt", TODAY).text == (
        "Não há horários livres na Clínica A entre seg 30/11 e sex 04/12.\n"
        "Não há horários livres na Clínica C entre seg 30/11 e sex 04/12.\n"
        "Quer tentar outro dia?")


@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "No momento não há horários livres em Cardiologia nas próximas duas semanas. "
           "Por favor, tente novamente mais tarde."),
    ("en", "Right now there are no open Cardiology slots in the next two weeks. Please try again later."),
])
def test_a_specialty_with_nothing_free_says_so_and_suggests_later(renderer, language, answer):
    results = [listing("clinic_a", []), listing("clinic_c", [], step_id=2)]
    assert renderer.render(LIST, results, language, TODAY).text == answer


def test_a_clinic_with_nothing_free_is_named_below_the_others(renderer):
    text = renderer.render(LIST, [CLINIC_A, listing("clinic_c", [], step_id=2)], "pt", TODAY).text
    assert "**" not in text
    assert "Não há horários livres na Clínica C nas próximas duas semanas." in text.split("\n\n")


def test_several_specialties_make_one_answer_with_an_earliest_slot_per_specialty(renderer):
    derm = [listing("clinic_b", [slot("Dra. Camila Rocha", "2026-11-26", "15:00", "Dermatologia")],
                    "Dermatologia", step_id=3),
            listing("clinic_f", [slot("Dra. Mariana Alves", "2026-11-24", "10:30", "Dermatologia")],
                    "Dermatologia", step_id=4)]
    plan = Plan(intents=[Intent.LIST, Intent.LIST])
    text = renderer.render(plan, [*derm, CLINIC_A], "pt", TODAY).text
    paragraphs = text.split("\n\n")
    assert paragraphs[0] == "Aqui estão os horários livres em Cardiologia e Dermatologia:"
    assert paragraphs[1].startswith("Clínica A — Cardiologia\n")
    assert paragraphs[2] == ("**Horário mais cedo em Dermatologia: ter 24/11 (amanhã) às 10:30 "
                             "com Dra. Mariana Alves (Clínica F)**")
    assert paragraphs[3] == "Clínica B — Dermatologia\nDra. Camila Rocha\n  • qui 26/11: 15:00"
    assert paragraphs[4] == "Clínica F — Dermatologia\nDra. Mariana Alves\n  • ter 24/11 (amanhã): 10:30"
    assert text.count("**") == 2


@pytest.mark.parametrize(("language", "line"), [
    ("pt", "  • seg 23/11 (hoje): 14:00"), ("en", "  • Mon Nov 23 (today): 14:00"),
])
def test_today_and_tomorrow_are_named(renderer, language, line):
    today = listing("clinic_a", [slot("Dr. Ricardo Lopes", "2026-11-23", "14:00")])
    assert line in renderer.render(LIST, [today], language, TODAY).text.splitlines()


def test_a_listing_for_a_reschedule_ends_with_how_to_reschedule(renderer):
    plan = Plan(intents=[Intent.RESCHEDULE])
    text = renderer.render(plan, [CLINIC_A], "pt", TODAY).text
    assert text.endswith("\n\nPara remarcar, diga qual dos horários acima você prefere.")


def test_an_unknown_doctor_in_a_listing_names_the_clinics_doctors(renderer):
    result = refused("list_available_slots", "unknown_doctor", doctor="Dr. House")
    assert renderer.render(LIST, [result, CLINIC_C], "pt", TODAY).text.split("\n\n")[0] == (
        "Não encontrei Dr. House na Clínica A. Lá atendem Dr. Ricardo Lopes e Dra. Ana Beatriz Souza. "
        "Com qual deles?")


# -- confirmations --------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Consulta confirmada! Clínica A — Dr. Ricardo Lopes, quarta-feira, 25/11/2026, às 09:00. "
           "Código da reserva: K7M4QP. Guarde o código: ele é pedido para remarcar ou cancelar."),
    ("en", "Appointment confirmed! Clínica A — Dr. Ricardo Lopes, Wednesday, November 25, 2026, at 09:00. "
           "Booking code: K7M4QP. Keep the code: you will need it to reschedule or cancel."),
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
        "minutos, peça para ver as suas consultas e confira antes de tentar de novo.", [], [])


# -- clinic refusals, each with a next step -----------------------------------------------------------

BOOK_ARGS = {"doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "09:00"}


@pytest.mark.parametrize(("code", "answer"), [
    ("slot_taken", "Esse horário acabou de ser reservado por outra pessoa. "
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
        "That slot was just booked by someone else. Would you like to see the open slots for Dra. Ana Beatriz Souza?")


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


# -- the patient's appointments -----------------------------------------------------------------------

MY = Plan(intents=[Intent.MY_APPOINTMENTS])
MINE = [mine("clinic_c", ("Dr. Fernando Mendes", "2026-12-01", "09:00"), step_id=3),
        mine("clinic_a", ("Dr. Ricardo Lopes", "2026-11-25", "09:00")),
        mine("clinic_b", ("Dra. Camila Rocha", "2026-11-26", "14:00"), specialty="Dermatologia", step_id=2)]


def test_my_appointments_by_date_in_portuguese(renderer):
    assert renderer.render(MY, MINE, "pt", TODAY).text == """\
Estas são as suas consultas agendadas:
• qua 25/11 às 09:00 — Dr. Ricardo Lopes (Clínica A, Cardiologia)
• qui 26/11 às 14:00 — Dra. Camila Rocha (Clínica B, Dermatologia)
• ter 01/12 às 09:00 — Dr. Fernando Mendes (Clínica C, Cardiologia)

Se quiser remarcar ou cancelar alguma, é só me dizer."""


def test_my_appointments_in_english(renderer):
    assert renderer.render(MY, MINE[:2], "en", TODAY).text == """\
Here are your upcoming appointments:
• Wed Nov 25 at 09:00 — Dr. Ricardo Lopes (Clínica A, Cardiology)
• Tue Dec 1 at 09:00 — Dr. Fernando Mendes (Clínica C, Cardiology)

If you'd like to reschedule or cancel one, just let me know."""


@pytest.mark.parametrize(("language", "answer"), [
    ("pt", "Você não tem consultas agendadas nas nossas clínicas."),
    ("en", "You have no appointments booked at our clinics."),
])
def test_no_appointments_anywhere(renderer, language, answer):
    results = [mine(clinic, step_id=n) for n, clinic in enumerate(("clinic_a", "clinic_b", "clinic_c"))]
    assert renderer.render(MY, results, language, TODAY) == Rendering(answer, [], [])


def test_no_appointments_is_not_claimed_when_a_clinic_did_not_answer(renderer):
    results = [mine("clinic_a"), failed("clinic_c", "list_my_appointments")]
    assert renderer.render(MY, results, "pt", TODAY).text == (
        "A Clínica C não respondeu agora; nas demais clínicas você não tem consultas agendadas.")


def test_a_cancel_with_several_appointments_asks_which(renderer):
    text = renderer.render(Plan(intents=[Intent.CANCEL]), MINE, "pt", TODAY).text
    assert text.endswith("\n\nQual delas você quer cancelar? Diga o médico, o dia e o horário.")


# -- plans without steps ------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "words"), [
    ("pt", ["confidenciais (LGPD)", "nunca são usadas por este chat", "suas próprias consultas"]),
    ("en", ["confidential (LGPD", "never used from this chat", "your own appointments"]),
])
def test_privacy_refuses_and_offers_the_patients_own_appointments(renderer, language, words):
    text = renderer.render(Plan(intents=[Intent.PRIVACY]), [], language, TODAY).text
    assert all(word in text for word in words)


def test_an_invalid_specialty_lists_the_ones_offered_with_their_clinics(renderer):
    plan = Plan(intents=[Intent.INVALID_SPECIALTY], unknown_specialty="neurologia")
    assert renderer.render(plan, [], "pt", TODAY).text == """\
Ainda não oferecemos Neurologia nas nossas clínicas. Estas são as especialidades disponíveis:
• Cardiologia — Clínica A e Clínica C
• Dermatologia — Clínica B e Clínica F
• Ortopedia — Clínica D e Clínica E
Diga a especialidade e eu mostro os horários livres."""


def test_a_missing_specialty_is_asked_for_in_english(renderer):
    assert renderer.render(Plan(intents=[Intent.MISSING_SPECIALTY]), [], "en", TODAY).text == """\
Of course! Which specialty is the appointment for? We have:
• Cardiology — Clínica A and Clínica C
• Dermatology — Clínica B and Clínica F
• Orthopedics — Clínica D and Clínica E
Tell me the specialty and I'll show you the open slots."""


@pytest.mark.parametrize("language", ["pt", "en"])
def test_a_greeting_says_what_the_assistant_can_do(renderer, language):
    text = renderer.render(Plan(intents=[Intent.GREETING]), [], language, TODAY).text
    expected = {"pt": ["Olá!", "agendar, remarcar ou cancelar", "Cardiologia, Dermatologia e Ortopedia"],
                "en": ["Hello!", "book, reschedule or cancel", "Cardiology, Dermatology and Orthopedics"]}
    assert all(word in text for word in expected[language])


def test_out_of_scope_explains_the_scope(renderer):
    assert renderer.render(Plan(intents=[Intent.OUT_OF_SCOPE]), [], "pt", TODAY).text == (
        "Desculpe, por aqui só consigo ajudar com consultas nas nossas clínicas de Cardiologia, Dermatologia e "
        "Ortopedia: ver horários livres, agendar, remarcar, cancelar e ver as suas consultas. "
        "Posso ajudar com alguma dessas coisas?")


@pytest.mark.parametrize(("language", "specialty", "suggestion"), [
    ("pt", "ortopedia", "Posso mostrar os horários livres de Ortopedia"),
    ("en", None, "I can help you book an appointment in Cardiology, Dermatology and Orthopedics."),
])
def test_medical_advice_is_never_given(renderer, language, specialty, suggestion):
    plan = Plan(intents=[Intent.MEDICAL_ADVICE], advice_specialty=specialty)
    text = renderer.render(plan, [], language, TODAY).text
    assert suggestion in text
    assert "SAMU" in text and "192" in text
    assert re.search(r"\d+ ?mg|tome |take ", text) is None


def test_clarify_lists_the_matching_appointments_numbered(renderer):
    clarification = Clarification(action="cancel", appointments=[
        AppointmentItem(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00", status="confirmed"),
        AppointmentItem(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-12-01", time="09:00",
                        status="confirmed")])
    plan = Plan(intents=[Intent.CLARIFY], clarification=clarification)
    assert renderer.render(plan, [], "pt", TODAY).text == """\
Qual destas consultas você quer cancelar?
1. qua 25/11 às 09:00 — Dr. Ricardo Lopes (Clínica A)
2. ter 01/12 às 09:00 — Dr. Fernando Mendes (Clínica C)
É só responder com o número."""


@pytest.mark.parametrize(("action", "language", "answer"), [
    ("cancel", "pt", "Qual consulta você quer cancelar? Diga o médico, o dia e o horário, ou peça para ver as suas "
                     "consultas."),
    ("reschedule", "en", "Which appointment would you like to reschedule? Tell me the doctor, the day and the time, "
                         "or ask to see your appointments."),
])
def test_clarify_without_the_bookings_asks_which_one(renderer, action, language, answer):
    plan = Plan(intents=[Intent.CLARIFY], clarification=Clarification(action=action))
    assert renderer.render(plan, [], language, TODAY).text == answer


def test_a_plan_refuses_a_fact_it_does_not_have():
    with pytest.raises(ValidationError):
        Plan(intents=[Intent.CLARIFY], missing="new_time")


def test_a_greeting_with_a_listing_opens_the_listing(renderer):
    text = renderer.render(Plan(intents=[Intent.GREETING, Intent.LIST]), [CLINIC_A], "pt", TODAY).text
    assert text.startswith("Olá! Aqui estão os horários livres em Cardiologia:\n\n")


def test_an_invalid_specialty_next_to_a_valid_one_covers_both(renderer):
    plan = Plan(intents=[Intent.LIST, Intent.INVALID_SPECIALTY], unknown_specialty="Neurologia")
    rendering = renderer.render(plan, [CLINIC_A, CLINIC_C], "en", TODAY)
    assert rendering.text.split("\n\n")[:2] == [
        "We don't offer Neurologia at our clinics; the specialties we have are Cardiology, Dermatology and "
        "Orthopedics.",
        "Here are the open slots in Cardiology:"]
    assert len(listed_slots(rendering.text)) == 12


def test_medical_advice_next_to_a_listing_refuses_once_and_lists(renderer):
    plan = Plan(intents=[Intent.MEDICAL_ADVICE, Intent.LIST], advice_specialty="cardiologia")
    paragraphs = renderer.render(plan, [CLINIC_A], "pt", TODAY).text.split("\n\n")
    assert paragraphs[0] == (
        "Não posso dar orientação médica, diagnóstico nem indicar remédios por aqui: isso precisa da avaliação "
        "de um médico. Se os sintomas forem fortes ou piorarem, ligue para o SAMU (192) ou procure o pronto-socorro "
        "mais próximo.")
    assert paragraphs[1] == "Aqui estão os horários livres em Cardiologia:"


def test_a_reschedule_with_no_free_slot_never_suggests_another_doctor_or_clinic(renderer):
    empty = listing("clinic_a", [], doctor="Dr. Ricardo Lopes", date="2026-11-30")
    assert renderer.render(Plan(intents=[Intent.RESCHEDULE]), [empty], "pt", TODAY).text == (
        "Não há horários livres na Clínica A com Dr. Ricardo Lopes em seg 30/11.\nQuer tentar outro dia?")


@pytest.mark.parametrize(("pending", "booked", "question"), [
    ({"action": "cancel"}, MINE, "Qual delas você quer cancelar? Diga o médico, o dia e o horário."),
    ({"action": "reschedule", "new_date": "2026-11-30", "new_time": "08:00"}, MINE[1:2],
     "É esta a consulta que você quer remarcar? Se for, é só confirmar."),
    ({"action": "reschedule"}, MINE[1:2], "Para qual dia e horário você quer remarcar?"),
])
def test_a_lookup_before_a_cancel_or_reschedule_asks_the_pending_question(renderer, pending, booked, question):
    plan = Plan(intents=[Intent.MY_APPOINTMENTS], pending=PendingAction(**pending))
    assert renderer.render(plan, booked, "pt", TODAY).text.split("\n\n")[-1] == question
