"""My appointments: asked for, or a booking code typed alone; every clinic is asked for the patient's bookings,
and a question about some of them shows only those."""
from __future__ import annotations

import pytest

from agent_system.planning.handlers.my_appointments import MyAppointments
from tests.agent_system.handlers.support import applies, planned
from tests.agent_system.rules_planner_support import CODE, MINE, conversation, intents_of, steps_of


@pytest.mark.parametrize("message", ["lista as minhas consultas", "que consultas eu tenho agendadas?",
                                     "could you show my bookings?", CODE, f"meu código é {CODE}"])
def test_every_clinic_is_asked(planner, message):
    plan = planned(MyAppointments(), planner, message, conversation())
    assert (steps_of(plan), intents_of(plan)) == (MINE, ["my_appointments"])


def test_a_question_about_the_next_one_shows_only_it(planner):
    plan = planned(MyAppointments(), planner, "e a próxima consulta minha, quando é?", conversation())
    assert plan.shown_bookings is not None and plan.shown_bookings.next_only


@pytest.mark.parametrize("message", ["quero marcar cardiologia", f"marca com o Dr. Ricardo amanhã, código {CODE}"])
def test_a_booking_request_is_not_a_lookup(planner, message):
    assert not applies(MyAppointments(), planner, message, conversation())
