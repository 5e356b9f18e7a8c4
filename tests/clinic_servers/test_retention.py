"""Retention (LGPD): the clinic itself erases the personal data of appointments older than CLINIC_RETENTION_DAYS,
and the names no remaining booking needs, keeping the slot history anonymous. Real clinic processes: the first
runs on the real date, then the clinic is restarted on the same store with its clock moved past the retention."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from clinic_servers.erasure import ERASED_CPF
from clinic_servers.launcher import ClinicFleet
from tests.support import call_tool, clinic_on_day, make_cpf, store_rows

CLINIC, DOCTOR = "clinic_e", "Dr. Rafael Moreira"
EARLY = ("Helena Duarte Prado", make_cpf(9410))
LATE = ("Otavio Reis Queiroz", make_cpf(9411))
RETENTION_DAYS = 30


def digits(cpf: str) -> str:
    return "".join(c for c in cpf if c.isdigit())


def book(fleet: ClinicFleet, slot: dict, patient: tuple[str, str]) -> dict:
    made = call_tool(fleet.url(CLINIC), "book_appointment", {"doctor": DOCTOR, "date": slot["date"],
                                                             "time": slot["time"], "patient_name": patient[0],
                                                             "cpf": patient[1]})
    assert made["isError"] is False, made
    return made["structuredContent"]["appointment"]


@pytest.fixture
def two_bookings(tmp_path):
    """EARLY booked the doctor's first slot of the window, LATE the last one; the store as it was then."""
    fleet = clinic_on_day(CLINIC, tmp_path, "", CLINIC_RETENTION_DAYS=str(RETENTION_DAYS))  # the real date: names are recorded on the real clock
    try:
        slots = call_tool(fleet.url(CLINIC), "list_available_slots", {"doctor": DOCTOR})["structuredContent"]
        first, last = slots["available_slots"][0], slots["available_slots"][-1]
        assert first["date"] < last["date"]
        early, late = book(fleet, first, EARLY), book(fleet, last, LATE)
    finally:
        fleet.stop()
    taken = store_rows(tmp_path, CLINIC, "SELECT doctor, date, time FROM slots WHERE available = 0 ORDER BY 1, 2, 3")
    return tmp_path, early, late, taken


def test_old_bookings_lose_their_personal_data_and_recent_ones_keep_it(two_bookings):
    var_dir, early, late, taken = two_bookings
    # The last booking's day is the cutoff: the first one is older than the retention, the last is not.
    later = date.fromisoformat(late["date"]) + timedelta(days=RETENTION_DAYS)
    clinic_on_day(CLINIC, var_dir, later.isoformat(), CLINIC_RETENTION_DAYS=str(RETENTION_DAYS)).stop()
    assert store_rows(var_dir, CLINIC, "SELECT patient_name, cpf, booking_code LIKE 'erased %' FROM slots "
                "WHERE doctor = ? AND date = ? AND time = ?", DOCTOR, early["date"], early["time"]) == \
        [(None, ERASED_CPF, 1)]
    assert store_rows(var_dir, CLINIC, "SELECT patient_name, cpf, booking_code FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                DOCTOR, late["date"], late["time"]) == [(LATE[0], digits(LATE[1]), late["booking_code"])]
    assert store_rows(var_dir, CLINIC, "SELECT cpf FROM patients WHERE cpf IN (?, ?)", digits(EARLY[1]), digits(LATE[1])) == \
        [(digits(LATE[1]),)]
    # The schedule's history stays whole: every slot taken then is still taken, anonymous or not.
    assert store_rows(var_dir, CLINIC, "SELECT doctor, date, time FROM slots WHERE available = 0 AND date < ? ORDER BY 1, 2, 3",
                later.isoformat()) == [t for t in taken if t[1] < later.isoformat()]
    assert store_rows(var_dir, CLINIC, "SELECT count(*) FROM slots WHERE cpf = ? OR patient_name = ?",
                digits(EARLY[1]), EARLY[0]) == [(0,)]


def test_an_erased_name_no_longer_binds_its_cpf(two_bookings):
    var_dir, _, late, _ = two_bookings
    later = date.fromisoformat(late["date"]) + timedelta(days=RETENTION_DAYS)
    fleet = clinic_on_day(CLINIC, var_dir, later.isoformat(), CLINIC_RETENTION_DAYS=str(RETENTION_DAYS))
    try:
        slot = call_tool(fleet.url(CLINIC), "list_available_slots", {"doctor": DOCTOR}
                         )["structuredContent"]["available_slots"][0]
        book(fleet, slot, ("Outro Nome Qualquer", EARLY[1]))
    finally:
        fleet.stop()
    assert store_rows(var_dir, CLINIC, "SELECT name FROM patients WHERE cpf = ?", digits(EARLY[1])) == [("Outro Nome Qualquer",)]


def test_a_retention_of_zero_keeps_personal_data(two_bookings):
    var_dir, early, _, _ = two_bookings
    clinic_on_day(CLINIC, var_dir, (date.fromisoformat(early["date"]) + timedelta(days=400)).isoformat(),
                  CLINIC_RETENTION_DAYS="0").stop()
    assert store_rows(var_dir, CLINIC, "SELECT patient_name, cpf FROM slots WHERE doctor = ? AND date = ? AND time = ?",
                DOCTOR, early["date"], early["time"]) == [(EARLY[0], digits(EARLY[1]))]
    assert len(store_rows(var_dir, CLINIC, "SELECT cpf FROM patients WHERE cpf IN (?, ?)", digits(EARLY[1]), digits(LATE[1]))) == 2


@pytest.mark.parametrize("value", ["-1", "thirty", "1.5"])
def test_a_retention_that_is_not_a_number_of_days_is_refused(value):
    from clinic_servers.settings import ClinicSettings
    with pytest.raises(ValueError, match="CLINIC_RETENTION_DAYS"):
        ClinicSettings.from_env({"CLINIC_TOKEN": "p", "CLINIC_STAFF_TOKEN": "s", "CLINIC_RETENTION_DAYS": value})
