"""Watching a real pipeline turn: its events, its latency, and the raw material behind its answer.

The recorders wrap the pipeline's own router and LLM; they pass everything through unchanged and
keep a copy, so the detectors can judge what the clinics and the generator really produced.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from agent_system.domain.events import to_record


class RecordingRouter:
    """The pipeline's router, keeping every clinic result it hands back."""

    def __init__(self, router):
        self.router = router
        self.results: list[Any] = []

    def dispatch(self, steps, patient, grant) -> Iterator:
        """The router's dispatch, unchanged; finished results are kept."""
        for step, result in self.router.dispatch(steps, patient, grant):
            if result is not None:
                self.results.append(result)
            yield step, result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.router, name)


class DraftRecorder:
    """The response generator's LLM, keeping the text of every answer it streams."""

    def __init__(self, llm):
        self.llm = llm
        self.drafts: list[list[str]] = []

    def stream_text(self, *args, **kwargs) -> Iterator[str]:
        """The LLM's stream, unchanged; pieces are kept as the generator reads them."""
        pieces: list[str] = []
        self.drafts.append(pieces)
        for piece in self.llm.stream_text(*args, **kwargs):
            pieces.append(piece)
            yield piece

    def __getattr__(self, name: str) -> Any:
        return getattr(self.llm, name)


def instrument(pipeline) -> None:
    """Put the recorders in front of the pipeline's router and of its LLM generator, if any."""
    pipeline.router = RecordingRouter(pipeline.router)
    if pipeline.llm_responder is not None:
        pipeline.llm_responder.llm = DraftRecorder(pipeline.llm_responder.llm)


@dataclass
class Observation:
    """One turn as it happened: events, wall time, and the raw clinic results and LLM drafts."""
    events: list[Any]
    latency_ms: float
    results: list[Any] = field(default_factory=list)
    drafts: list[str] = field(default_factory=list)

    def first(self, event_type: str) -> Any:
        """The first event of a type, or None."""
        return next((e for e in self.events if e.type == event_type), None)

    def of_type(self, event_type: str) -> list[Any]:
        """Every event of a type."""
        return [e for e in self.events if e.type == event_type]

    @property
    def finished_calls(self) -> list[Any]:
        """The dispatch events that report a call's end."""
        return [e for e in self.of_type("dispatch") if e.status != "start"]

    @property
    def visible(self) -> str:
        """Everything the browser receives this turn, as one string (what the user could see)."""
        return "\n".join(json.dumps(to_record(e), ensure_ascii=False) for e in self.events)


def observe_turn(pipeline, conversation, message: str) -> Observation:
    """Run one turn to its end, timing it and collecting what the recorders saw during it."""
    router, generator = pipeline.router, _draft_recorder(pipeline)
    router.results.clear()
    if generator is not None:
        generator.drafts.clear()
    started = time.perf_counter()
    events = list(pipeline.run(conversation, message))
    latency = round((time.perf_counter() - started) * 1000, 1)
    drafts = ["".join(pieces) for pieces in generator.drafts] if generator is not None else []
    return Observation(events, latency, list(router.results), drafts)


def turn_succeeded(observation: Observation) -> bool:
    """An earlier turn of a multi-turn case did its part: answered, not blocked, every call fine."""
    answer = observation.first("answer")
    return (answer is not None and not answer.blocked and not observation.of_type("error")
            and all(e.status == "ok" for e in observation.finished_calls))


def _draft_recorder(pipeline) -> DraftRecorder | None:
    responder = pipeline.llm_responder
    return responder.llm if responder is not None else None
