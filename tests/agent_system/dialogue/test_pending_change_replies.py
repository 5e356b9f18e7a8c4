"""Replies to "É esta a consulta que você quer cancelar/remarcar?" keep the pending change going.

When a cancel or reschedule found the patient's one booking by looking it up (a new chat, so the code is
not known here), the reply may be the booking code alone or inside a sentence; a wrong code is refused
by the clinic and the patient may try again; "não, deixa" / "no, keep it" keeps the booking and drops
the change. On the six real clinics, judged by what their stores hold.
"""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, call_tool, give_back, make_cpf, page_codes, run_turn

CPF_BASE = 8100
NAME = "Beatriz Molina Arantes"
SLOT = ("clinic_c", "Dr. Fernando Mendes", "2026-11-24", "14:00")


@pytest.fixture
def booked(pipeline, clinics, new_conversation):
    """A booking made in one chat; the test goes on in a fresh chat of the same patient, which has no code."""
    made = []

    def book(n: int):
        first = new_conversation(NAME, make_cpf(CPF_BASE + n).replace(".", "").replace("-", ""))
        made.append(first)
        _, answer = run_turn(pipeline, first, "marca com o fernando terça às 14h")
        assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == [SLOT], answer.text
        return answer.appointments[0].code, new_conversation(NAME, first.patient.cpf, page_codes(first))
    yield book
    for conversation in made:
        release(clinics, conversation)


def release(clinics, conversation) -> None:
    """Give back what a test left booked under the patient's codes (a moved booking keeps its code)."""
    held = all_store_bookings(clinics, conversation.patient.cpf)
    for _, doctor, day, time_ in held:
        for code in set(conversation.codes.values()):
            call_tool(clinics.url(SLOT[0]), "cancel_appointment", {
                "doctor": doctor, "date": day, "time": time_, "patient_name": NAME,
                "cpf": conversation.patient.cpf, "booking_code": code})


def stored(clinics, conversation):
    return all_store_bookings(clinics, conversation.patient.cpf)


@pytest.mark.parametrize("n, ask, reply", [
    (1, "quero cancelar minha consulta", "{code}"),
    (2, "cancela minha consulta pfv", "o codigo é {code}"),
    (3, "please cancel my appointment", "my code is {code}"),
    (4, "cancelar a consulta", "segue o código: {code}"),
])
def test_the_booking_code_as_the_reply_cancels(pipeline, clinics, booked, n, ask, reply):
    code, chat = booked(n)
    _, asked = run_turn(pipeline, chat, ask)
    assert asked.confirm is not None and asked.confirm.action == "cancel", asked.text
    _, done = run_turn(pipeline, chat, reply.format(code=code.lower()))
    assert [a.status for a in done.appointments] == ["cancelled"], done.text
    assert stored(clinics, chat) == []


@pytest.mark.parametrize("n, ask, wrong, right", [
    (5, "quero cancelar minha consulta", "o codigo é {wrong}", "{code}"),
    (6, "cancel my appointment", "{wrong}", "sorry, it's {code}"),
])
def test_a_wrong_code_can_be_followed_by_the_right_one(pipeline, clinics, booked, n, ask, wrong, right):
    code, chat = booked(n)
    run_turn(pipeline, chat, ask)
    wrong_code = ("7" if code[0] != "7" else "9") + code[1:]  # a well-formed code, not this booking's
    _, refused = run_turn(pipeline, chat, wrong.format(wrong=wrong_code))
    assert stored(clinics, chat) == [SLOT], refused.text
    assert refused.confirm is not None, refused.text
    _, done = run_turn(pipeline, chat, right.format(code=code))
    assert [a.status for a in done.appointments] == ["cancelled"], done.text
    assert stored(clinics, chat) == []


@pytest.mark.parametrize("n, ask, no, kept", [
    (7, "quero cancelar minha consulta", "nao, deixa", "continua marcada"),
    (8, "cancel my appointment", "no, keep it", "stays"),
    (9, "cancelar minha consulta", "não precisa, mantém", "continua marcada"),
])
def test_no_keeps_the_booking_and_drops_the_change(pipeline, clinics, booked, n, ask, no, kept):
    code, chat = booked(n)
    run_turn(pipeline, chat, ask)
    _, answer = run_turn(pipeline, chat, no)
    assert kept in answer.text and answer.confirm is None, answer.text
    run_turn(pipeline, chat, code)  # the change was dropped: a code now cancels nothing
    assert stored(clinics, chat) == [SLOT]


def test_no_to_which_booking_keeps_them_all(pipeline, clinics, new_conversation):
    chat = new_conversation(NAME, make_cpf(CPF_BASE + 10).replace(".", "").replace("-", ""))
    try:
        run_turn(pipeline, chat, "marca com a Dra. Camila Rocha quinta às 14h")
        run_turn(pipeline, chat, "e marca tambem com a Dra. Luciana Freitas quarta 9h")
        assert len(stored(clinics, chat)) == 2
        _, which = run_turn(pipeline, chat, "quero cancelar uma consulta")
        _, answer = run_turn(pipeline, chat, "nao, deixa quieto")
        assert "continuam marcadas" in answer.text, (which.text, answer.text)
        run_turn(pipeline, chat, "1")  # nothing waits any more: a number picks nothing to cancel
        assert len(stored(clinics, chat)) == 2
    finally:
        give_back(clinics, chat)


def test_the_code_as_the_reply_moves_a_looked_up_booking(pipeline, clinics, booked):
    code, chat = booked(11)
    _, asked = run_turn(pipeline, chat, "preciso remarcar minha consulta pra terça às 9h")
    assert asked.confirm is not None and asked.confirm.action == "reschedule", asked.text
    _, done = run_turn(pipeline, chat, f"codigo {code}")
    assert [a.status for a in done.appointments] == ["moved", "rescheduled"], done.text
    assert stored(clinics, chat) == [(*SLOT[:3], "09:00")]


@pytest.mark.parametrize("n, typo", [(12, "0"), (13, "8")])
def test_a_mistyped_code_keeps_the_change_waiting(pipeline, clinics, booked, n, typo):
    code, chat = booked(n)
    run_turn(pipeline, chat, "quero cancelar minha consulta")
    _, again = run_turn(pipeline, chat, code[:-1] + typo)  # a character no booking code has
    assert again.confirm is not None and stored(clinics, chat) == [SLOT], again.text
    _, done = run_turn(pipeline, chat, code)
    assert [a.status for a in done.appointments] == ["cancelled"], done.text
    assert stored(clinics, chat) == []


def test_a_code_to_which_booking_is_not_off_topic(pipeline, clinics, new_conversation):
    chat = new_conversation(NAME, make_cpf(CPF_BASE + 14).replace(".", "").replace("-", ""))
    try:
        run_turn(pipeline, chat, "marca com a Dra. Camila Rocha quinta às 15h")
        run_turn(pipeline, chat, "e marca tambem com a Dra. Luciana Freitas quarta 10:30")
        run_turn(pipeline, chat, "quero cancelar uma consulta")
        _, answer = run_turn(pipeline, chat, "AC3D4E")
        assert "Cardiologia, Dermatologia e Ortopedia" not in answer.text, answer.text
        assert len(stored(clinics, chat)) == 2
    finally:
        give_back(clinics, chat)
