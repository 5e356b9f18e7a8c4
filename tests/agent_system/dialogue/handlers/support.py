"""What the handler tests share: a planning pass over one message, and what one handler plans from it.

Every test asks a handler alone: whether it applies to a reading in a state, and the plan it writes. The order in
which the rules planner asks them is tested in test_order.py. Today is Monday 2026-11-23 (as the planner tests').
"""
from __future__ import annotations

from agent_system.domain.plan import Plan
from agent_system.dialogue.follow_ups import FollowUps
from agent_system.dialogue.handlers import Handler, PlanningTurn
from agent_system.dialogue.rules import RulesPlanner
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.reading import read
from tests.agent_system.dialogue.rules_planner_support import TODAY


def planning_turn(planner: RulesPlanner, message: str, conversation: Conversation) -> PlanningTurn:
    """The pass the rules planner makes over `message` in `conversation`."""
    def reread(text: str):
        return read(text, conversation, TODAY, planner.doctors, planner.federation)
    reading = reread(message)
    follow_ups = FollowUps(reading, conversation, planner.registry, planner.doctors, reread)
    return PlanningTurn(planner.registry, reading, conversation, follow_ups)


def applies(handler: Handler, planner: RulesPlanner, message: str, conversation: Conversation) -> bool:
    return handler.applies(planning_turn(planner, message, conversation))


def planned(handler: Handler, planner: RulesPlanner, message: str, conversation: Conversation) -> Plan:
    """The plan `handler` makes of `message`, which it must apply to."""
    turn = planning_turn(planner, message, conversation)
    assert handler.applies(turn)
    handler.plan(turn)
    return turn.out.plan()
