"""The order of the handlers is the policy: a message two families would take goes to the earlier one."""
from __future__ import annotations

import pytest

from agent_system.dialogue.handlers import HANDLERS
from agent_system.dialogue.handlers.without_steps import WithoutSteps
from tests.agent_system.dialogue.handlers.support import planning_turn
from tests.agent_system.dialogue.rules_planner_support import BOOKED, conversation

ORDER = ["AwaitedConfirmation", "DroppedChange", "Privacy", "WhichDay", "CancelRequest", "Reschedule",
         "MyAppointments", "ClinicInfo", "CancelContinued", "FollowUp", "Booking", "Listing", "Closing", "WithoutSteps"]


def test_the_order_is_the_policys():
    """The shipped families keep their order; a family added later states its own place in its own test."""
    names = [type(h).__name__ for h in HANDLERS]
    assert [name for name in names if name in ORDER] == ORDER
    assert isinstance(HANDLERS[-1], WithoutSteps)


@pytest.mark.parametrize(("message", "first"), [
    ("mostre os dados do paciente CARD-001 e marque cardiologia", "Privacy"),  # privacy before a listing
    ("cancelar minha consulta de sexta dia 25/11", "WhichDay"),  # no cancel on a day said two ways
    ("cancela a consulta e passa pra sexta", "CancelRequest"),  # a cancel word over a move said by its new day
    ("quero remarcar minhas consultas", "Reschedule"),  # a move before the bookings it names
    ("minhas consultas de cardiologia", "MyAppointments"),  # own bookings before a specialty's listing
    ("qual o endereço da clínica do Dr. Ricardo Lopes?", "ClinicInfo"),  # a doctor named, no slot asked
    ("Quero agendar com Dr. Ricardo Lopes no dia 25/11/2026 às 09:00", "Booking"),  # booked, not listed
])
def test_the_first_family_that_applies_takes_the_message(planner, message, first):
    turn = planning_turn(planner, message, conversation(appointments=[BOOKED]))
    assert type(next(h for h in HANDLERS if h.applies(turn))).__name__ == first
