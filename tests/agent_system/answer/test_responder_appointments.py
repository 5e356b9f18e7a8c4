"""The response generator on the patient's own appointments: by date, none, a clinic silent, which one to change."""
from __future__ import annotations

import pytest

from agent_system.answer.responder import Rendering
from agent_system.domain.plan import Intent, Plan
from agent_system.domain.pending import PendingAction
from tests.agent_system.answer.responder_support import TODAY, failed, mine

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


HOW_TO_SEE = {
    "pt": "Por segurança, só mostro as consultas cujo código de reserva esta conversa conhece (as marcadas neste "
          "aparelho, por exemplo). Para ver uma, digite o código da reserva (6 caracteres, informado quando ela foi "
          "marcada) ou ligue para a clínica; se quiser, eu passo o telefone.",
    "en": "For your security, I only show the appointments whose booking code this chat knows (those booked on "
          "this device, for example). To see one, type its booking code (6 characters, given when it was booked) "
          "or call the clinic; I can give you the phone number.",
}


@pytest.mark.parametrize("language", ["pt", "en"])
def test_nothing_shown_says_how_to_see_a_booking_and_never_whether_there_is_one(renderer, language):
    results = [mine(clinic, step_id=n) for n, clinic in enumerate(("clinic_a", "clinic_b", "clinic_c"))]
    assert renderer.render(MY, results, language, TODAY) == Rendering(HOW_TO_SEE[language], [], [])


def test_no_appointments_is_not_claimed_when_a_clinic_did_not_answer(renderer):
    results = [mine("clinic_a"), failed("clinic_c", "list_my_appointments")]
    assert renderer.render(MY, results, "pt", TODAY).text == (
        "Desculpe, a Clínica C não respondeu agora. Tente novamente em alguns minutos.\n\n" + HOW_TO_SEE["pt"])


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
