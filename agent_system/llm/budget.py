"""The per-turn LLM budget: which kinds of call a turn may still make, and until when.

A clear turn (the rules read it) may make one call, for the answer; an unclear one may also ask
the planner and the verifier once each. When the turn's time is spent, every stage answers
deterministically. Turns run on one thread each, so the open budget is kept per thread.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Iterable

from agent_system.errors import BudgetSpent

PLAN, VERIFY, ANSWER = "plan", "verify", "answer"
CLEAR_TURN = frozenset({ANSWER})
UNCLEAR_TURN = frozenset({PLAN, VERIFY, ANSWER})


@dataclass
class TurnBudget:
    """One turn's remaining kinds of call and its deadline (time.monotonic)."""
    allowed: set[str]
    deadline: float
    calls: list[str] = field(default_factory=list)

    def take(self, purpose: str) -> float:
        """Spend this kind of call; the seconds the call may last."""
        left = self.deadline - time.monotonic()
        if purpose not in self.allowed or left <= 0:
            raise BudgetSpent(purpose)
        self.allowed.discard(purpose)
        self.calls.append(purpose)
        return left


class TurnBudgets:
    """The open turn's budget for the calling thread; calls outside a turn are not budgeted."""

    def __init__(self) -> None:
        self._local = threading.local()

    def start(self, purposes: Iterable[str], seconds: float) -> TurnBudget:
        """Open a turn that may make one call of each purpose within `seconds`."""
        budget = TurnBudget(allowed=set(purposes), deadline=time.monotonic() + seconds)
        self._local.budget = budget
        return budget

    def end(self) -> None:
        """Close the thread's turn (later calls are unbudgeted until the next start)."""
        self._local.budget = None

    @property
    def current(self) -> TurnBudget | None:
        """The thread's open turn, if any."""
        return getattr(self._local, "budget", None)

    def take(self, purpose: str) -> float | None:
        """Spend a call of the open turn; None when no turn is open."""
        budget = self.current
        return None if budget is None else budget.take(purpose)
