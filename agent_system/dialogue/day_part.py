"""A listing asked for a part of the day ("sexta de manhã") offers only that part's slots; a time said overrides it."""
from __future__ import annotations

from agent_system.domain.plan import Plan
from agent_system.domain.results import LIST_SLOTS
from agent_system.dialogue.reading.reading import Reading


def in_day_part(plan: Plan, reading: Reading) -> Plan:
    """The plan with the part of the day its reading asked for, when it lists slots and names no time (a message of
    several requests had each of its requests' listings read on their own)."""
    if reading.parts or not reading.day_part or reading.times or not any(s.action == LIST_SLOTS for s in plan.steps):
        return plan
    return plan.model_copy(update={"day_part": reading.day_part})
