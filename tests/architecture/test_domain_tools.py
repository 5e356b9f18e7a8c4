"""The orchestrator names clinic tools only through `domain.tools.Tool`, which is the contract's patient tools."""
from __future__ import annotations

import ast
from pathlib import Path

from clinic_servers.contract.tools import Role, tool_names

from agent_system.domain.tools import CHANGE_TOOLS, Tool

AGENT_SYSTEM = Path(__file__).resolve().parents[2] / "agent_system"


def test_the_tool_enum_is_the_contracts_patient_tools_in_catalog_order():
    assert [tool.value for tool in Tool] == list(tool_names(Role.PATIENT))


def test_a_confirmed_change_runs_the_tool_named_for_it():
    assert CHANGE_TOOLS == {"cancel": Tool.CANCEL_APPOINTMENT, "reschedule": Tool.RESCHEDULE_APPOINTMENT}


def test_no_module_spells_a_tool_name_as_a_bare_string():
    names = set(tool_names(Role.PATIENT))
    spelt = [f"{path.relative_to(AGENT_SYSTEM.parent)}:{node.lineno}"
             for path in sorted(AGENT_SYSTEM.rglob("*.py")) if path != AGENT_SYSTEM / "domain" / "tools.py"
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and node.value in names]
    assert spelt == []
