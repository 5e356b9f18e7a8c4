"""My appointments: asked for, or a booking code typed alone; every clinic is asked for the patient's bookings,
and a question about some of them shows only those."""
from __future__ import annotations

import pytest

from agent_system.domain.plan import StepResult
from agent_system.dialogue.handlers import Answered
from agent_system.dialogue.handlers.cancel import CancelRequest
from agent_system.dialogue.handlers.my_appointments import MyAppointments
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import ALL, CODE, FERNANDO, MINE, conversation, intents_of, steps_of


@pytest.mark.parametrize("message", ["lista as minhas consultas", "que consultas eu tenho agendadas?",
                                     "could you show my bookings?", CODE, f"meu código é {CODE}",
                                     f"meu codigo de reserva e {CODE}", f"o código da minha reserva: {CODE}",
                                     f"my booking code is {CODE}", f"here's the reservation code {CODE}"])
def test_every_clinic_is_asked(planner, message):
    plan = planned(MyAppointments(), planner, message, conversation())
    assert (steps_of(plan), intents_of(plan)) == (MINE, ["my_appointments"])


def test_a_question_about_the_next_one_shows_only_it(planner):
    plan = planned(MyAppointments(), planner, "e a próxima consulta minha, quando é?", conversation())
    assert plan.shown_bookings is not None and plan.shown_bookings.next_only


@pytest.mark.parametrize("message", ["quero marcar cardiologia", f"marca com o Dr. Ricardo amanhã, código {CODE}"])
def test_a_booking_request_is_not_a_lookup(planner, message):
    assert not applies(MyAppointments(), planner, message, conversation())


def lookup(*booked: tuple[str, str, str, str]) -> list[StepResult]:
    """Every clinic's answer to list_my_appointments, holding the given (clinic, doctor, date, time) bookings."""
    return [StepResult(step_id=n, clinic=clinic, action="list_my_appointments", status="ok", data={"appointments": [
        {"clinic": c, "doctor": d, "specialty": "x", "date": day, "time": t} for c, d, day, t in booked if c == clinic]})
        for n, clinic in enumerate(ALL, 1)]


def test_a_lookup_for_a_pending_cancel_that_finds_one_booking_makes_it_wait_for_a_yes(planner):
    plan = planned(CancelRequest(), planner, "quero cancelar minha consulta", conversation())
    after = MyAppointments().after_results(plan, Answered(lookup(("clinic_c", FERNANDO, "2026-11-24", "09:00")),
                                                          confirmed=None, typed_code=None))
    assert after.awaiting is not None and after.awaiting.action == "cancel"
    assert (after.awaiting.appointment.doctor, after.awaiting.appointment.date) == (FERNANDO, "2026-11-24")


def test_a_lookup_finding_several_or_asked_for_itself_waits_for_nothing(planner):
    pending = planned(CancelRequest(), planner, "quero cancelar minha consulta", conversation())
    two = lookup(("clinic_c", FERNANDO, "2026-11-24", "09:00"), ("clinic_a", "Dr. Ricardo Lopes", "2026-11-25", "10:00"))
    assert MyAppointments().after_results(pending, Answered(two, confirmed=None, typed_code=None)).awaiting is None
    asked = planned(MyAppointments(), planner, "lista as minhas consultas", conversation())
    one = lookup(("clinic_c", FERNANDO, "2026-11-24", "09:00"))
    assert MyAppointments().after_results(asked, Answered(one, confirmed=None, typed_code=None)) == asked
