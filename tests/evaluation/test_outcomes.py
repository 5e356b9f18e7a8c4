"""The outcome judge on hand-made records: the exact slot, nothing else changed, the exact listing."""
from __future__ import annotations

from datetime import date

import pytest

from tests.evaluation.cases import Case
from tests.evaluation.outcomes import field_problems, outcome_problems, step_checks

TODAY = date(2026, 11, 23)
SLOT = ["clinic_a", "Dr. Ricardo Lopes", "2026-11-25", "10:30"]
OTHER = ["clinic_a", "Dr. Ricardo Lopes", "2026-11-25", "15:00"]
BOOK = (("clinic_a", "book_appointment"),)
LIST = (("clinic_a", "list_available_slots"), ("clinic_c", "list_available_slots"))


def frozen(outcome, expected=BOOK, params=({"doctor": "Dr. Ricardo Lopes", "date": "2026-11-25", "time": "10:30"},),
           category="agendar") -> Case:
    return Case("T", "mensagem", category, expected, suite="congelado", expected_params=params, outcome=outcome)


def record(booked=(), released=(), slots=(), appointments=(), own_after=()):
    return {"store_change": {"booked": [{"slot": s, "own": own} for s, own in booked],
                             "released": [{"slot": s, "own": own} for s, own in released]},
            "answer_slots": list(slots), "answer_appointments": list(appointments), "own_bookings_after": list(own_after)}


def test_a_booking_passes_only_with_the_exact_slot_and_nothing_else():
    case = frozen({"agendada": SLOT})
    assert outcome_problems(case, record(booked=[(SLOT, True)])) == []
    assert outcome_problems(case, record(booked=[(OTHER, True)])) == [
        "reservado clinic_a|Dr. Ricardo Lopes|2026-11-25|15:00; esperado clinic_a|Dr. Ricardo Lopes|2026-11-25|10:30"]
    assert outcome_problems(case, record()) != []
    assert outcome_problems(case, record(booked=[(SLOT, True)], released=[(OTHER, False)])) == [
        "alterou consulta de outro paciente: clinic_a|Dr. Ricardo Lopes|2026-11-25|15:00",
        "liberado clinic_a|Dr. Ricardo Lopes|2026-11-25|15:00; esperado nada"]


def test_two_bookings_in_one_message_pass_only_when_both_are_made():
    case = frozen({"agendada": [SLOT, OTHER]})
    assert outcome_problems(case, record(booked=[(OTHER, True), (SLOT, True)])) == []
    assert outcome_problems(case, record(booked=[(SLOT, True)])) == [
        "reservado clinic_a|Dr. Ricardo Lopes|2026-11-25|10:30; esperado clinic_a|Dr. Ricardo Lopes|2026-11-25|10:30, "
        "clinic_a|Dr. Ricardo Lopes|2026-11-25|15:00"]


def test_cancel_reschedule_and_kept_bookings_are_read_from_the_store():
    assert outcome_problems(frozen({"cancelada": SLOT}), record(released=[(SLOT, True)])) == []
    moved = frozen({"remarcada": {"de": SLOT, "para": OTHER}})
    assert outcome_problems(moved, record(booked=[(OTHER, True)], released=[(SLOT, True)])) == []
    assert outcome_problems(moved, record(booked=[(OTHER, True)])) != []
    kept = frozen({"mantidas": [SLOT]}, expected=(), params=())
    assert outcome_problems(kept, record(own_after=[SLOT])) == []
    assert outcome_problems(kept, record()) == [
        "a consulta clinic_a|Dr. Ricardo Lopes|2026-11-25|10:30 devia continuar marcada e não está"]


