"""A listing asked for a part of the day ("sexta de manhã", "friday afternoon") offers only that part's slots."""
from __future__ import annotations

import re

import pytest

from tests.support import give_back, make_cpf, run_turn, store_bookings

# One boundary for every part of the day: morning before noon, afternoon until six, evening after.
PARTS = {"morning": lambda t: t < "12:00", "afternoon": lambda t: "12:00" <= t < "18:00",
         "evening": lambda t: t >= "18:00"}


@pytest.mark.parametrize("message, part", [
    ("tem dermato sexta de manhã?", "morning"),
    ("tem dermatologista sexta pela manhã?", "morning"),
    ("tem dermatologista sexta à tarde?", "afternoon"),
    ("tem cardio amanha a tarde?", "afternoon"),
    ("quero cardiologista de manha", "morning"),
    ("any dermatology slots friday morning?", "morning"),
    ("cardiology tomorrow afternoon please", "afternoon"),
    ("dermatology on friday afternoon", "afternoon"),
])
def test_a_listing_for_a_part_of_the_day_offers_only_that_part(pipeline, new_conversation, message, part):
    conversation = new_conversation("Lia Campos", make_cpf(311).replace(".", "").replace("-", ""))
    _, answer = run_turn(pipeline, conversation, message)
    assert answer.slots, answer.text
    assert all(PARTS[part](s.time) for s in answer.slots), [s.time for s in answer.slots]
    listed_times = {s.time for s in answer.slots}
    assert all(t in listed_times for t in _times_in(answer.text)), answer.text


@pytest.mark.parametrize("message, part, cpf_seed", [("tem dermato sexta de manhã?", "morning", 312),
                                                     ("tem cardio amanha a tarde?", "afternoon", 313),
                                                     ("dermatology on friday afternoon", "afternoon", 314)])
def test_the_first_option_after_a_part_of_day_listing_books_a_slot_of_that_part(
        pipeline, clinics, new_conversation, message, part, cpf_seed):
    conversation = new_conversation("Lia Campos", make_cpf(cpf_seed).replace(".", "").replace("-", ""))
    _, listing = run_turn(pipeline, conversation, message)
    first = listing.slots[0]
    assert PARTS[part](first.time), listing.text
    _, answer = run_turn(pipeline, conversation, "a primeira" if "tem" in message else "the first one")
    assert [(a.status, a.time) for a in answer.appointments] == [("confirmed", first.time)], answer.text
    assert store_bookings(clinics, first.clinic, conversation.patient.cpf) == \
        [(first.clinic, first.doctor, first.date, first.time)]
    give_back(clinics, conversation)


@pytest.mark.parametrize("message, words", [("tem cardio sexta à noite?", "noite"),
                                            ("any cardiology friday evening?", "evening")])
def test_no_slot_in_that_part_of_the_day_is_said_in_the_patients_language(pipeline, new_conversation, message, words):
    conversation = new_conversation("Lia Campos", make_cpf(315).replace(".", "").replace("-", ""))
    _, answer = run_turn(pipeline, conversation, message)
    assert answer.slots == []
    assert words in answer.text, answer.text


def _times_in(text: str) -> list[str]:
    return re.findall(r"\b\d{2}:\d{2}\b", text)


def test_a_clinic_with_nothing_in_that_part_of_the_day_is_named_with_the_part(pipeline, new_conversation):
    conversation = new_conversation("Lia Campos", make_cpf(316).replace(".", "").replace("-", ""))
    _, answer = run_turn(pipeline, conversation, "tem dermato sexta de manhã?")
    assert "Não há horários livres na Clínica B em sex 27/11 de manhã." in answer.text, answer.text
