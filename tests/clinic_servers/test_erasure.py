"""Erasure at the clinic (LGPD Art. 18): after a patient's last appointment, a staff tool erases their name,
CPF and booking codes, the write log included, and the slot history stays, anonymous. Real clinic processes:
the clinic's clock is moved past the appointment by restarting it on the same store."""
from __future__ import annotations


import pytest

from clinic_servers.launcher import ClinicFleet
from tests.support import CLINIC_TODAY, STAFF_TOKEN, call_tool, clinic_on_day, make_cpf, store_rows

CLINIC, DOCTOR, NAME = "clinic_a", "Dr. Ricardo Lopes", "Beatriz Campos Lima"
A_WEEK_LATER = "2026-11-30"


def erase(fleet: ClinicFleet, cpf: str, token: str = STAFF_TOKEN) -> dict:
    return call_tool(fleet.url(CLINIC), "erase_patient", {"cpf": cpf}, token=token)


@pytest.fixture
def booked(tmp_path):
    """A patient with one booking in the first days of the window (made with a retry key: the write log has it)."""
    cpf = make_cpf(9300)
    fleet = clinic_on_day(CLINIC, tmp_path, CLINIC_TODAY)
    try:
        slot = call_tool(fleet.url(CLINIC), "list_available_slots", {"doctor": DOCTOR, "date_to": "2026-11-27"}
                         )["structuredContent"]["available_slots"][0]
        made = call_tool(fleet.url(CLINIC), "book_appointment", {
            "doctor": DOCTOR, "date": slot["date"], "time": slot["time"], "patient_name": NAME, "cpf": cpf,
            "idempotency_key": "erasure-test-0001"})
        assert made["isError"] is False, made
        yield fleet, tmp_path, cpf, (slot["date"], slot["time"]), made["structuredContent"]["appointment"]
    finally:
        fleet.stop()


def test_a_patient_with_an_upcoming_appointment_is_not_erased(booked):
    fleet, var_dir, cpf, _, _ = booked
    refused = erase(fleet, cpf)
    assert refused["isError"] is True and refused["structuredContent"]["error"]["code"] == "upcoming_appointments"
    digits = cpf.replace(".", "").replace("-", "")
    assert store_rows(var_dir, CLINIC, "SELECT name FROM patients WHERE cpf = ?", digits) == [(NAME,)]


def test_the_patient_token_cannot_erase(booked):
    fleet, _, cpf, _, _ = booked
    refused = erase(fleet, cpf, token="test-patient-token")
    assert refused["structuredContent"]["error"]["code"] == "forbidden"


def test_after_the_last_appointment_name_cpf_and_codes_are_erased_and_the_slot_history_stays(booked):
    fleet, var_dir, cpf, slot, appointment = booked
    digits = cpf.replace(".", "").replace("-", "")
    booked_before = store_rows(var_dir, CLINIC, "SELECT COUNT(*) FROM slots WHERE available = 0")
    fleet.stop()
    later = clinic_on_day(CLINIC, var_dir, A_WEEK_LATER)  # the same store, a week on: the appointment is past
    try:
        done = erase(later, cpf)
    finally:
        later.stop()
    assert done["isError"] is False and done["structuredContent"]["bookings_anonymised"] == 1
    for table in ("slots", "patients", "identity_failures", "writes"):
        assert store_rows(var_dir, CLINIC, f"SELECT COUNT(*) FROM {table} WHERE cpf = ?", digits) == [(0,)], table
    assert store_rows(var_dir, CLINIC, "SELECT COUNT(*) FROM slots WHERE patient_name = ? OR booking_code = ?",
                NAME, appointment["booking_code"]) == [(0,)]
    assert store_rows(var_dir, CLINIC, "SELECT COUNT(*) FROM writes WHERE outcome LIKE ?", f"%{appointment['booking_code']}%") \
        == [(0,)]
    # The slot stays taken in the history, holding nothing that points at a person.
    assert store_rows(var_dir, CLINIC, "SELECT available, patient_name FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                DOCTOR, *slot) == [(0, None)]
    assert store_rows(var_dir, CLINIC, "SELECT COUNT(*) FROM slots WHERE available = 0") == booked_before
    # Nor in the file's bytes: no freed page or write-ahead log keeps them.
    for form in (digits, NAME, appointment["booking_code"]):
        assert [p.name for p in var_dir.iterdir() if p.name.startswith(CLINIC) and form.encode() in p.read_bytes()] \
            == [], form
