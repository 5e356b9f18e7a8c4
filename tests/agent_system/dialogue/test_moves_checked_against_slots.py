"""A change said relative to a slot is checked against the clinic before anything waits for a yes: after a booking
that failed (the slot was taken), "empurra ela uma hora pra frente" asks for the moved slot as a new request; a move
of a booking computed from it ("an hour later", "same time on Thursday") is offered only when that doctor's listing of
the day shows it free, and otherwise that day's real slots are shown. Also: "the following Wednesday", a person
asked for in new words, ", then" between two requests, the weekday "of that week", and one more whole slot after a
booking request ("e com o dr X sexta às 15h30"). Real clinics for the outcomes, read from the stores.
"""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.domain.appointments import AppointmentItem
from agent_system.domain.patient import Patient
from agent_system.language.text import normalize
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading import asks
from agent_system.dialogue.reading.continued_request import continues_a_request
from agent_system.dialogue.reading.dates import find_dates
from agent_system.dialogue.reading.human_contact import asks_person
from agent_system.dialogue.reading.relative_change import relative_change
from agent_system.dialogue.reading.requests import split_requests
from agent_system.dialogue.reading.write_intent import is_write_request
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import CLINIC_TODAY, all_store_bookings, give_back, make_cpf, run_turn

TODAY = date.fromisoformat(CLINIC_TODAY)


@pytest.mark.parametrize(("number", "taken", "moved", "yes", "booked"), [
    (98311, "marca com a dra patricia gomes sexta 27 as 9h", "empurra ela uma hora pra frente", "sim",
     ("clinic_d", "Dra. Patrícia Gomes", "2026-11-27", "10:00")),
    (98312, "marca com a dra ana beatriz quinta 26 as 14h30", "joga pra uma semana depois no msm horario", "sim",
     ("clinic_a", "Dra. Ana Beatriz Souza", "2026-12-03", "14:30")),
    (98313, "Book Dra. Luciana Freitas, 27 November, 3 PM", "then try 90 minutes later on that day", "yes",
     ("clinic_e", "Dra. Luciana Freitas", "2026-11-27", "16:30")),
])
def test_a_change_after_a_failed_booking_asks_for_the_moved_slot(pipeline, new_conversation, clinics, number, taken,
                                                                 moved, yes, booked):
    conversation = new_conversation("Bruna Teles Amaral", normalize_cpf(make_cpf(number)))
    try:
        run_turn(pipeline, conversation, taken)
        _, offered = run_turn(pipeline, conversation, moved)
        assert offered.confirm is not None and offered.confirm.action == "book"
        assert (offered.confirm.appointment.date, offered.confirm.appointment.time) == booked[2:]
        assert all_store_bookings(clinics, conversation.patient.cpf) == []  # offered, not booked
        run_turn(pipeline, conversation, yes)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("number", "turns", "moved", "shown"), [
    # a failed booking, then a moved slot the doctor does not have: said so, that day's real slots shown
    (98314, ["marca com o dr rafael moreira terça 24 as 9h"], "empurra uma hora entao",
     {("Dr. Rafael Moreira", "2026-11-24", "08:00"), ("Dr. Rafael Moreira", "2026-11-24", "14:30")}),
    # a booking shifted to a slot that does not exist: never offered, the booking kept
    (98315, ["Quero marcar com a Dra. Camila Rocha dia 26/11 às 16h"], "passa uma hora pra frente",
     {("Dra. Camila Rocha", "2026-11-26", "14:00"), ("Dra. Camila Rocha", "2026-11-26", "15:00")}),
    (98316, ["Book Dra. Juliana Castro, 30 November, 4:30 PM"], "shift it over to Thursday the 3rd of December, keep "
     "the hour", {("Dra. Juliana Castro", "2026-12-03", t) for t in ("08:00", "09:30", "11:00")}),
])
def test_a_computed_slot_that_does_not_exist_is_never_offered(pipeline, new_conversation, clinics, number, turns,
                                                              moved, shown):
    conversation = new_conversation("Bruna Teles Amaral", normalize_cpf(make_cpf(number)))
    try:
        for turn in turns:
            run_turn(pipeline, conversation, turn)
        before = all_store_bookings(clinics, conversation.patient.cpf)
        _, answer = run_turn(pipeline, conversation, moved)
        assert answer.confirm is None
        # that day's real slots (another test of the session may hold one of them)
        assert answer.slots and {(s.doctor, s.date, s.time) for s in answer.slots} <= shown
        assert all_store_bookings(clinics, conversation.patient.cpf) == before
    finally:
        give_back(clinics, conversation)


