"""The response generator's listings (Rule 9): every returned slot once, the earliest first, failures named."""
from __future__ import annotations

import pytest

from agent_system.answer.responder import Rendering
from agent_system.domain.plan import Intent, Plan
from tests.agent_system.answer.responder_support import (CLINIC_A, CLINIC_C, LIST, TODAY, failed, listed_slots, listing,
                                                  refused, slot)


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
Dra. Juliana Castro
  • qui 26/11: 08:00, 09:30
Dr. Fernando Mendes
  • sex 27/11: 08:00, 10:00

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
Dra. Juliana Castro
  • Thu Nov 26: 08:00, 09:30
Dr. Fernando Mendes
  • Fri Nov 27: 08:00, 10:00

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
    # Specialties, and clinics within one, come in the order of their earliest slot: the first slot shown is
    # the earliest of all, and each specialty's highlighted slot is its first.
    assert paragraphs[0] == "Aqui estão os horários livres em Dermatologia e Cardiologia:"
    assert paragraphs[1] == ("**Horário mais cedo em Dermatologia: ter 24/11 (amanhã) às 10:30 "
                             "com Dra. Mariana Alves (Clínica F)**")
    assert paragraphs[2] == "Clínica F — Dermatologia\nDra. Mariana Alves\n  • ter 24/11 (amanhã): 10:30"
    assert paragraphs[3] == "Clínica B — Dermatologia\nDra. Camila Rocha\n  • qui 26/11: 15:00"
    assert paragraphs[4].startswith("Clínica A — Cardiologia\n")
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


@pytest.mark.parametrize("language, opens, closed", [("pt", "ainda não está aberta", "Não há horários livres"),
                                                      ("en", "not open yet", "There are no open slots")])
def test_a_day_past_the_open_schedule_is_said_to_be_not_open_yet(renderer, language, opens, closed):
    """The clinics open slots 14 days ahead (today included): from today, Mon Nov 23, the last is Sun Dec 6."""
    past = listing("clinic_b", [], "Dermatologia", doctor="Dra. Camila Rocha", date="2026-12-10")
    text = renderer.render(LIST, [past], language, TODAY).text
    assert opens in text and closed not in text and ("06/12" in text or "Dec 6" in text), text
    inside = listing("clinic_b", [], "Dermatologia", doctor="Dra. Camila Rocha", date="2026-12-03")
    text = renderer.render(LIST, [inside], language, TODAY).text
    assert closed in text and opens not in text, text


def test_a_booking_refused_on_a_day_past_the_open_schedule_says_why(renderer):
    refusal = refused("book_appointment", "slot_not_found", clinic="clinic_b", doctor="Dra. Camila Rocha",
                      date="2026-12-10", time="14:00")
    text = renderer.render(Plan(intents=[Intent.BOOK]), [refusal], "pt", TODAY).text
    assert "ainda não está aberta" in text and "Não encontrei esse horário" not in text, text
