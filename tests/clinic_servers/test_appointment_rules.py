"""Rules the clinic enforces itself: ownership by CPF, name and booking code; idempotency; atomic reschedule."""
from __future__ import annotations

import zlib

import pytest

from tests.support import call_tool, make_cpf

DOCTOR = "Dra. Patrícia Gomes"
ANA, BRUNO = "Ana Paula Teixeira", "Bruno Carvalho"


@pytest.fixture
def url(clinics):
    return clinics.url("clinic_d")


@pytest.fixture
def ana_cpf(request):
    # Each test its own patients: identity and failure counts live in the shared clinic store.
    return make_cpf(1000 + zlib.crc32(request.node.name.encode()) % 20_000)


@pytest.fixture
def bruno_cpf(request):
    return make_cpf(30_000 + zlib.crc32(request.node.name.encode()) % 20_000)


def slots(url, **filters):
    listing = call_tool(url, "list_available_slots", {"doctor": DOCTOR, **filters})["structuredContent"]
    return [(s["date"], s["time"]) for s in listing["available_slots"]]


# The codes each CPF was given, as the patient keeps them: a listing shows only the bookings they open.
HELD_CODES: dict[str, set[str]] = {}


def book(url, slot, name, cpf, **extra):
    booked = call_tool(url, "book_appointment", {"doctor": DOCTOR, "date": slot[0], "time": slot[1],
                                                 "patient_name": name, "cpf": cpf, **extra})
    if not booked["isError"] and booked["structuredContent"]["appointment"]["booking_code"]:
        HELD_CODES.setdefault(cpf, set()).add(booked["structuredContent"]["appointment"]["booking_code"])
    return booked


def code_of(booking):
    return booking["structuredContent"]["appointment"]["booking_code"]


def cancel(url, slot, name, cpf, code, **extra):
    return call_tool(url, "cancel_appointment", {"doctor": DOCTOR, "date": slot[0], "time": slot[1],
                                                 "patient_name": name, "cpf": cpf, "booking_code": code, **extra})


def reschedule(url, old, new, name, cpf, code, **extra):
    return call_tool(url, "reschedule_appointment", {
        "doctor": DOCTOR, "original_date": old[0], "original_time": old[1], "new_date": new[0], "new_time": new[1],
        "patient_name": name, "cpf": cpf, "booking_code": code, **extra})


def mine(url, cpf, name):
    return [(a["date"], a["time"]) for a in call_tool(url, "list_my_appointments", {
        "cpf": cpf, "patient_name": name, "booking_codes": sorted(HELD_CODES.get(cpf, ()))})[
        "structuredContent"]["appointments"]]


def error_code(result):
    assert result["isError"] is True, result
    return result["structuredContent"]["error"]["code"]


def test_a_booking_returns_a_readable_code(url, ana_cpf):
    code = code_of(book(url, slots(url)[0], ANA, ana_cpf))
    assert len(code) == 6 and code.isalnum() and code.isupper()
    assert not set(code) & set("0O1IL2Z5S8B")


def test_booking_someone_elses_slot_fails_cleanly(url, ana_cpf, bruno_cpf):
    slot = slots(url)[0]
    assert book(url, slot, ANA, ana_cpf)["isError"] is False
    assert error_code(book(url, slot, BRUNO, bruno_cpf)) == "slot_taken"
    assert slot in mine(url, ana_cpf, ANA) and slot not in mine(url, bruno_cpf, BRUNO)


def test_rebooking_your_own_slot_confirms_it_without_revealing_the_code(url, ana_cpf):
    slot = slots(url)[0]
    first, again = book(url, slot, ANA, ana_cpf), book(url, slot, ANA, ana_cpf)
    assert again["isError"] is False and again["structuredContent"]["already_booked"] is True
    # Whoever knows a CPF and its name must not get the code by asking for the same slot.
    assert again["structuredContent"]["appointment"] == first["structuredContent"]["appointment"] | {
        "booking_code": None}
    assert mine(url, ana_cpf, ANA).count(slot) == 1


def test_a_retry_with_the_same_idempotency_key_never_books_twice(url, ana_cpf):
    first_slot, second_slot = slots(url)[:2]
    first = book(url, first_slot, ANA, ana_cpf, idempotency_key="key-retry-0001")
    # Even pointed at another slot, the key answers with the first call's outcome, code included.
    again = book(url, second_slot, ANA, ana_cpf, idempotency_key="key-retry-0001")
    assert again["structuredContent"]["appointment"] == first["structuredContent"]["appointment"]
    assert again["structuredContent"]["already_booked"] is False
    assert mine(url, ana_cpf, ANA) == [first_slot]


def test_cancel_of_another_patients_slot_answers_not_found_and_changes_nothing(url, ana_cpf, bruno_cpf):
    slot = slots(url)[0]
    code = code_of(book(url, slot, ANA, ana_cpf))
    assert error_code(cancel(url, slot, BRUNO, bruno_cpf, code)) == "appointment_not_found"
    assert slot in mine(url, ana_cpf, ANA) and slot not in slots(url)


def test_cancel_needs_the_booking_code(url, ana_cpf):
    slot = slots(url)[0]
    code = code_of(book(url, slot, ANA, ana_cpf))
    wrong = "AAAAA3" if code != "AAAAA3" else "AAAAA4"
    assert error_code(cancel(url, slot, ANA, ana_cpf, wrong)) == "appointment_not_found"
    assert slot in mine(url, ana_cpf, ANA)
    assert cancel(url, slot, ANA, ana_cpf, code.lower())["isError"] is False
    assert slot in slots(url) and slot not in mine(url, ana_cpf, ANA)


def test_reschedule_with_another_cpf_is_refused_and_changes_nothing(url, ana_cpf, bruno_cpf):
    old, new = slots(url)[:2]
    code = code_of(book(url, old, ANA, ana_cpf))
    assert error_code(reschedule(url, old, new, BRUNO, bruno_cpf, code)) == "appointment_not_found"
    assert old in mine(url, ana_cpf, ANA) and new in slots(url) and mine(url, bruno_cpf, BRUNO) == []


def test_reschedule_leaves_exactly_one_of_old_and_new_and_keeps_the_code(url, ana_cpf):
    old, new = slots(url)[:2]
    code = code_of(book(url, old, ANA, ana_cpf))
    moved = reschedule(url, old, new, ANA, ana_cpf, code)
    assert moved["structuredContent"]["status"] == "rescheduled"
    assert moved["structuredContent"]["new_appointment"]["booking_code"] == code
    assert (new in mine(url, ana_cpf, ANA), old in mine(url, ana_cpf, ANA)) == (True, False)
    assert old in slots(url) and new not in slots(url)


def test_reschedule_to_a_taken_slot_keeps_the_original(url, ana_cpf, bruno_cpf):
    old, new = slots(url)[:2]
    code = code_of(book(url, old, ANA, ana_cpf))
    book(url, new, BRUNO, bruno_cpf)
    assert error_code(reschedule(url, old, new, ANA, ana_cpf, code)) == "slot_taken"
    assert old in mine(url, ana_cpf, ANA) and new in mine(url, bruno_cpf, BRUNO)


def test_cancel_frees_the_slot_once(url, ana_cpf):
    slot = slots(url)[0]
    code = code_of(book(url, slot, ANA, ana_cpf))
    cancelled = cancel(url, slot, ANA, ana_cpf, code)
    assert cancelled["structuredContent"]["cancelled_appointment"]["time"] == slot[1]
    assert slot in slots(url) and slot not in mine(url, ana_cpf, ANA)
    assert error_code(cancel(url, slot, ANA, ana_cpf, code)) == "appointment_not_found"
