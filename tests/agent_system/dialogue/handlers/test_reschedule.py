"""Reschedule: asked for in words, a new day or time for a booking the patient has, a correction right after a
booking, or a reply to a reschedule's question. The move is confirmed first; without a new slot, the booking's
doctor's free slots are listed; an unknown booking is looked up."""
from __future__ import annotations

import pytest

from agent_system.domain.dialogue import JustBooked
from agent_system.domain.pending import PendingAction
from agent_system.domain.plan import StepResult
from agent_system.dialogue.handlers import Answered
from agent_system.dialogue.handlers.reschedule import Reschedule
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import BOOKED, MINE, conversation, intents_of, listing, steps_of


def test_asked_for_without_a_known_booking_looks_it_up(planner):
    plan = planned(Reschedule(), planner, "remarcar, por favor", conversation())
    assert (steps_of(plan), intents_of(plan)) == (MINE, ["my_appointments"])
    assert plan.pending == PendingAction(action="reschedule")


def test_a_new_day_and_time_for_the_known_booking_is_confirmed_first(planner):
    plan = planned(Reschedule(), planner, "joga ela pra sexta 10h", conversation(appointments=[BOOKED]))
    assert (plan.steps, intents_of(plan)) == ([], ["confirm"])
    assert plan.awaiting is not None
    assert (plan.awaiting.action, plan.awaiting.new_date, plan.awaiting.new_time) == (
        "reschedule", "2026-11-27", "10:00")


def test_without_a_new_slot_the_doctors_slots_are_listed(planner):
    plan = planned(Reschedule(), planner, "queria remarcar ela", conversation(appointments=[BOOKED]))
    assert steps_of(plan) == listing("clinic_c", doctor=BOOKED.doctor)
    assert intents_of(plan) == ["reschedule"]


def test_a_correction_right_after_booking_moves_that_booking(planner):
    state = conversation(appointments=[BOOKED], state=JustBooked(appointment=BOOKED))
    plan = planned(Reschedule(), planner, "opa, errei, era 10h, consegue mudar?", state)
    assert plan.awaiting is not None and plan.awaiting.appointment.doctor == BOOKED.doctor
    assert plan.awaiting.new_time == "10:00"


@pytest.mark.parametrize("message", ["joga ela pra sexta 10h", "tem cardio na sexta de manhã?"])
def test_a_new_day_without_a_booking_to_move_is_not_a_move(planner, message):
    assert not applies(Reschedule(), planner, message, conversation())


def test_a_cancel_is_not_a_move(planner):
    state = conversation(appointments=[BOOKED], state=JustBooked(appointment=BOOKED))
    assert not applies(Reschedule(), planner, "cancela essa aí, por gentileza", state)


def listing_of(*slots: tuple[str, str]) -> list[StepResult]:
    """Dr. Fernando's free slots as his clinic lists them."""
    free = [{"doctor": BOOKED.doctor, "specialty": "cardiologia", "date": d, "time": t, "available": True}
            for d, t in slots]
    return [StepResult(step_id=1, clinic="clinic_c", action="list_available_slots", status="ok",
                       data={"clinic": "clinic_c", "specialty": "cardiologia", "available_slots": free, "note": ""})]


def test_the_next_free_slot_after_the_booking_waits_for_a_yes_once_listed(planner):
    state = conversation(appointments=[BOOKED], state=JustBooked(appointment=BOOKED))
    plan = planned(Reschedule(), planner, "joga ela pra vaga seguinte livre, depois dessa hora", state)
    assert plan.next_free_after is not None and plan.awaiting is None
    after = Reschedule().after_results(plan, Answered(listing_of(("2026-11-24", "08:00"), ("2026-11-24", "14:00")),
                                                      confirmed=None, typed_code=None))
    assert after.awaiting is not None
    assert (after.awaiting.new_date, after.awaiting.new_time) == ("2026-11-24", "14:00")
    assert Reschedule().after_results(plan, Answered([], confirmed=None, typed_code=None)) == plan
