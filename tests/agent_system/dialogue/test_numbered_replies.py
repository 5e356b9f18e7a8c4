"""A question that offers numbered choices ("Com qual destes médicos…? 1. … 2. … É só responder com o número",
"Qual delas você quer cancelar?") is answered by the number alone, or by its ordinal, in PT and EN; the same
number means nothing to pick when no choice was offered. On the six real clinics."""
from __future__ import annotations

import pytest

from tests.support import all_store_bookings, call_tool, give_back, make_cpf, page_codes, run_turn

CPF_BASE = 64_000


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


def plan_steps(events) -> list[tuple[str, str, str]]:
    plan = next(e for e in events if e.type == "plan")
    return [(s["clinic"], s["action"], s["parameters"].get("doctor", "")) for s in plan.steps]


def offered_doctors(answer_text: str) -> list[str]:
    """The doctors of a numbered doctor question, in the order shown ("2. Dra. X (Clínica A)")."""
    lines = [line.split(". ", 1)[1] for line in answer_text.splitlines() if line[:1].isdigit() and ". " in line]
    return [line.rsplit(" (", 1)[0] for line in lines]


@pytest.mark.parametrize("n, listing, pointer, reply, language", [
    (1, "cardiologia", "quero com a doutora", "2", "pt"),
    (2, "cardiologia", "prefiro uma médica", "a 2", "pt"),
    (3, "I need a cardiologist", "with the doctor please", "number 2", "en"),
    (4, "I need a cardiologist", "with a woman doctor please", "2.", "en"),
])
def test_a_number_picks_the_doctor_it_numbers(pipeline, new_conversation, n, listing, pointer, reply, language):
    conversation = new_conversation("Renata Lobo Figueira", digits(n))
    run_turn(pipeline, conversation, listing)
    _, question = run_turn(pipeline, conversation, pointer)
    doctors = offered_doctors(question.text)
    assert len(doctors) >= 2, question.text
    events, answer = run_turn(pipeline, conversation, reply)
    assert [d for _, action, d in plan_steps(events) if action == "list_available_slots"] == [doctors[1]]
    assert doctors[1] in answer.text and answer.lang == language


def test_a_bare_number_with_no_choice_offered_picks_nothing(pipeline, new_conversation, clinics):
    conversation = new_conversation("Renata Lobo Figueira", digits(9))
    events, _ = run_turn(pipeline, conversation, "2")
    assert not [s for s in plan_steps(events) if s[1] != "list_my_appointments"]
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + 9)) == []


@pytest.mark.parametrize("n, reply", [(10, "2"), (11, "opção 2"), (12, "a segunda")])
def test_a_number_picks_the_booking_to_cancel_in_a_new_session(pipeline, new_conversation, clinics, n, reply):
    name, cpf = "Renata Lobo Figueira", digits(n)
    free = call_tool(clinics.url("clinic_a"), "list_available_slots", {"doctor": "Dr. Ricardo Lopes"})
    slots = free["structuredContent"]["available_slots"]
    first, second = slots[-1], next(s for s in reversed(slots) if s["date"] != slots[-1]["date"])
    booker = new_conversation(name, cpf)
    for slot in (first, second):
        day = slot["date"][8:] + "/" + slot["date"][5:7]
        _, booking = run_turn(pipeline, booker, f"marca com Dr. Ricardo Lopes dia {day} às {slot['time']}")
        if booking.confirm is not None and booking.confirm.action == "book":  # held as a second visit that week
            run_turn(pipeline, booker, "sim")
    try:
        booked = [(day, time) for _, _, day, time in all_store_bookings(clinics, make_cpf(CPF_BASE + n))]
        assert len(booked) == 2
        later = new_conversation(name, cpf, page_codes(booker))  # a new session: only the page's codes are known
        run_turn(pipeline, later, "quero cancelar minha consulta")
        _, asked = run_turn(pipeline, later, reply)
        assert "02/12" not in asked.text or booked[1][0] == "2026-12-02"  # it names the second booking
        key = next(k for k in booker.codes if k.endswith(f"|{booked[1][0]}|{booked[1][1]}"))
        _, done = run_turn(pipeline, later, booker.codes[key])  # a new session proves the booking by its code
        if done.confirm:
            _, done = run_turn(pipeline, later, "sim")
        left = [(day, time) for _, _, day, time in all_store_bookings(clinics, make_cpf(CPF_BASE + n))]
        assert left == [booked[0]], done.text  # the second in time order was cancelled, the first kept
        booker.codes.pop(key)  # cancelled here: nothing to give back
    finally:
        give_back(clinics, booker)