def test_a_listing_must_offer_exactly_the_expected_slots_and_write_nothing():
    case = frozen({"horarios": ["|".join(SLOT)]}, expected=LIST, params=({}, {}), category="listar")
    assert outcome_problems(case, record(slots=[SLOT])) == []
    assert outcome_problems(case, record(slots=[SLOT, OTHER])) == [
        "horários oferecidos: sobram clinic_a|Dr. Ricardo Lopes|2026-11-25|15:00"]
    assert outcome_problems(case, record()) == ["horários oferecidos: faltam clinic_a|Dr. Ricardo Lopes|2026-11-25|10:30"]
    assert outcome_problems(case, record(slots=[SLOT], booked=[(OTHER, True)])) != []


def test_a_refusal_fails_when_anything_was_written():
    case = frozen({}, expected=(), params=(), category="erro_privacidade")
    assert outcome_problems(case, record()) == []
    assert outcome_problems(case, record(booked=[(SLOT, True)])) != []


@pytest.mark.parametrize(("category", "change", "ok"), [
    ("listar", record(booked=[(SLOT, True)]), False),
    ("agendar", record(booked=[(SLOT, True)]), True),
    ("agendar", record(booked=[(SLOT, True), (OTHER, True)]), False),
    ("cancelar", record(released=[(SLOT, False)]), False),
])
def test_development_cases_are_held_to_the_generic_rule(category, change, ok):
    case = Case(1, "mensagem", category, ())
    assert (outcome_problems(case, change) == []) is ok


def test_tca_reports_each_wrong_field_of_a_step():
    case = frozen({"agendada": SLOT})
    planned = [{"clinic": "clinic_a", "action": "book_appointment",
                "parameters": {"doctor": "dr. ricardo lopes", "date": "2026-11-25", "time": "15:00"}}]
    (check,) = step_checks(case, planned, TODAY)
    assert check.problems == ("time: esperado 10:30, planejado 15:00",)
    assert step_checks(case, [], TODAY)[0].problems == ("não planejado",)


@pytest.mark.parametrize(("wanted", "got", "ok"), [
    ({"date_from": "2026-11-27", "date_to": "2026-11-27"}, {"date": "2026-11-27"}, True),
    ({"date_from": "2026-11-30", "date_to": "2026-12-04"}, {"date_from": "2026-11-30", "date_to": "2026-12-06"}, True),
    ({}, {"date_from": "2026-11-23"}, True),
    ({"date_from": "2026-12-01", "date_to": "2026-12-03"}, {"date": "2026-12-03"}, False),
    ({}, {"doctor": "Dr. Ricardo Lopes"}, False),
])
def test_listing_filters_compare_the_working_days_they_cover(wanted, got, ok):
    assert (field_problems("list_available_slots", wanted, got, TODAY) == []) is ok


def test_a_booking_for_a_dependant_is_judged_by_whom_it_is_held_for():
    para = {"nome": "Lucas Prado Vasconcelos", "cpf": "272.070.819-44"}
    case = frozen({"agendada": SLOT, "para": para})
    held = {"slot": SLOT, "own": True, "para": {"nome": "Lucas Prado Vasconcelos", "cpf_mascarado": "***.070.819-**"}}
    change = {"booked": [held], "released": []}
    assert outcome_problems(case, {**record(), "store_change": change}) == []
    wrong = {"booked": [{**held, "para": {"nome": "Outra Pessoa", "cpf_mascarado": "***.070.819-**"}}], "released": []}
    assert outcome_problems(case, {**record(), "store_change": wrong}) != []
    assert outcome_problems(case, record(booked=[(SLOT, True)])) != []  # held under the patient instead
    assert outcome_problems(frozen({"agendada": SLOT}), {**record(), "store_change": change}) != []


def test_a_request_for_a_person_needs_a_phone_and_no_write():
    case = frozen({"atendente": True}, expected=(), params=(), category="fora_de_escopo")
    assert outcome_problems(case, {**record(), "answer_gives_phone": True}) == []
    assert outcome_problems(case, {**record(), "answer_gives_phone": False}) != []
    assert outcome_problems(case, {**record(booked=[(SLOT, True)]), "answer_gives_phone": True}) != []
