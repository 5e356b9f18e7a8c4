"""What the patient sees agrees with what "o primeiro" / "o último" mean over a listing of several doctors.

A listing puts clinics, and doctors within a clinic, in the order of their earliest slot, so the first
slot shown is the earliest and "o primeiro" / "the first one" books it at once. "o último" / "the last
one" books at once only when the slot shown last is also the latest; otherwise the latest slot is named
and held for a yes. "o mais tarde" / "the latest" counts in time and books at once. On the six real
clinics, judged by what their stores hold.
"""
from __future__ import annotations

import re

import pytest

from tests.support import all_store_bookings, run_turn

CPF_BASE = 7800



def in_time_order(answer):
    return sorted(answer.slots, key=lambda s: (s.date, s.time, s.clinic, s.doctor))


def stored(clinics, conversation):
    return all_store_bookings(clinics, conversation.patient.cpf)


def as_row(slot):
    return slot.clinic, slot.doctor, slot.date, slot.time


def shown_order(text: str, slots) -> list[tuple[str, str]]:
    """The (clinic name, doctor) groups in the order the listing prints them, highlight line left out."""
    body = text.split("\n\n", 2)[-1]
    doctors = {s.doctor for s in slots}
    groups, clinic = [], None
    for line in body.splitlines():
        if " — " in line:
            clinic = line.split(" — ")[0]
        elif line.strip() in doctors:
            groups.append((clinic, line.strip()))
    return groups


@pytest.mark.parametrize("n, message", [(1, "quais horarios de dermatologia tem na sexta-feira?"),
                                        (2, "any dermatology openings friday?")])
def test_groups_come_in_order_of_their_earliest_slot_and_the_first_books_it(pipeline, clinics, registry,
                                                                            patient, n, message):
    conversation = patient(CPF_BASE + n, "Yara Bittencourt Lemos")
    _, listed = run_turn(pipeline, conversation, message)
    slots = in_time_order(listed)
    assert len({s.clinic for s in slots}) > 1, listed.text
    earliest_of = {}
    for s in slots:
        earliest_of.setdefault((registry.get(s.clinic).name, s.doctor), (s.date, s.time))
    groups = shown_order(listed.text, slots)
    assert groups == sorted(groups, key=earliest_of.get), listed.text
    first_time = re.search(r"\d\d:\d\d", listed.text.split(groups[0][1], 1)[1])[0]
    assert first_time == slots[0].time
    run_turn(pipeline, conversation, "ok, go with the first slot" if n == 2 else "quero o primeiro")
    assert stored(clinics, conversation) == [as_row(slots[0])]


@pytest.mark.parametrize("n, reply, yes", [(3, "pode ser o último", "sim"), (4, "I'll take the last one", "yes")])
def test_the_last_one_waits_for_yes_when_the_listing_shows_another_slot_last(pipeline, clinics, patient, n,
                                                                            reply, yes):
    conversation = patient(CPF_BASE + n, "Caetano Vilela Prado")
    _, listed = run_turn(pipeline, conversation, "cardiologia terça ou quinta")
    slots = in_time_order(listed)
    latest = slots[-1]
    bullets = [line for line in listed.text.splitlines() if line.lstrip().startswith("•")]
    assert (shown_order(listed.text, slots)[-1][1], bullets[-1].rsplit(" ", 1)[-1]) != (latest.doctor, latest.time)
    _, held = run_turn(pipeline, conversation, reply)
    assert held.appointments == [] and stored(clinics, conversation) == []
    for part in (latest.time, latest.doctor, "última opção" if yes == "sim" else "last option"):
        assert part in held.text, held.text
    run_turn(pipeline, conversation, yes)
    assert stored(clinics, conversation) == [as_row(latest)]


def test_the_last_one_books_at_once_when_it_is_shown_last(pipeline, clinics, patient):
    conversation = patient(CPF_BASE + 5, "Irene Soares Batista")
    _, listed = run_turn(pipeline, conversation, "cardiologia essa semana")
    slots = in_time_order(listed)
    assert shown_order(listed.text, slots)[-1][1] == slots[-1].doctor, listed.text
    run_turn(pipeline, conversation, "o ultimo")
    assert stored(clinics, conversation) == [as_row(slots[-1])]


def test_the_latest_counts_in_time_and_books_at_once(pipeline, clinics, patient):
    conversation = patient(CPF_BASE + 6, "Otilia Campos Neves")
    _, listed = run_turn(pipeline, conversation, "cardiologia terça ou quinta")
    slots = in_time_order(listed)
    run_turn(pipeline, conversation, "marca o mais tarde")
    assert stored(clinics, conversation) == [as_row(slots[-1])]


def test_over_two_specialties_the_first_slot_shown_is_the_earliest_of_all(pipeline, clinics, patient):
    conversation = patient(CPF_BASE + 7, "Joana Prates Valente")
    _, listed = run_turn(pipeline, conversation, "tem ortopedia ou cardiologia na terça?")
    slots = in_time_order(listed)
    assert len({s.clinic for s in slots}) > 2, listed.text
    body = listed.text.split("\n\n", 1)[1]
    first_line = next(line for line in body.splitlines() if line.lstrip().startswith("•"))
    assert first_line.split(": ", 1)[1].split(", ")[0] == slots[0].time, listed.text
    run_turn(pipeline, conversation, "fico com esse primeiro horario")
    assert stored(clinics, conversation) == [as_row(slots[0])]
