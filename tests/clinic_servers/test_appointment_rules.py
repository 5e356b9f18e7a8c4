"""Rules the clinic enforces itself: ownership by CPF, idempotent re-booking, atomic reschedule."""
from __future__ import annotations

import pytest

from tests.support import ANA_CPF, BRUNO_CPF, call_tool

DOCTOR = "Dra. Patrícia Gomes"


@pytest.fixture
def url(clinics):
    return clinics.url("clinic_d")


def slots(url, **filters):
    listing = call_tool(url, "list_available_slots", {"doctor": DOCTOR, **filters})["structuredContent"]
    return [(s["date"], s["time"]) for s in listing["available_slots"]]


def book(url, slot, name="Ana Paula Teixeira", cpf=ANA_CPF):
    return call_tool(url, "book_appointment", {"doctor": DOCTOR, "date": slot[0], "time": slot[1],
                                               "patient_name": name, "cpf": cpf})


def mine(url, cpf=ANA_CPF):
    return [(a["date"], a["time"]) for a in
            call_tool(url, "list_my_appointments", {"cpf": cpf})["structuredContent"]["appointments"]]


def error_code(result):
    assert result["isError"] is True, result
    return result["structuredContent"]["error"]["code"]


def test_booking_someone_elses_slot_fails_cleanly(url):
    slot = slots(url)[0]
    assert book(url, slot)["isError"] is False
    assert error_code(book(url, slot, "Bruno Carvalho", BRUNO_CPF)) == "slot_taken"
    assert slot in mine(url) and slot not in mine(url, BRUNO_CPF)


def test_rebooking_your_own_slot_returns_the_existing_confirmation(url):
    slot = slots(url)[0]
    first, again = book(url, slot), book(url, slot)
    assert again["isError"] is False
    assert again["structuredContent"]["appointment"] == first["structuredContent"]["appointment"]
    assert again["structuredContent"]["status"] == "confirmed"
    assert mine(url).count(slot) == 1


def test_cancel_with_another_cpf_is_refused_and_changes_nothing(url):
    slot = slots(url)[0]
    book(url, slot)
    refused = call_tool(url, "cancel_appointment", {"doctor": DOCTOR, "date": slot[0], "time": slot[1],
                                                    "patient_name": "Bruno Carvalho", "cpf": BRUNO_CPF})
    assert error_code(refused) == "not_your_appointment"
    assert slot in mine(url) and slot not in slots(url)


def test_reschedule_with_another_cpf_is_refused_and_changes_nothing(url):
    old, new = slots(url)[:2]
    book(url, old)
    refused = call_tool(url, "reschedule_appointment", {
        "doctor": DOCTOR, "original_date": old[0], "original_time": old[1], "new_date": new[0],
        "new_time": new[1], "patient_name": "Bruno Carvalho", "cpf": BRUNO_CPF})
    assert error_code(refused) == "not_your_appointment"
    assert old in mine(url) and new in slots(url) and mine(url, BRUNO_CPF) == []


def test_reschedule_leaves_exactly_one_of_old_and_new(url):
    old, new = slots(url)[:2]
    book(url, old)
    moved = call_tool(url, "reschedule_appointment", {
        "doctor": DOCTOR, "original_date": old[0], "original_time": old[1], "new_date": new[0],
        "new_time": new[1], "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF})
    assert moved["structuredContent"]["status"] == "rescheduled"
    assert (new in mine(url), old in mine(url)) == (True, False)
    assert old in slots(url) and new not in slots(url)


def test_reschedule_to_a_taken_slot_keeps_the_original(url):
    old, new = slots(url)[:2]
    book(url, old)
    book(url, new, "Bruno Carvalho", BRUNO_CPF)
    refused = call_tool(url, "reschedule_appointment", {
        "doctor": DOCTOR, "original_date": old[0], "original_time": old[1], "new_date": new[0],
        "new_time": new[1], "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF})
    assert error_code(refused) == "slot_taken"
    assert old in mine(url) and new in mine(url, BRUNO_CPF)


def test_cancel_frees_the_slot(url):
    slot = slots(url)[0]
    book(url, slot)
    cancelled = call_tool(url, "cancel_appointment", {"doctor": DOCTOR, "date": slot[0], "time": slot[1],
                                                      "patient_name": "Ana Paula Teixeira", "cpf": ANA_CPF})
    assert cancelled["structuredContent"]["cancelled_appointment"]["time"] == slot[1]
    assert slot in slots(url) and slot not in mine(url)
    assert error_code(call_tool(url, "cancel_appointment", {
        "doctor": DOCTOR, "date": slot[0], "time": slot[1], "patient_name": "Ana", "cpf": ANA_CPF})) \
        == "appointment_not_found"
