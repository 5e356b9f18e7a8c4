"""The assistant's exceptions live in one module, under one base class, with unique names."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

from agent_system import errors

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def _exception_classes_outside_errors() -> list[str]:
    found = []
    for path in [*(ROOT / "agent_system").rglob("*.py"), ROOT / "web_app.py"]:
        if path == ROOT / "agent_system" / "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            bases = [ast.unparse(b) for b in getattr(node, "bases", [])] if isinstance(node, ast.ClassDef) else []
            if any(b.endswith(("Exception", "Error")) or b in vars(errors) for b in bases):
                found.append(f"{path.relative_to(ROOT)}:{node.name}")
    return found


def test_no_exception_class_is_defined_outside_the_errors_module():
    assert _exception_classes_outside_errors() == []


def test_every_error_derives_from_the_one_base_class():
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if c.__module__ == errors.__name__]
    assert len(classes) >= 10
    assert all(issubclass(c, errors.AssistantError) for c in classes)


def test_errors_carry_their_fields_and_build_their_message():
    too_many = errors.TooManyRequests("Espere.", 0)
    assert (too_many.status, too_many.code, too_many.retry_after_s) == (429, "too_many_requests", 1)
    assert str(errors.SessionsFull(3)) == "3 sessions stored" and errors.SessionsFull(3).max_sessions == 3
    assert str(errors.BudgetSpent("plan")) == "no LLM plan call left in this turn"
    assert str(errors.ApiRefusal(401, "session_expired", "Sessão expirada.")) == "401 session_expired: Sessão expirada."
