"""A yes right after "Consulta confirmada!" ("pode confirmar", "isso", "great, yes") has nothing left to confirm:
the answer says the appointment is already booked, names it, and writes nothing more; the next unrelated yes is
a plain greeting again. On the six real clinics, judged by what their stores hold."""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, call_tool, give_back, make_cpf, run_turn

CPF_BASE = 68_500
DOCTOR, CLINIC = "Dr. Fernando Mendes", "clinic_c"


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


@pytest.mark.parametrize("n, request_text, yes, said", [
    (1, "marca com o dr fernando dia {day} as {time}", "pode confirmar", "já está confirmada"),
    (2, "marca com o dr fernando dia {day} as {time}", "isso", "já está confirmada"),
    (3, "book with Dr. Fernando on {day} at {time}", "great, yes", "already confirmed"),
])
def test_a_yes_after_a_confirmation_books_nothing_more(pipeline, new_conversation, clinics, n, request_text, yes,
                                                       said):
    slot = call_tool(clinics.url(CLINIC), "list_available_slots", {"doctor": DOCTOR})["structuredContent"][
        "available_slots"][-n]
    conversation = new_conversation("Nadia Couto Ferraz", digits(n))
    day = slot["date"][8:] + "/" + slot["date"][5:7] if n < 3 else slot["date"]
    run_turn(pipeline, conversation, request_text.format(day=day, time=slot["time"]))
    booked = [(CLINIC, DOCTOR, slot["date"], slot["time"])]
    try:
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == booked
        events, answer = run_turn(pipeline, conversation, yes)
        assert said in answer.text and slot["time"] in answer.text and answer.appointments == []
        assert all(e.type != "dispatch" for e in events)
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == booked
    finally:
        give_back(clinics, conversation)
