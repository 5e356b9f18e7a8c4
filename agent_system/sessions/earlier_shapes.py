"""Conversations stored before the dialogue state: their loose fields read as the one state they amount to.

Sessions saved earlier (in SQLite or in Redis, until they expire) kept what the last answer left waiting in
separate fields. They load as the state that answer leaves now, with the precedence `after_answer` gives
when an answer leaves more than one thing waiting. The store's rows are upgraded as they load and saved in
the new shape by their next turn; no SQL migration, as a Redis store has none to run.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

EARLIER_FIELDS = ("last_slots", "pending", "awaiting", "just_booked", "offered_doctors", "choosing",
                  "after_emergency", "safety_asked", "family_ask", "contact_clinics")
_UNDER_SAFETY = {"idle", "choosing", "just_booked", "doctors_offered", "asking_who"}
_HELD = ("book_overlap", "book_pick")


def upgraded(data: Any) -> Any:
    """A stored conversation in the current shape: one `state` in place of the earlier fields."""
    if not isinstance(data, dict) or not any(name in data for name in EARLIER_FIELDS):
        return data
    old = {name: _plain(data[name]) for name in EARLIER_FIELDS if name in data}
    state = {**_state(old), "listed": old.get("last_slots") or [], "contacts": old.get("contact_clinics") or []}
    return {**{k: v for k, v in data.items() if k not in EARLIER_FIELDS}, "state": state}


def _state(old: dict[str, Any]) -> dict[str, Any]:
    if old.get("after_emergency"):
        return {"kind": "after_emergency", "category": "medical"}  # the category was not kept
    question, asked = _question(old), old.get("safety_asked")
    if asked and question["kind"] in _UNDER_SAFETY:
        return {"kind": "safety_asked", "category": asked, "over": question}
    return question


def _question(old: dict[str, Any]) -> dict[str, Any]:
    pending, awaiting, family = old.get("pending"), old.get("awaiting"), old.get("family_ask")
    if family:
        return {"kind": "asking_who", **family}
    if awaiting:
        return {"kind": "awaiting_confirmation", "change": awaiting, "asked": pending}
    if pending and pending.get("action") in _HELD and pending.get("slot"):
        if pending["action"] == "book_pick" and old.get("choosing"):
            return {"kind": "offered", "slot": pending["slot"]}
        return {"kind": "held", "slot": pending["slot"], "action": pending["action"]}
    if pending:
        return {"kind": "awaiting_choice", "asked": pending, "slots_listed": bool(old.get("choosing"))}
    if old.get("just_booked"):
        return {"kind": "just_booked", "appointment": old["just_booked"]}
    if old.get("offered_doctors"):
        return {"kind": "doctors_offered", "doctors": old["offered_doctors"]}
    return {"kind": "choosing" if old.get("choosing") else "idle"}


def _plain(value: Any) -> Any:
    """A field as stored (JSON), also when handed in as a model."""
    if isinstance(value, BaseModel):
        return value.model_dump()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
