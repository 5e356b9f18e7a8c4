"""One chat turn end to end, shared by the web app and the terminal: the pipeline, the session saved, the audit."""
from __future__ import annotations

import threading
from typing import Iterator

from agent_system.domain.events import SessionEvent
from agent_system.pipeline import Pipeline
from agent_system.sessions.audit import AuditLog
from agent_system.sessions.conversation import Conversation
from agent_system.sessions.store import SessionStore, open_session_store
from agent_system.settings import AgentSettings


class TurnRunner:
    """Runs turns of stored sessions; a turn that completed is saved to its session and audited."""

    def __init__(self, pipeline: Pipeline, sessions: SessionStore, audit: AuditLog):
        self.pipeline, self.sessions, self.audit = pipeline, sessions, audit

    def events(self, session_id: str, conversation: Conversation, message: str,
               stop: threading.Event | None = None) -> Iterator:
        """The session event, then the pipeline's; the session is saved and audited when the turn completed.

        A Stop (or a client that went away) before dispatch ends the turn with nothing written. Once
        dispatch has started a write may be under way: the turn then runs to its end for nobody, so
        that its outcome is saved to the history and the audit and shown on the next visit.
        """
        yield SessionEvent(session_id=session_id)
        seen, dispatched = [], False
        for event in self.pipeline.run(conversation, message):
            if stop is not None and stop.is_set() and not dispatched:
                return
            dispatched = dispatched or (event.type == "stage" and event.stage == "dispatch")
            seen.append(event)
            if event.type == "done":
                self.sessions.save(session_id, conversation)
                self.audit.write(session_id, seen)
            yield event


def open_turn_runner(pipeline: Pipeline, settings: AgentSettings, sessions: SessionStore | None = None) -> TurnRunner:
    """A runner keeping sessions in `sessions` (default: SQLite under var/) and the audit in var/, rotated by size."""
    return TurnRunner(pipeline, sessions or open_session_store(settings.var_dir, None),
                      AuditLog(settings.var_dir / "audit.jsonl", settings.audit_rotation))
