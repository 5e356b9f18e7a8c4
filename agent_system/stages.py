"""What the pipeline asks of each stage it composes: the rules and the LLM-backed versions both fit these."""
from __future__ import annotations

from datetime import date
from typing import Callable, Generator, Iterator, Protocol

from agent_system.answer.llm_responder import Wording
from agent_system.answer.responder import Rendering
from agent_system.domain.events import TokenEvent
from agent_system.llm.budget import TurnKind
from agent_system.domain.plan import Plan, Step, StepResult
from agent_system.domain.write_grant import WriteGrant
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.triage.result import TriageResult
from agent_system.dialogue.reading.reading import Reading
from agent_system.verification.verifier import Verdict


class Planning(Protocol):
    def plan(self, reading: Reading, conversation: Conversation, today: date) -> Plan: ...


class Dispatching(Protocol):
    def dispatch(self, steps: list[Step], patient: Patient, grant: WriteGrant) -> Iterator[tuple[Step, StepResult | None]]: ...


class Verifying(Protocol):
    def check_data(self, results: list[StepResult], patient: Patient, language: str) -> Verdict: ...

    def check_answer(self, text: str, results: list[StepResult], patient: Patient, language: str) -> Verdict: ...


class AnswerRendering(Protocol):
    def render(self, plan: Plan, results: list[StepResult], language: str, today: date) -> Rendering: ...

    def write_outcome(self, results: list[StepResult], language: str, today: date) -> Rendering: ...


class AnswerWriting(Protocol):
    def generate(self, message: str, results: list[StepResult], patient: Patient, language: str,
                 today: date, rendering: Rendering) -> Generator[TokenEvent, None, Wording]: ...


class SecondLook(Protocol):
    def review(self, message: str, screened: TriageResult) -> TriageResult: ...


class BookingGuard(Protocol):
    def review(self, plan: Plan, conversation: Conversation, reading: Reading) -> Plan: ...

    def settle(self, plan: Plan, reads: list[StepResult]) -> Plan: ...


class FrontDeskReview(Protocol):
    def plan(self, reading: Reading, conversation: Conversation, plan_for: Callable[[Reading], Plan],
             reread: Callable[[str], Reading]) -> tuple[Plan, Reading]: ...

    def addressed(self, plan: Plan, conversation: Conversation) -> Plan: ...


class TurnBudget(Protocol):
    def start_turn(self, kind: TurnKind) -> None: ...

    def end_turn(self) -> list[str]: ...


class Today(Protocol):
    def today(self) -> date: ...
