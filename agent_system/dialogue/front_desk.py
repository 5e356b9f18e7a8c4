"""What is settled before the booking planner: a person when asked for, and who an appointment is for."""
from __future__ import annotations

from agent_system.dialogue.family import PlanFor, Reread, addressed, plan_for_family
from agent_system.dialogue.human_contact import plan_human_contact
from agent_system.domain.plan import Plan
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.reading import Reading
from clinic_servers.contract.registry import ClinicRegistry


class FrontDesk:
    """Answers requests for a person and asks whom an appointment is for; the planner plans the rest."""

    def __init__(self, registry: ClinicRegistry, federation: FederationWords):
        self.registry, self.federation = registry, federation

    def plan(self, reading: Reading, conversation: Conversation, plan_for: PlanFor,
             reread: Reread) -> tuple[Plan, Reading]:
        """The turn's plan, and the reading it answers (an earlier request, once its person is named)."""
        # "book X … and what's the number there?": a request that writes beside it keeps every request planned
        writes_beside = any(part.asks_to_write for part in reading.parts)
        contact = None if writes_beside else plan_human_contact(reading, conversation, self.registry, self.federation)
        if contact is not None:
            return contact, reading
        return plan_for_family(reading, conversation, plan_for, reread)

    def addressed(self, plan: Plan, conversation: Conversation) -> Plan:
        """The plan's bookings made for the dependant the conversation books for now, if any."""
        return addressed(plan, conversation)
