"""A stranger who holds a patient's name and CPF (semi-public in Brazil) attacks a real clinic process.

Each test is one attack class of issue 26, written from the attack: a look-alike-digit CPF, a name
that differs only in its spaces, locking the owner out, reading without a code, and learning from
the refusals which clinic knows a CPF.
"""
from __future__ import annotations

import sqlite3
import unicodedata
from pathlib import Path

import pytest

from tests.support import call_tool, make_cpf, single_clinic

CLINIC, DOCTOR = "clinic_e", "Dr. Rafael Moreira"
OWNER, STRANGER = "Luíza Helena Prado", "Marcos Pereira Dias"
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


@pytest.fixture(scope="module")
def clinics(tmp_path_factory):
    """A clinic of its own: these attacks book and fail far more than the shared fleet's schedules hold."""
    fleet = single_clinic(CLINIC, tmp_path_factory.mktemp("attacked-clinic"))
    yield fleet
    fleet.stop()


@pytest.fixture
def url(clinics):
    seeded = store_rows(clinics, "SELECT doctor, date, time FROM slots WHERE available = 0")
    yield clinics.url(CLINIC)
    # Each attack starts from the seed's schedule: the test's bookings are freed in the store itself.
    with sqlite3.connect(Path(clinics.env["VAR_DIR"]) / f"{CLINIC}.sqlite3", isolation_level=None) as db:
        for row in set(db.execute("SELECT doctor, date, time FROM slots WHERE available = 0")) - set(seeded):
            db.execute("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL, "
                       "booking_code = NULL WHERE doctor = ? AND date = ? AND time = ?", row)


