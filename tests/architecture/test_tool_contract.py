"""The clinic server implements the contract's tools exactly, and refuses only with the contract's codes."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from clinic_servers.contract.error_codes import ToolErrorCode
from clinic_servers.contract.tools import TOOLS, Role
from clinic_servers.errors import ToolError
from clinic_servers.tools import catalog

SERVER = Path(__file__).resolve().parents[2] / "clinic_servers"


def test_every_contract_tool_is_served_with_the_contract_schemas():
    served = {tool.name: tool.describe() for tool in catalog.allowed(Role.STAFF)}
    assert list(served) == [spec.name for spec in TOOLS]
    for spec in TOOLS:
        assert served[spec.name]["inputSchema"] == spec.arguments.model_json_schema()
        assert served[spec.name]["outputSchema"] == spec.result.model_json_schema()
    assert [t.name for t in catalog.allowed(Role.PATIENT)] == [s.name for s in TOOLS if s.role is Role.PATIENT]


def test_an_implementation_with_other_arguments_than_the_contract_is_refused():
    def book_appointment(desk, arguments: dict) -> dict:
        return {}
    with pytest.raises(TypeError, match="BookAppointment"):
        catalog.tool(book_appointment)


def test_a_code_outside_the_contract_cannot_be_raised():
    with pytest.raises(ValueError):
        ToolError("slot_gone", "not a code of the contract")
    assert ToolError("slot_taken", "taken").code == ToolErrorCode.SLOT_TAKEN


def refusal_codes(source: str) -> set[str]:
    """The literal codes a module passes to ToolError or IdentityRefusal."""
    return {node.args[0].value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("ToolError", "IdentityRefusal")
            and node.args and isinstance(node.args[0], ast.Constant)}


def test_the_server_refuses_only_with_codes_of_the_contract():
    used = set().union(*(refusal_codes(p.read_text(encoding="utf-8")) for p in SERVER.rglob("*.py")))
    assert "slot_taken" in used and "invalid_arguments" in used  # the scan does find the codes
    assert used <= set(ToolErrorCode)
