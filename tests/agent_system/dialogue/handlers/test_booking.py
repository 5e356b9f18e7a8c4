"""Booking from the message or the last listing: a doctor, a day and a time asked to book are booked at that
doctor's clinic; a pick from the listing ("o primeiro", "às 14h") books the one slot it fits; several fitting
slots, or a question about them, list those doctors again."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import Choosing
from agent_system.dialogue.handlers.booking import Booking
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import (FERNANDO, FERNANDO_LISTING, RICARDO, book, conversation,
                                                      intents_of, listing, slot, steps_of)


def listed():
    return conversation(state=Choosing(listed=FERNANDO_LISTING))


def test_doctor_day_and_time_asked_to_book_are_booked(planner):
    plan = planned(Booking(), planner, "Quero agendar com Dr. Ricardo Lopes no dia 25/11/2026 às 09:00",
                   conversation())
    assert (steps_of(plan), intents_of(plan)) == (book("clinic_a", RICARDO, "2026-11-25", "09:00"), ["book"])


@pytest.mark.parametrize(("message", "picked"), [("quero o primeiro", ("2026-11-24", "10:00")),
                                                 ("marca o das 14h", ("2026-11-24", "14:00"))])
def test_a_pick_from_the_listing_books_that_slot(planner, message, picked):
    plan = planned(Booking(), planner, message, listed())
    assert (steps_of(plan), intents_of(plan)) == (book("clinic_c", FERNANDO, *picked), ["book"])


def test_a_question_about_a_listed_slot_lists_again_and_offers_it(planner):
    plan = planned(Booking(), planner, "e às 14h?", listed())
    assert (steps_of(plan), intents_of(plan)) == (listing("clinic_c", doctor=FERNANDO, date="2026-11-24"), ["list"])
    assert plan.asked_slot == slot("clinic_c", FERNANDO, "2026-11-24", "14:00")


def test_several_fitting_slots_are_listed_to_choose_from(planner):
    plan = planned(Booking(), planner, "quero marcar às 10h", listed())
    assert steps_of(plan) == listing("clinic_c", doctor=FERNANDO)
    assert intents_of(plan) == ["book"]


@pytest.mark.parametrize("message", ["o Dr. Ricardo Lopes tem amanhã às 10h?", "quero marcar cardiologia"])
def test_without_a_listing_a_question_or_a_specialty_books_nothing(planner, message):
    assert not applies(Booking(), planner, message, conversation())


def test_a_time_no_listed_slot_has_is_no_pick(planner):
    assert not applies(Booking(), planner, "quero às 12h", listed())
