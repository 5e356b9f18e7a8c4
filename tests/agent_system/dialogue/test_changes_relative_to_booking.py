"""A change said relative to the booking it moves: a weekday that only points at the booking, hours with the verb
first, another part of the booking's own day, the next free slot after it, two bookings that both fit.

The readings are checked on their own; the moves against the real clinics, in the stores: nothing moves before the
patient's yes, and nothing ever moves to a day the patient did not say.
"""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.domain.appointments import AppointmentItem
from agent_system.domain.patient import Patient
from agent_system.language.text import normalize
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading import asks
from agent_system.dialogue.reading.relative_change import SlotClues, relative_change
from agent_system.dialogue.reading.spoken_days import spell_out_days
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, moved_with_a_yes, run_turn

TODAY = date(2026, 11, 23)  # a Monday


def read(text: str):
    return relative_change(spell_out_days(normalize(text)), TODAY)


@pytest.mark.parametrize(("text", "weekday"), [
    ("the Friday one, make it an hour and a half later", 4), ("my Tuesday appointment, half an hour earlier", 1),
    ("a de sexta, uma hora mais tarde", 4), ("a consulta de quarta, meia hora antes", 2),
])
def test_a_weekday_that_points_at_the_booking_is_not_its_new_day(text, weekday):
    found = read(text)
    assert found.booking == SlotClues(weekdays=(weekday,)) and not found.names_weekday


@pytest.mark.parametrize("text", ["instead of Tuesday, could I come on the Friday of that same week at 8?",
                                  "pode ser na sexta que vem?"])
def test_a_weekday_that_names_the_new_day_stays_the_new_day(text):
    found = read(text)
    assert found.booking is None and found.names_weekday


@pytest.mark.parametrize(("text", "minutes"), [
    ("push it back an hour", 60), ("adianta meia hora", -30), ("bring it forward by two hours", -120),
    ("atrasa uma hora e meia", 90), ("can you make it an hour and a half later?", 90),
    ("pode ser 1h depois?", 60), ("consegue adiantar 30 min?", -30), ("quinze minutos mais tarde", 15),
])
def test_hours_with_the_verb_first_shift_the_time(text, minutes):
    assert read(text).shift_minutes == minutes


@pytest.mark.parametrize("text", ["consegue deixar mais pro fim da tarde?", "passa pra parte da tarde, msm dia",
                                  "quero trocar para o período da tarde",
                                  "later in the afternoon if possible", "could you move it to the morning?"])
def test_another_part_of_the_booking_day(text):
    found = read(text)
    assert found.to_day_part and found.moves


@pytest.mark.parametrize("text", ["me coloca no primeiro horario vago depois desse",
                                  "whatever opens up next after that booking, move me there",
                                  "the next available slot with her after that one",
                                  "volta uma semana pfv, mesma hora"])
def test_more_ways_of_saying_the_next_slot_or_a_week_back(text):
    found = read(text)
    assert found.next_free or found.shift_days == -7


@pytest.mark.parametrize(("text", "sooner"), [("dá pra ser mais tarde?", False), ("um pouco mais tarde da pra?", False),
                                             ("can I come a bit earlier?", True), ("could you make it earlier?", True)])
def test_later_or_earlier_said_bare_is_that_day(text, sooner):
    found = read(text)
    assert found.next_free and found.same_day and found.sooner == sooner


@pytest.mark.parametrize("text", ["I'll come back later", "me liga mais tarde", "can it be later this week?",
                                  "mais tarde eu vejo"])
def test_later_that_is_no_move(text):
    assert not read(text).moves


@pytest.mark.parametrize(("text", "days"), [("pode ser 7 dias depois?", 7), ("dez dias antes", -10),
                                            ("four days later", 4)])
def test_days_counted_past_three(text, days):
    assert read(text).shift_days == days


def test_the_friday_one_moves_on_its_own_day_never_a_week_on(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97601)))
    turns = ["Book Dr. Rafael Moreira on November 26 at 10 AM", "Book Dra. Mariana Alves on November 27 at 9 AM"]
    try:
        asked, before, after = moved_with_a_yes(pipeline, clinics, conversation, turns,
                                      "the Friday one, make it an hour and a half later", "yes")
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert ("clinic_f", "Dra. Mariana Alves", "2026-11-27", "09:00") in before
        assert after == [("clinic_e", "Dr. Rafael Moreira", "2026-11-26", "10:00"),
                         ("clinic_f", "Dra. Mariana Alves", "2026-11-27", "10:30")]
    finally:
        give_back(clinics, conversation)


def test_the_afternoon_of_the_same_day_offers_its_only_slot(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97602)))
    try:
        asked, before, after = moved_with_a_yes(pipeline, clinics, conversation,
                                      ["Quero marcar com o Dr. Rafael Moreira dia 01/12 às 8h"],
                                      "passa pra parte da tarde, msm dia", "sim")
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert before == [("clinic_e", "Dr. Rafael Moreira", "2026-12-01", "08:00")]
        assert after == [("clinic_e", "Dr. Rafael Moreira", "2026-12-01", "14:30")]
    finally:
        give_back(clinics, conversation)


