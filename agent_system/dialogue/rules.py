"""The deterministic planner: the policy table (tests/agent_system/rules_planner_cases.py) applied to a reading."""
from __future__ import annotations

from datetime import date

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.plan import Plan
from agent_system.dialogue.day_part import in_day_part
from agent_system.dialogue.follow_ups import FollowUps
from agent_system.dialogue.handlers import HANDLERS, PlanningTurn
from agent_system.dialogue.held_slots import offer_soonest
from agent_system.dialogue.several_requests import at_the_clinic_before, combined
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.reading import Reading, read
from agent_system.dialogue.reading.vocabulary import DoctorIndex

class RulesPlanner:
    """Turns a message plus the conversation into a step graph, with a reasoning trace."""

    def __init__(self, registry: ClinicRegistry):
        self.registry = registry
        self.doctors = DoctorIndex(registry)
        self.federation = FederationWords(registry)

    def decompose(self, message: str, conversation: Conversation, today: date) -> Plan:
        """The plan for one message (no reasoning trace)."""
        return self.decompose_cot(message, conversation, today).model_copy(update={"reasoning": []})

    def decompose_cot(self, message: str, conversation: Conversation, today: date) -> Plan:
        """The plan for one message with the reasoning that led to it."""
        return self.plan(read(message, conversation, today, self.doctors, self.federation), conversation, today)

    def plan(self, reading: Reading, conversation: Conversation, today: date) -> Plan:
        """The plan for a message the turn has read, with the reasoning that led to it."""
        if reading.parts:  # "marca X e me mostra Y": every request planned, in the order asked
            return combined([in_day_part(self.plan(part, conversation, today), part)
                             for part in at_the_clinic_before(reading.parts)])
        follow_ups = FollowUps(reading, conversation, self.registry, self.doctors,
                               lambda text: read(text, conversation, today, self.doctors, self.federation))
        return _Policy(self.registry, reading, conversation, follow_ups).plan()


class _Policy:
    """One planning pass over one reading of a message: the first handler that applies plans it."""

    def __init__(self, registry: ClinicRegistry, reading: Reading, conversation: Conversation, follow_ups: FollowUps):
        self.turn = PlanningTurn(registry, reading, conversation, follow_ups)

    def plan(self) -> Plan:
        turn = self.turn
        handler = next(h for h in HANDLERS if h.applies(turn))
        handler.plan(turn)
        offer_soonest(turn.out, turn.reading)
        if not turn.out.reasoning:
            turn.out.note(f"Read the message as: {', '.join(turn.out.intents)}.")
        return turn.out.plan()
