"""The per-turn LLM budget: which kinds of call a turn may still make, how many in all, and until when.

A turn opens as a screening (only the triage second net may ask). The planner then settles it: a
clear turn (the rules read it) may make one call in all, the net's or the answer's, so a net that
asked leaves the answer deterministic; an unclear one may make three (the net's, the planner's,
the verifier's, the answer's, first come). When the turn's time is spent, every stage answers
deterministically. Turns run on one thread each, so the open budget is kept per thread.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from agent_system.errors import BudgetSpent

TRIAGE, PLAN, VERIFY, ANSWER = "triage", "plan", "verify", "answer"


@dataclass(frozen=True)
class TurnKind:
    """The kinds of call a turn may make (one of each) and how many calls it may make in all."""
    purposes: frozenset[str]
    calls: int


SCREENING = TurnKind(frozenset({TRIAGE}), 1)  # before the planner knows whether the rules read the message
CLEAR_TURN = TurnKind(frozenset({TRIAGE, ANSWER}), 1)
UNCLEAR_TURN = TurnKind(frozenset({TRIAGE, PLAN, VERIFY, ANSWER}), 3)


@dataclass
class TurnBudget:
    """One turn's remaining kinds of call, its call limit, its deadline (time.monotonic) and the calls made."""
    allowed: set[str]
    limit: int
    deadline: float
    calls: list[str] = field(default_factory=list)

    def take(self, purpose: str) -> float:
        """Spend this kind of call; the seconds the call may last."""
        left = self.deadline - time.monotonic()
        if purpose not in self.allowed or len(self.calls) >= self.limit or left <= 0:
            raise BudgetSpent(purpose)
        self.allowed.discard(purpose)
        self.calls.append(purpose)
        return left

    def settle(self, kind: TurnKind) -> None:
        """Become a turn of this kind, keeping the calls already made and the deadline."""
        self.allowed = set(kind.purposes) - set(self.calls)
        self.limit = kind.calls


class TurnBudgets:
    """The open turn's budget for the calling thread; calls outside a turn are not budgeted."""

    def __init__(self) -> None:
        self._local = threading.local()

    def start(self, kind: TurnKind, seconds: float) -> TurnBudget:
        """Open a turn of this kind that ends `seconds` from now."""
        budget = TurnBudget(allowed=set(kind.purposes), limit=kind.calls, deadline=time.monotonic() + seconds)
        self._local.budget = budget
        return budget

    def settle(self, kind: TurnKind, seconds: float) -> TurnBudget:
        """Make the open turn one of this kind (its calls and deadline stand); open one when none is."""
        budget = self.current
        if budget is None:
            return self.start(kind, seconds)
        budget.settle(kind)
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
