"""The event vocabulary of one turn (README.md, Web API): typed records, serialised by one function."""
from __future__ import annotations

import json
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from agent_system.domain.appointments import AppointmentItem, SlotOffer

Stage = Literal["triage", "planning", "dispatch", "verification", "answer"]


class _Event(BaseModel):
    type: str  # each event narrows it to its own literal
    # What the wire carries: the data without the type (it has its own SSE field), unset optionals left out.
    _wire: ClassVar[dict[str, Any]] = {"exclude": {"type"}, "exclude_none": True}

    def payload(self) -> dict[str, Any]:
        """The event's data, without its type and without unset optional fields."""
        return self.model_dump(**self._wire)

    def payload_json(self) -> str:
        """`payload()` as compact one-line JSON, written by pydantic itself (a third of json.dumps' cost)."""
        return self.model_dump_json(**self._wire)


class SessionEvent(_Event):
    type: Literal["session"] = "session"
    session_id: str


class StageEvent(_Event):
    type: Literal["stage"] = "stage"
    stage: Stage
    status: Literal["start", "end"]
    ms: float | None = None


class PlanEvent(_Event):
    type: Literal["plan"] = "plan"
    steps: list[dict[str, Any]]
    source: Literal["rules", "llm", "llm_repaired", "rules_fallback", "triage"]
    checks: list[dict[str, Any]] | None = None  # reads dispatched first, whose answers decide whether the steps run
    reasoning: list[str] | None = None


class DispatchEvent(_Event):
    type: Literal["dispatch"] = "dispatch"
    step_id: int
    clinic: str
    action: str
    status: Literal["start", "ok", "error", "timeout"]
    ms: float | None = None
    error: dict[str, Any] | None = None


class VerificationEvent(_Event):
    type: Literal["verification"] = "verification"
    safe: bool
    note: str
    rules: list[str] = Field(default_factory=list)
    llm_flags_dropped: int | None = None  # LLM verifier flags dropped as ungrounded (absent when none)


class TokenEvent(_Event):
    type: Literal["token"] = "token"
    text: str


class ConfirmRequest(BaseModel):
    """A booking, cancel or reschedule the assistant will run only after the patient says yes."""
    action: Literal["book", "cancel", "reschedule"]
    appointment: SlotOffer
    new: SlotOffer | None = None


class AnswerEvent(_Event):
    type: Literal["answer"] = "answer"
    text: str
    blocked: bool = False
    emergency: bool = False
    slots: list[SlotOffer] = Field(default_factory=list)
    appointments: list[AppointmentItem] = Field(default_factory=list)
    confirm: ConfirmRequest | None = None
    lang: str = "pt"  # the answer's language code (the page and the emergency card follow it)
    # For the audit trail only, never sent: the red-flag category and words that halted the turn.
    triage: dict[str, Any] | None = None
    # For the audit trail only, never sent: "llm" when the LLM's answer was shown, "rules:<reason>" when the
    # deterministic one replaced it, None when no LLM was asked to word it.
    wording: str | None = None
    # Answers always carry both lists, empty or not.
    _wire: ClassVar[dict[str, Any]] = {"exclude": {"type", "triage", "wording"}}


class ErrorEvent(_Event):
    type: Literal["error"] = "error"
    code: str
    message: str


class DoneEvent(_Event):
    type: Literal["done"] = "done"
    ms: float
    llm_calls: list[str] | None = None  # the purposes of the turn's LLM calls, in order (absent without an LLM)


Event = Annotated[Union[SessionEvent, StageEvent, PlanEvent, DispatchEvent, VerificationEvent, TokenEvent,
                        AnswerEvent, ErrorEvent, DoneEvent], Field(discriminator="type")]
_EVENT = TypeAdapter(Event)


def to_record(event: _Event) -> dict[str, Any]:
    """The event as one JSON-able record: `{"type": ..., **payload}` (JSON mode and logs)."""
    return {"type": event.type, **event.payload()}


def to_sse(event: _Event, event_id: int) -> str:
    """The event framed for Server-Sent Events: id, event type, one-line JSON data, blank line."""
    return f"id: {event_id}\nevent: {event.type}\ndata: {event.payload_json()}\n\n"


def from_wire(event_type: str, data: str | dict[str, Any]) -> _Event:
    """Parse an event received over SSE or JSON back into its typed model."""
    payload = json.loads(data) if isinstance(data, str) else data
    return _EVENT.validate_python({**payload, "type": event_type})
