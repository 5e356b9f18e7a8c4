"""The dialogue state: what each answer leaves waiting, what the next message may answer, and how it is stored."""
from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.dialogue import (AfterEmergency, AskingWho, AwaitingChoice, AwaitingConfirmation, BookingsShown,
                                          Choosing, DialogueState, DoctorsOffered, Held, Idle, JustBooked, Offered,
                                          SafetyAsked)
from agent_system.domain.pending import PendingAction, PendingChange
from agent_system.domain.plan import Clarification, DoctorChoice, Intent, Plan, Step
from agent_system.domain.tools import Tool

SLOTS = [SlotOffer(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-11-24", time=t) for t in ("10:00", "14:00")]
BOOKING = AppointmentItem(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-11-24", time="09:00",
                          status="booked", code="K7M4QP")
MADE = BOOKING.model_copy(update={"status": "confirmed"})
CHANGE = PendingChange(action="cancel", appointment=BOOKING)
WHICH = PendingAction(action="cancel")
STATE = TypeAdapter(DialogueState)


def answered(plan: Plan, state: DialogueState | None = None, slots=(), appointments=(), offer=None):
    return (state or Idle()).after_answer(plan, list(slots), list(appointments), offer)


def test_a_listing_is_chosen_from_and_outlives_the_answers_that_list_nothing():
    listed = answered(Plan(intents=[Intent.LIST]), slots=SLOTS)
    assert isinstance(listed, Choosing) and listed.choosing() and listed.listed == SLOTS
    later = answered(Plan(intents=[Intent.PRICE]), listed)
    assert isinstance(later, Idle) and not later.choosing() and later.listed == SLOTS
    assert answered(Plan(intents=[Intent.CHOOSE_SLOT]), later).choosing()


def test_a_change_to_confirm_keeps_the_choice_that_led_to_it():
    state = answered(Plan(intents=[Intent.MY_APPOINTMENTS], awaiting=CHANGE, pending=WHICH))
    assert isinstance(state, AwaitingConfirmation)
    assert (state.pending_change(), state.pending_action(), state.just_booked()) == (CHANGE, WHICH, None)


def test_a_cancel_missing_its_booking_waits_for_the_choice():
    state = answered(Plan(intents=[Intent.CLARIFY], pending=WHICH))
    assert isinstance(state, AwaitingChoice) and (state.pending_action(), state.pending_change()) == (WHICH, None)
    assert not state.choosing()


def test_a_move_that_lists_its_new_slots_waits_for_one_of_them():
    move = PendingAction(action="reschedule", appointment=BOOKING)
    state = answered(Plan(intents=[Intent.RESCHEDULE], pending=move), slots=SLOTS)
    assert isinstance(state, AwaitingChoice) and state.pending_action() == move
    assert state.choosing() and state.listed == SLOTS


@pytest.mark.parametrize("action", ["book_overlap", "book_pick"])
def test_a_held_booking_waits_for_a_yes(action):
    state = answered(Plan(intents=[Intent.OVERLAP], pending=PendingAction(action=action, slot=SLOTS[0])))
    assert isinstance(state, Held) and not state.choosing()
    assert state.pending_action() == PendingAction(action=action, slot=SLOTS[0])


def test_a_slot_offered_with_its_listing_waits_for_a_yes_among_the_listed():
    state = answered(Plan(intents=[Intent.LIST], asked_slot=SLOTS[1]), slots=SLOTS, offer=SLOTS[1])
    assert isinstance(state, Offered) and state.choosing() and state.listed == SLOTS
    assert state.pending_action() == PendingAction(action="book_pick", slot=SLOTS[1])


def test_one_booking_made_is_the_one_a_correction_means_and_two_are_neither():
    state = answered(Plan(intents=[Intent.BOOK]), appointments=[MADE])
    assert isinstance(state, JustBooked) and state.just_booked() == MADE
    other = MADE.model_copy(update={"time": "11:00", "code": "P3Q4R5"})
    assert isinstance(answered(Plan(intents=[Intent.BOOK]), appointments=[MADE, other]), Idle)
    shown = answered(Plan(intents=[Intent.MY_APPOINTMENTS]), appointments=[BOOKING])
    assert isinstance(shown, BookingsShown) and shown.just_booked() is None and shown.bookings_shown()


def test_numbered_doctors_are_what_a_bare_number_names():
    doctors = [DoctorChoice(doctor=d, clinic="clinic_a") for d in ("Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza")]
    state = answered(Plan(intents=[Intent.CLARIFY], clarification=Clarification(doctors=doctors)))
    assert isinstance(state, DoctorsOffered) and state.offered_doctors() == ["Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza"]


def test_an_emergency_drops_what_waited_and_keeps_the_listing_and_contacts():
    waiting = answered(Plan(awaiting=CHANGE), Idle(contacts=["clinic_a"]), slots=SLOTS)
    state = waiting.after_emergency("cardiac")
    assert isinstance(state, AfterEmergency) and (state.pending_change(), state.pending_action()) == (None, None)
    following = state.next_message()
    assert following == Idle(listed=SLOTS, contacts=["clinic_a"])


def test_a_safety_question_over_a_listing_lapses_into_the_listing_choice():
    listed = answered(Plan(intents=[Intent.LIST]), slots=SLOTS)
    state = listed.asked_safety("medical")
    assert isinstance(state, SafetyAsked) and state.category == "medical" and state.choosing()
    assert state.next_message() == listed


def test_a_safety_question_never_replaces_a_question_waiting_for_a_yes():
    waiting = answered(Plan(awaiting=CHANGE))
    assert waiting.asked_safety("medical") == waiting


def test_asking_whom_an_appointment_is_for_waits_for_the_person_and_any_other_answer_drops_it():
    ask = Plan(intents=[Intent.ASK_DEPENDANT], relation="filho", request="quero marcar dermato pro meu filho")
    asked = answered(ask, Idle(listed=SLOTS))
    assert asked == AskingWho(relation="filho", request="quero marcar dermato pro meu filho", listed=SLOTS)
    assert answered(Plan(intents=[Intent.LIST]), asked) == Idle(listed=SLOTS)
    over = asked.asked_safety("medical")  # "is someone in danger?" led the question: a yes is that emergency
    assert isinstance(over, SafetyAsked) and over.next_message() == asked


def test_the_clinics_whose_phones_a_patient_asking_for_a_person_got_stay_with_every_later_state():
    person = Plan(intents=[Intent.PERSON], steps=[Step(step_id=1, clinic="clinic_b", action=Tool.GET_CLINIC_INFO)])
    state = answered(person)
    assert state.contacts == ["clinic_b"]
    state = answered(Plan(intents=[Intent.LIST]), state, slots=SLOTS).after_emergency("cardiac").next_message()
    assert state.contacts == ["clinic_b"]


@pytest.mark.parametrize("state", [
    Idle(), Choosing(listed=SLOTS), Offered(slot=SLOTS[0], listed=SLOTS), Held(slot=SLOTS[0], action="book_overlap"),
    AwaitingChoice(asked=WHICH), AwaitingConfirmation(change=CHANGE, asked=WHICH), JustBooked(appointment=MADE),
    DoctorsOffered(doctors=["Dr. Ricardo Lopes"]), AskingWho(relation="mãe", request="ortopedia pra minha mãe"),
    AfterEmergency(category="cardiac"), SafetyAsked(category="medical", over=JustBooked(appointment=MADE)),
])
def test_every_state_is_stored_and_read_back_as_itself(state):
    assert STATE.validate_json(STATE.dump_json(state)) == state
