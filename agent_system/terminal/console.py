"""One-line descriptions of pipeline events for terminals (the CLI and the headless client)."""
from __future__ import annotations

import json

from agent_system.domain.events import (AnswerEvent, DispatchEvent, DoneEvent, ErrorEvent, PlanEvent, StageEvent,
                                        VerificationEvent)


def describe(event) -> str | None:
    """A short line for a stage event; None for events a terminal shows otherwise (tokens, answers)."""
    if isinstance(event, StageEvent):
        return f"  · {event.stage} {event.status}" + (f" ({event.ms:.1f} ms)" if event.ms is not None else "")
    if isinstance(event, PlanEvent):
        steps = "; ".join(f"{s['clinic']}.{s['action']}({json.dumps(s['parameters'], ensure_ascii=False)})"
                          for s in event.steps) or "no steps"
        checks = f" (checked first by {len(event.checks)} reads)" if event.checks else ""
        return f"  · plan [{event.source}]: {steps}{checks}"
    if isinstance(event, DispatchEvent) and event.status != "start":
        error = f" {event.error['code']}" if event.error else ""
        return f"  · {event.clinic} {event.action}: {event.status}{error} ({event.ms:.1f} ms)"
    if isinstance(event, VerificationEvent):
        return f"  · verifier: {'safe' if event.safe else 'BLOCKED ' + ','.join(event.rules)}"
    if isinstance(event, ErrorEvent):
        return f"  ! {event.code}: {event.message}"
    if isinstance(event, DoneEvent):
        return f"  · done in {event.ms:.0f} ms"
    return None


def answer_text(event) -> str | None:
    """The answer to print once the turn has one."""
    if isinstance(event, AnswerEvent):
        flag = "[EMERGÊNCIA] " if event.emergency else "[bloqueado] " if event.blocked else ""
        return flag + event.text
    return None
