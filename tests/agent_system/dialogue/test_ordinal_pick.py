"""A middle ordinal over a listing of several doctors is ambiguous: the slot it resolves to waits for a yes.

"a segunda opção" after a listing of two doctors may mean the second slot in time order or the second
line the patient read; the assistant names the slot it counted and books it only after a yes. The
first and the last slot (the earliest, the latest) and any ordinal over one doctor's listing book at once.
"""
from __future__ import annotations

from tests.support import all_store_bookings, run_turn


def listing(pipeline, conversation, message):
    """The slots a listing offered, in time order; it shows more than one doctor unless asked for one."""
    _, answer = run_turn(pipeline, conversation, message)
    return sorted(answer.slots, key=lambda s: (s.date, s.time, s.clinic, s.doctor))


def stored(clinics, conversation):
    return all_store_bookings(clinics, conversation.patient.cpf)


def as_row(slot):
    return slot.clinic, slot.doctor, slot.date, slot.time


def test_a_middle_ordinal_over_two_doctors_waits_for_yes_and_books_that_slot(pipeline, clinics, registry, patient):
    conversation = patient(7600, "Heloísa Prado Vieira")
    slots = listing(pipeline, conversation, "tem horário de cardiologia na quinta-feira?")
    assert len({s.doctor for s in slots}) > 1
    counted = slots[1]
    events, held = run_turn(pipeline, conversation, "pode marcar a segunda opção")
    plan = next(e for e in events if e.type == "plan")
    assert plan.steps == [] and held.appointments == [] and stored(clinics, conversation) == []
    clinic = registry.get(counted.clinic).name
    for part in ("Pela ordem de horário", "2ª opção", counted.time, counted.doctor, clinic, "sim ou não"):
        assert part in held.text, held.text
    _, booked = run_turn(pipeline, conversation, "sim")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert stored(clinics, conversation) == [as_row(counted)]


def test_the_third_one_in_english_can_be_declined(pipeline, clinics, patient):
    conversation = patient(7601, "Oliver Santos Reis")
    slots = listing(pipeline, conversation, "which cardiology times are open on Thursday?")
    assert len({s.doctor for s in slots}) > 1 and len(slots) >= 3
    _, held = run_turn(pipeline, conversation, "book the third one please")
    assert held.lang == "en" and "time order" in held.text and slots[2].doctor in held.text, held.text
    assert stored(clinics, conversation) == []
    _, declined = run_turn(pipeline, conversation, "no")
    assert declined.appointments == [] and stored(clinics, conversation) == []
    _, later = run_turn(pipeline, conversation, "yes")  # nothing is held any more: a stray yes books nothing
    assert later.appointments == [] and stored(clinics, conversation) == []


def test_after_a_held_pick_another_request_goes_ahead(pipeline, clinics, patient):
    conversation = patient(7602, "Renata Barros Luz")
    slots = listing(pipeline, conversation, "quero ver cardiologia na quinta")
    run_turn(pipeline, conversation, "fico com o terceiro horário")
    assert stored(clinics, conversation) == []
    wanted = slots[-2]
    day = f"{wanted.date[8:]}/{wanted.date[5:7]}"
    _, booked = run_turn(pipeline, conversation, f"então marca com {wanted.doctor} dia {day} às {wanted.time}")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert stored(clinics, conversation) == [as_row(wanted)]


def test_first_and_last_over_two_doctors_book_at_once(pipeline, clinics, patient):
    first = patient(7603, "Caio Moura Freitas")
    slots = listing(pipeline, first, "horários de cardiologia quinta-feira")
    _, booked = run_turn(pipeline, first, "quero o primeiro")
    assert stored(clinics, first) == [as_row(slots[0])], booked.text
    last = patient(7604, "Lívia Campos Rangel")
    slots = listing(pipeline, last, "horários de cardiologia quinta-feira")
    _, booked = run_turn(pipeline, last, "pode ser o último")
    assert stored(clinics, last) == [as_row(slots[-1])], booked.text


def test_a_middle_ordinal_over_one_doctor_books_at_once(pipeline, clinics, patient):
    conversation = patient(7605, "Diego Farias Pinto")
    slots = listing(pipeline, conversation, "horários da Dra. Ana Beatriz Souza na quinta")
    assert len({s.doctor for s in slots}) == 1 and len(slots) >= 2
    _, booked = run_turn(pipeline, conversation, "marca o segundo")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert stored(clinics, conversation) == [as_row(slots[1])]
