"""Listing: a named doctor's clinic only (doctor filter), a named clinic, or every clinic of a specialty (Rule 10),
with the dates asked; a pick that fits no listed slot lists the last listing again; a request for advice is
refused alongside (alone, with no step), and a specialty the federation lacks is named."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import Choosing
from agent_system.dialogue.handlers.listing import Listing
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import (CARDIO, FERNANDO, FERNANDO_LISTING, NEXT_WEEK, RICARDO,
                                                      conversation, intents_of, listing, slot, steps_of)


def test_every_clinic_of_the_specialty_is_asked(planner):
    plan = planned(Listing(), planner, "quero marcar cardiologia semana que vem", conversation())
    assert (steps_of(plan), intents_of(plan)) == (listing(*CARDIO, **NEXT_WEEK), ["book"])


def test_a_named_doctor_is_asked_at_that_clinic_only(planner):
    plan = planned(Listing(), planner, "horários do Dr. Ricardo Lopes amanhã", conversation())
    assert (steps_of(plan), intents_of(plan)) == (listing("clinic_a", doctor=RICARDO, date="2026-11-24"), ["list"])


def test_a_slot_asked_about_lists_its_day_and_is_offered(planner):
    plan = planned(Listing(), planner, "o Dr. Ricardo Lopes tem amanhã às 10h?", conversation())
    assert steps_of(plan) == listing("clinic_a", doctor=RICARDO, date="2026-11-24")
    assert plan.asked_slot == slot("clinic_a", RICARDO, "2026-11-24", "10:00")


def test_a_pick_no_listed_slot_fits_lists_the_last_listing_again(planner):
    plan = planned(Listing(), planner, "quero às 12h", conversation(state=Choosing(listed=FERNANDO_LISTING)))
    assert (steps_of(plan), intents_of(plan)) == (listing("clinic_c", doctor=FERNANDO), ["book"])


def test_advice_alone_is_refused_without_steps(planner):
    plan = planned(Listing(), planner, "que remédio eu tomo pra dor no joelho?", conversation())
    assert (plan.steps, intents_of(plan)) == ([], ["medical_advice"])


def test_an_unknown_specialty_is_named(planner):
    plan = planned(Listing(), planner, "quero marcar neurologia", conversation())
    assert (plan.steps, intents_of(plan), plan.unknown_specialty) == ([], ["invalid_specialty"], "neurologia")


@pytest.mark.parametrize("message", ["oi", "quero marcar uma consulta", "obrigado"])
def test_nothing_to_list_is_not_a_listing(planner, message):
    assert not applies(Listing(), planner, message, conversation())
