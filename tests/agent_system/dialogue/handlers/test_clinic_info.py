"""Clinic information: where a clinic is, its phone, hours and health plans come from the clinics' own information
(of the clinics named, of a specialty, or all); a price question gets their phones, as no clinic's data has prices."""
from __future__ import annotations

import pytest

from agent_system.dialogue.handlers.clinic_info import ClinicInfo
from tests.agent_system.dialogue.handlers.support import applies, planned
from tests.agent_system.dialogue.rules_planner_support import ALL, DERMA, conversation, intents_of, steps_of


def info(*clinics: str) -> set[tuple]:
    return {(clinic, "get_clinic_info", ()) for clinic in clinics}


def test_the_named_doctors_clinic_is_asked(planner):
    plan = planned(ClinicInfo(), planner, "qual o endereço da clínica do Dr. Ricardo Lopes?", conversation())
    assert (steps_of(plan), intents_of(plan)) == (info("clinic_a"), ["clinic_info"])


def test_a_specialtys_clinics_are_asked(planner):
    plan = planned(ClinicInfo(), planner, "qual o telefone das clínicas de dermatologia?", conversation())
    assert steps_of(plan) == info(*DERMA)


def test_a_price_gets_every_clinic_to_ask(planner):
    plan = planned(ClinicInfo(), planner, "quanto custa uma consulta?", conversation())
    assert (steps_of(plan), intents_of(plan)) == (info(*ALL), ["price"])


@pytest.mark.parametrize("message", ["quero marcar com o Dr. Ricardo amanhã", "minhas consultas"])
def test_requests_for_slots_or_bookings_are_not_clinic_questions(planner, message):
    assert not applies(ClinicInfo(), planner, message, conversation())
