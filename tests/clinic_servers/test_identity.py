"""Identity at the clinic: a CPF alone proves nothing; the name recorded at its first booking must come with it."""
from __future__ import annotations

import sqlite3
import unicodedata
from pathlib import Path

import pytest

from tests.support import call_tool, make_cpf

CLINIC, DOCTOR = "clinic_f", "Dra. Mariana Alves"
VICTIM = "José Antônio Brandão"


@pytest.fixture
def url(clinics):
    return clinics.url(CLINIC)


def store(clinics) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{Path(clinics.env['VAR_DIR']) / f'{CLINIC}.sqlite3'}?mode=ro", uri=True)


def book(url, cpf, name=VICTIM, nth=0):
    slot = call_tool(url, "list_available_slots", {"doctor": DOCTOR})["structuredContent"]["available_slots"][nth]
    booked = call_tool(url, "book_appointment", {"doctor": DOCTOR, "date": slot["date"], "time": slot["time"],
                                                 "patient_name": name, "cpf": cpf})
    assert booked["isError"] is False, booked
    return slot["date"], slot["time"], booked["structuredContent"]["appointment"]["booking_code"]


def listed(url, cpf, name, codes=()):
    return call_tool(url, "list_my_appointments", {"cpf": cpf, "patient_name": name, "booking_codes": list(codes)})


def cancel(url, cpf, name, day, time, code):
    return call_tool(url, "cancel_appointment", {"doctor": DOCTOR, "date": day, "time": time, "patient_name": name,
                                                 "cpf": cpf, "booking_code": code})


def reschedule(url, cpf, name, day, time, code, new):
    return call_tool(url, "reschedule_appointment", {
        "doctor": DOCTOR, "original_date": day, "original_time": time, "new_date": new[0], "new_time": new[1],
        "patient_name": name, "cpf": cpf, "booking_code": code})


def held(clinics, cpf):
    digits = "".join(c for c in cpf if c.isdigit())
    with store(clinics) as db:
        slots = db.execute("SELECT date, time, patient_name FROM slots WHERE cpf = ?", (digits,)).fetchall()
        recorded = db.execute("SELECT name FROM patients WHERE cpf = ?", (digits,)).fetchone()
    return slots, recorded[0] if recorded else None


def test_a_stranger_with_the_cpf_sees_what_an_unknown_cpf_sees(url, clinics):
    victim, unknown = make_cpf(5001), make_cpf(5002)
    code = book(url, victim)[2]
    assert listed(url, victim, "Maria Souza", [code]) == listed(url, unknown, "Maria Souza", [code])
    assert listed(url, victim, "Maria Souza", [code])["structuredContent"] == {"appointments": []}


def test_a_stranger_cannot_cancel_or_reschedule_even_with_the_code(url, clinics):
    victim, unknown = make_cpf(5003), make_cpf(5004)
    day, time, code = book(url, victim)
    before = held(clinics, victim)
    as_unknown = cancel(url, unknown, "Maria Souza", day, time, code)
    as_stranger = cancel(url, victim, "Maria Souza", day, time, code)
    assert as_stranger == as_unknown and as_stranger["isError"] is True
    assert as_stranger["structuredContent"]["error"]["code"] == "appointment_not_found"
    free = call_tool(url, "list_available_slots", {"doctor": DOCTOR})["structuredContent"]["available_slots"][0]
    moved = reschedule(url, victim, "Maria Souza", day, time, code, (free["date"], free["time"]))
    assert moved["structuredContent"]["error"]["code"] == "appointment_not_found"
    assert held(clinics, victim) == before == ([(day, time, VICTIM)], VICTIM)


def test_five_failures_lock_the_name_that_failed_and_nothing_is_overwritten(url, clinics):
    victim = make_cpf(5005)
    day, time, code = book(url, victim)
    for _ in range(5):
        refused = cancel(url, victim, "Impostor Numero Um", day, time, code)
        assert refused["structuredContent"]["error"]["code"] == "appointment_not_found"
    sixth = cancel(url, victim, "Impostor Numero Um", day, time, code)
    assert sixth["isError"] is True and sixth["structuredContent"]["error"]["code"] == "locked"
    assert held(clinics, victim) == ([(day, time, VICTIM)], VICTIM)
    # The lock is the failing name's: the recorded name reads and cancels as before.
    assert [(a["date"], a["time"]) for a in listed(url, victim, VICTIM, [code])["structuredContent"]["appointments"]] \
        == [(day, time)]
    assert cancel(url, victim, VICTIM, day, time, code)["isError"] is False


def test_wrong_codes_under_the_recorded_name_never_refuse_the_right_one(url, clinics):
    victim = make_cpf(5006)
    day, time, code = book(url, victim)
    wrong = "AAAAA3" if code != "AAAAA3" else "AAAAA4"
    for _ in range(6):
        assert cancel(url, victim, VICTIM, day, time, wrong)["structuredContent"]["error"]["code"] == \
            "appointment_not_found"
    assert cancel(url, victim, VICTIM, day, time, code)["isError"] is False


def test_a_booking_under_another_name_is_refused_and_the_recorded_name_stays(url, clinics):
    victim = make_cpf(5007)
    book(url, victim)
    slot = call_tool(url, "list_available_slots", {"doctor": DOCTOR})["structuredContent"]["available_slots"][1]
    refused = call_tool(url, "book_appointment", {"doctor": DOCTOR, "date": slot["date"], "time": slot["time"],
                                                  "patient_name": "Maria Souza", "cpf": victim})
    assert refused["structuredContent"]["error"]["code"] == "identity_mismatch"
    assert held(clinics, victim)[1] == VICTIM and len(held(clinics, victim)[0]) == 1


@pytest.mark.parametrize("seed, typed", list(enumerate(["jose antonio brandao", "JOSÉ  ANTÔNIO BRANDÃO",
                                                    unicodedata.normalize("NFD", VICTIM), "  José Antônio   Brandão "])))
def test_the_real_patient_is_recognised_whatever_the_case_accents_or_unicode_form(url, clinics, seed, typed):
    victim = make_cpf(5100 + seed)
    day, time, code = book(url, victim)
    mine = listed(url, victim, typed, [code])["structuredContent"]["appointments"]
    assert [(a["date"], a["time"]) for a in mine] == [(day, time)]
    assert cancel(url, victim, typed, day, time, code)["isError"] is False
    assert held(clinics, victim) == ([], VICTIM)
