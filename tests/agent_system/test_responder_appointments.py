"""The response generator on the patient's own appointments: by date, none, a clinic silent, which one to change."""
from __future__ import annotations

import pytest

from agent_system.answer.responder import Rendering
from agent_system.planning.plan import Intent, Plan
from agent_system.sessions.conversation import PendingAction
from tests.agent_system.responder_support import TODAY, failed, mine

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


@pytest.mark.parametrize(("pending", "booked", "question"), [
    ({"action": "cancel"}, MINE, "Qual delas você quer cancelar? Diga o médico, o dia e o horário."),
    ({"action": "reschedule", "new_date": "2026-11-30", "new_time": "08:00"}, MINE[1:2],
     "É esta a consulta que você quer remarcar? Se for, é só confirmar."),
    ({"action": "reschedule"}, MINE[1:2], "Para qual dia e horário você quer remarcar?"),
])
def test_a_lookup_before_a_cancel_or_reschedule_asks_the_pending_question(renderer, pending, booked, question):
    plan = Plan(intents=[Intent.MY_APPOINTMENTS], pending=PendingAction(**pending))
    assert renderer.render(plan, booked, "pt", TODAY).text.split("\n\n")[-1] == question