def test_a_real_slot_picked_after_the_check_is_moved_on_the_yes(pipeline, new_conversation, clinics):
    conversation = new_conversation("Bruna Teles Amaral", normalize_cpf(make_cpf(98317)))
    try:
        run_turn(pipeline, conversation, "Book Dr. Fernando Mendes on December 1 at 2 PM")
        _, checked = run_turn(pipeline, conversation, "could we make it two hours later?")
        assert checked.confirm is None  # 16:00 does not exist that day
        _, asked = run_turn(pipeline, conversation, "ok, 10 am then")
        assert asked.confirm is not None and asked.confirm.action == "reschedule"
        run_turn(pipeline, conversation, "yes")
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_c", "Dr. Fernando Mendes", "2026-12-01", "10:00")]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("text", "day"), [
    ("o que a dra luciana tem na quarta da outra semana?", "2026-12-02"),
    ("agenda a dra camila rocha pra quinta da outra semana, 15h", "2026-12-03"),
    ("move it to the following Wednesday, same time", "2026-12-02"),
    ("da pra ser na outra quarta no mesmo horario?", "2026-12-02"),
    ("what about Friday of next week?", "2026-12-04"),
    ("e na terça seguinte, msm horario?", "2026-12-01"),
])
def test_a_weekday_of_the_other_week(text, day):
    assert [d.isoformat() for d in find_dates(normalize(text), TODAY)] == [day]


@pytest.mark.parametrize(("text", "days", "minutes"), [
    ("empurra ela uma hora pra frente", None, 60), ("joga 1h30 pra frente", None, 90),
    ("then try 90 minutes later on that day", None, 90), ("fine, shift that by seven days, keeping the hour", 7, None),
    ("Can you push that back exactly one week?", 7, None), ("adianta a consulta meia hora", None, -30),
])
def test_shifts_in_more_words(text, days, minutes):
    change = relative_change(normalize(text), TODAY)
    assert (change.shift_days, change.shift_minutes) == (days, minutes)


@pytest.mark.parametrize(("text", "person"), [
    ("tem alguém de carne e osso aí?", True), ("queria resolver isso com gente, nao com maquina", True),
    ("put me through to the receptionist please", True), ("is there a staff member I could reach?", True),
    ("the front desk, please", True), ("o dr rafael atende gente de todas as idades?", False),
])
def test_a_person_asked_for_in_new_words(text, person):
    assert asks_person(normalize(text)) is person


def test_then_starts_another_request():
    message = "Book Dra. Juliana Castro December 3 at 11 AM, then list Dr. Fernando Mendes on December 4"
    assert split_requests(message, lambda part: True, lambda part: "list" in part) == [
        "Book Dra. Juliana Castro December 3 at 11 AM", "list Dr. Fernando Mendes on December 4"]


@pytest.mark.parametrize(("text", "person"), [
    ("I'd rather deal with an actual person", True), ("can I just ring the clinic?", True),
    ("hi, I need a human being please", True), ("me transfere pro atendimento, por favor", True),
    ("I need a new appointment", False), ("quero ver o atendimento de sexta", False),
])
def test_a_person_or_the_clinic_s_phone(text, person):
    assert asks_person(normalize(text)) is person


def test_the_friday_of_that_week_is_in_the_booking_s_week(planner):
    made = AppointmentItem(clinic="clinic_d", doctor="Dra. Patrícia Gomes", date="2026-12-01", time="11:00",
                           status="booked")
    conversation = Conversation(patient=Patient(name="Irene Paiva Matos", cpf=normalize_cpf(make_cpf(98318))),
                                appointments=[made], just_booked=made)
    for text in ("could it be on the Friday of that week instead?", "could it be on the Friday of that week, same hour?"):
        plan = planner.decompose(text, conversation, TODAY)
        assert [s.parameters.get("date") for s in plan.steps] == ["2026-12-04"], text  # never Friday the 27th


@pytest.mark.parametrize(("text", "moves"), [
    ("da pra passar minha consulta pro mesmo horario da outra semana", True),
    ("me passa os horarios pra semana seguinte", False),
])
def test_a_move_with_the_booking_as_its_object(text, moves):
    assert bool(asks.MOVE_TO.search(normalize(text))) is moves


def test_one_more_whole_slot_after_a_booking_request_books_it(pipeline, new_conversation, clinics):
    conversation = new_conversation("Bruna Teles Amaral", normalize_cpf(make_cpf(98319)))
    try:
        run_turn(pipeline, conversation, "reserva pra mim a patricia gomes, 1/12, 15h")
        run_turn(pipeline, conversation, "tb paulo henrique lima, 4/12, 15h30")
        _, asked = run_turn(pipeline, conversation, "e fernando mendes, 4/12, 8h?")  # a question stays one
        assert asked.confirm is not None and asked.confirm.action == "book"
        assert all_store_bookings(clinics, conversation.patient.cpf) == [
            ("clinic_b", "Dr. Paulo Henrique Lima", "2026-12-04", "15:30"),
            ("clinic_d", "Dra. Patrícia Gomes", "2026-12-01", "15:00")]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("message", "previous", "continues"), [
    ("and Luciana Freitas, Dec 4, 2 pm", "please book Rafael Moreira, Dec 1, 8 am", True),
    ("and Luciana Freitas, Dec 4, 2 pm?", "please book Rafael Moreira, Dec 1, 8 am", False),
    ("and Luciana Freitas, Dec 4, 2 pm", "what has Rafael Moreira got on Dec 1?", False),
    ("Luciana Freitas, Dec 4, 2 pm", "please book Rafael Moreira, Dec 1, 8 am", False),
])
def test_one_more_booking_continues_only_a_request(message, previous, continues):
    assert continues_a_request(message, True, previous, frozenset()) is continues


def test_leave_it_booked_is_a_request():
    assert is_write_request("pode deixar marcado dr marcelo tavares quarta 2/12 15h30")