def test_later_that_afternoon_lists_the_slots_of_that_day_and_moves_nothing(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97603)))
    try:
        run_turn(pipeline, conversation, "Quero marcar com o Dr. Eduardo Nunes dia 02/12 às 13h")
        _, listed = run_turn(pipeline, conversation, "consegue deixar mais pro fim da tarde?")
        assert {(s.date, s.time) for s in listed.slots} == {("2026-12-02", "14:00"), ("2026-12-02", "15:00"),
                                                            ("2026-12-02", "16:00")}
        assert listed.confirm is None
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_f", "Dr. Eduardo Nunes", "2026-12-02", "13:00")]
    finally:
        give_back(clinics, conversation)


def test_two_bookings_that_both_fit_ask_which_and_move_nothing(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97604)))
    try:
        for turn in ("Book Dra. Patrícia Gomes on December 4 at 9 AM", "Book Dr. Eduardo Nunes, 2 December, 1 PM"):
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, asked = run_turn(pipeline, conversation, "push it back an hour please")
        assert asked.confirm is None and "Patrícia" in asked.text and "Eduardo" in asked.text and "?" in asked.text
        assert all_store_bookings(clinics, conversation.patient.cpf) == before and len(before) == 2
    finally:
        give_back(clinics, conversation)


def test_earlier_that_day_offers_the_free_slot_right_before(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Paiva Matos", normalize_cpf(make_cpf(97605)))
    try:
        asked, before, after = moved_with_a_yes(pipeline, clinics, conversation,
                                      ["Quero marcar com a Dra. Luciana Freitas dia 02/12 às 13h30"],
                                      "dá pra ser um pouco mais cedo?", "sim")
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        assert before == [("clinic_e", "Dra. Luciana Freitas", "2026-12-02", "13:30")]
        assert after == [("clinic_e", "Dra. Luciana Freitas", "2026-12-02", "10:30")]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("text", "listed_day"), [
    ("prefiro quinta", "2026-11-26"), ("sexta seria melhor", "2026-11-27"), ("tem como ser na sexta?", "2026-11-27"),
    ("Friday would work better", "2026-11-27"),
])
def test_another_day_preferred_right_after_a_booking_offers_that_day(planner, text, listed_day):
    made = AppointmentItem(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00",
                           status="booked")
    conversation = Conversation(patient=Patient(name="Irene Paiva Matos", cpf=normalize_cpf(make_cpf(97606))),
                                appointments=[made], just_booked=made)
    plan = planner.decompose(text, conversation, TODAY)
    assert [(s.action, s.parameters) for s in plan.steps] == [
        ("list_available_slots", {"doctor": "Dr. Ricardo Lopes", "date": listed_day})]
    assert plan.pending is not None and plan.pending.action == "reschedule" and plan.awaiting is None


TWO_BOOKINGS = [AppointmentItem(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00",
                                status="booked"),
                AppointmentItem(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-26", time="14:00",
                                status="booked")]


@pytest.mark.parametrize(("text", "doctor", "new", "computed"), [
    ("a consulta das 9 pode ser as 10h30?", "Dr. Ricardo Lopes", ("2026-11-25", "10:30"), False),
    ("can the 2 pm one be moved to 3 pm?", "Dra. Camila Rocha", ("2026-11-26", "15:00"), False),
    ("quero mudar a de quarta pra segunda que vem as 9", "Dr. Ricardo Lopes", ("2026-11-30", "09:00"), False),
    ("the one on the 25th, push it a week", "Dr. Ricardo Lopes", ("2026-12-02", "09:00"), True),
    ("move Dr. Ricardo to Friday same time", "Dr. Ricardo Lopes", ("2026-11-27", "09:00"), True),
    ("a de quinta, uma semana depois", "Dra. Camila Rocha", ("2026-12-03", "14:00"), True),
])
def test_the_booking_said_with_its_new_slot_among_two(planner, text, doctor, new, computed):
    """A new slot the patient said waits for a yes at once; one computed from the booking is first asked of its
    doctor's clinic for that day (it waits for a yes only if free there)."""
    conversation = Conversation(patient=Patient(name="Irene Paiva Matos", cpf=normalize_cpf(make_cpf(97607))),
                                appointments=TWO_BOOKINGS)
    plan = planner.decompose(text, conversation, TODAY)
    change = plan.checked_move if computed else plan.awaiting
    assert change is not None and (change.appointment.doctor, change.new_date, change.new_time) == (doctor, *new)
    listed = [("list_available_slots", {"doctor": doctor, "date": new[0]})] if computed else []
    assert [(s.action, s.parameters) for s in plan.steps] == listed


@pytest.mark.parametrize(("text", "moves"), [
    ("passa a consulta da dermato pro dia 3/12, 15h", True), ("passa a do dr. ricardo pro dia 4", True),
    ("me passa os horarios pra amanha", False), ("me passa as vagas pra sexta", False),
])
def test_a_verb_of_moving_with_the_booking_in_between_but_never_a_listing(text, moves):
    assert bool(asks.MOVE_TO.search(normalize(text))) == moves
