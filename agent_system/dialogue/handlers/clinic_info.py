"""Questions about the clinics themselves: where, phone, hours, health plans, what a visit costs."""
from __future__ import annotations

from agent_system.dialogue.clinic_questions import about_the_clinics, plan_clinic_info
from agent_system.dialogue.handlers.handler import Handler, PlanningTurn


class ClinicInfo(Handler):
    """The clinics' own information answers them; a price gets the clinics' phones to ask."""

    def applies(self, turn: PlanningTurn) -> bool:
        return about_the_clinics(turn.reading)

    def plan(self, turn: PlanningTurn) -> None:
        plan_clinic_info(turn.out, turn.reading, turn.registry, turn.conversation)