def store_rows(clinics, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(f"file:{Path(clinics.env['VAR_DIR']) / f'{CLINIC}.sqlite3'}?mode=ro", uri=True) as db:
        return db.execute(sql, args).fetchall()


def free_slot(url, nth: int) -> tuple[str, str]:
    slot = call_tool(url, "list_available_slots", {"doctor": DOCTOR})["structuredContent"]["available_slots"][nth]
    return slot["date"], slot["time"]


def book(url, cpf: str, name: str = OWNER, nth: int = 0) -> dict:
    day, time = free_slot(url, nth)
    return call_tool(url, "book_appointment", {"doctor": DOCTOR, "date": day, "time": time,
                                               "patient_name": name, "cpf": cpf})


def booked(url, cpf: str, name: str = OWNER, nth: int = 0) -> tuple[str, str, str]:
    result = book(url, cpf, name, nth)
    assert result["isError"] is False, result
    appointment = result["structuredContent"]["appointment"]
    return appointment["date"], appointment["time"], appointment["booking_code"]


def listed(url, cpf: str, name: str, codes: list[str] | None = None) -> dict:
    arguments = {"cpf": cpf, "patient_name": name}
    if codes is not None:
        arguments["booking_codes"] = codes
    return call_tool(url, "list_my_appointments", arguments)


def cancel(url, cpf: str, name: str, day: str, time: str, code: str) -> dict:
    return call_tool(url, "cancel_appointment", {"doctor": DOCTOR, "date": day, "time": time, "patient_name": name,
                                                 "cpf": cpf, "booking_code": code})


def error_code(result: dict) -> str | None:
    return result["structuredContent"]["error"]["code"] if result["isError"] else None


def look_alike_of(cpf: str, digits: dict) -> str:
    """The CPF with its first nine digits in another script: the check digits still add up, masked it reads the same."""
    return cpf[:-2].translate(digits) + cpf[-2:]


# -- reading needs a code ---------------------------------------------------------------------------------

def test_the_exact_name_and_cpf_without_a_code_read_nothing_not_even_that_bookings_exist(url):
    victim, unknown = make_cpf(8001), make_cpf(8002)
    booked(url, victim)
    assert listed(url, victim, OWNER) == listed(url, unknown, OWNER) == listed(url, victim, OWNER, [])
    assert listed(url, victim, OWNER)["structuredContent"] == {"appointments": []}


def test_a_code_opens_its_own_booking_only(url):
    victim = make_cpf(8003)
    first_day, first_time, first_code = booked(url, victim, nth=0)
    booked(url, victim, nth=1)
    shown = listed(url, victim, unicodedata.normalize("NFD", OWNER.upper()), [first_code])
    assert [(a["date"], a["time"]) for a in shown["structuredContent"]["appointments"]] == [(first_day, first_time)]
    # The code with another name, or with another CPF, opens nothing.
    assert listed(url, victim, STRANGER, [first_code])["structuredContent"] == {"appointments": []}
    assert listed(url, make_cpf(8004), OWNER, [first_code])["structuredContent"] == {"appointments": []}


def test_a_listing_never_tells_a_locked_name_from_an_unknown_cpf(url):
    victim, unknown = make_cpf(8050), make_cpf(8051)
    day, time, code = booked(url, victim)
    for _ in range(6):
        cancel(url, victim, STRANGER, day, time, code)
    assert listed(url, victim, STRANGER, [code]) == listed(url, unknown, STRANGER, [code])
    assert listed(url, victim, STRANGER, [code])["isError"] is False


# -- look-alike CPF -----------------------------------------------------------------------------------

@pytest.mark.parametrize("n, digits", [(8010, FULLWIDTH), (8011, ARABIC_INDIC)], ids=["fullwidth", "arabic-indic"])
def test_a_look_alike_digit_cpf_is_refused_and_stores_nothing(url, clinics, n, digits):
    victim = make_cpf(n)
    booked(url, victim)
    look_alike = look_alike_of(victim, digits)
    refused = book(url, look_alike, STRANGER, nth=1)
    assert error_code(refused) == "invalid_arguments" and "cpf" in refused["structuredContent"]["error"]["message"]
    assert store_rows(clinics, "SELECT COUNT(*) FROM slots WHERE cpf = ?", look_alike.replace(".", "")
                      .replace("-", "")) == [(0,)]
    assert store_rows(clinics, "SELECT COUNT(*) FROM patients") == \
        store_rows(clinics, "SELECT COUNT(*) FROM patients WHERE cpf GLOB '[0-9]*' AND length(cpf) = 11")


def test_a_cpf_with_spaces_dots_and_dash_is_the_same_cpf(url):
    victim = make_cpf(8020)
    day, time, code = booked(url, victim)
    spaced = " " + victim.replace(".", " ").replace("-", " - ") + " "
    assert cancel(url, spaced, OWNER, day, time, code)["isError"] is False


def wrong(code: str) -> str:
    return "AAAAA3" if code != "AAAAA3" else "AAAAA4"


# -- names: folded, inner spaces collapsed, not removed ---------------------------------------------

def test_a_name_with_its_spaces_removed_is_another_name(url):
    victim = make_cpf(8030)
    booked(url, victim, "Ana Maria Silva Costa")
    assert error_code(book(url, victim, "Anamaria Silva Costa", nth=1)) == "identity_mismatch"
    assert book(url, victim, "  ANA   MARIA  sílva costa ", nth=2)["isError"] is False


# -- failures lock the one who fails, not the owner -------------------------------------------------

def test_a_strangers_failures_never_lock_the_owner(url, clinics):
    victim = make_cpf(8040)
    day, time, code = booked(url, victim)
    for _ in range(12):  # far past the lock, and renewing it
        assert error_code(cancel(url, victim, STRANGER, day, time, code)) in {"appointment_not_found", "locked"}
    assert error_code(book(url, victim, STRANGER, nth=1)) == "locked"  # the stranger's name is locked
    # The owner, with her recorded name, still reads, books and cancels.
    shown = listed(url, victim, OWNER, [code])["structuredContent"]["appointments"]
    assert [(a["date"], a["time"]) for a in shown] == [(day, time)]
    assert book(url, victim, OWNER, nth=1)["isError"] is False
    assert cancel(url, victim, OWNER, day, time, code)["isError"] is False
    assert store_rows(clinics, "SELECT COUNT(*) FROM slots WHERE cpf = ?", "".join(filter(str.isdigit, victim))) \
        == [(1,)]


def test_a_wrong_code_under_the_owners_name_never_refuses_her_right_code(url):
    victim = make_cpf(8041)
    day, time, code = booked(url, victim)
    for _ in range(7):
        assert error_code(cancel(url, victim, OWNER, day, time, wrong(code))) == "appointment_not_found"
    assert cancel(url, victim, OWNER, day, time, code)["isError"] is False


def test_each_failed_attempt_counts_once_under_the_name_presented(url, clinics):
    victim = make_cpf(8042)
    digits = "".join(filter(str.isdigit, victim))
    booked(url, victim)
    assert error_code(book(url, victim, STRANGER, nth=1)) == "identity_mismatch"
    assert store_rows(clinics, "SELECT name_key, COUNT(*) FROM identity_failures WHERE cpf = ? GROUP BY name_key",
                      digits) == [("marcos pereira dias", 1)]
    listed(url, victim, STRANGER)  # a listing without a code checks nothing, so it counts nothing
    assert store_rows(clinics, "SELECT COUNT(*) FROM identity_failures WHERE cpf = ?", digits) == [(1,)]


def test_a_refused_cancel_costs_the_same_for_an_unknown_cpf_a_wrong_name_and_a_wrong_code(url, clinics):
    victim, unknown = make_cpf(8043), make_cpf(8044)
    day, time, code = booked(url, victim)
    answers = [cancel(url, victim, STRANGER, day, time, code), cancel(url, unknown, STRANGER, day, time, code),
               cancel(url, victim, OWNER, day, time, wrong(code))]
    assert answers[0] == answers[1] == answers[2] and error_code(answers[0]) == "appointment_not_found"
    counted = store_rows(clinics, "SELECT cpf, name_key FROM identity_failures WHERE cpf IN (?, ?) ORDER BY cpf, name_key",
                         "".join(filter(str.isdigit, victim)), "".join(filter(str.isdigit, unknown)))
    assert len(counted) == 3  # every refusal writes its failure: no path is quicker than another
