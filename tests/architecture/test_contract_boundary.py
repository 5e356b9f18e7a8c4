"""The orchestrator reaches the clinic server only through its contract, and the contract stands alone."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = "clinic_servers.contract"


def imported_modules(source: str) -> list[str]:
    """Every module an import statement names (`from a import b` names a and a.b); relative ones as '.x'."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names += [base] + [f"{base}.{alias.name}".replace("..", ".") for alias in node.names]
    return names


def crossings(source: str, allowed_inside: str) -> list[str]:
    """The imports of clinic_servers outside `allowed_inside`, and any relative import."""
    def outside(name: str) -> bool:
        if name.startswith("."):
            return True
        # `from clinic_servers import x` names the bare package too: x is what counts.
        inside = name == allowed_inside or name.startswith(allowed_inside + ".") or name == "clinic_servers"
        return name.split(".")[0] == "clinic_servers" and not inside
    return [name for name in imported_modules(source) if outside(name)]


@pytest.mark.parametrize("source, found", [
    ("from clinic_servers.contract.registry import ClinicRegistry", []),
    ("import clinic_servers.contract.cpf", []),
    ("from clinic_servers.contract import tools", []),
    ("from clinic_servers.tools import catalog", ["clinic_servers.tools", "clinic_servers.tools.catalog"]),
    ("import clinic_servers.sqlite_store", ["clinic_servers.sqlite_store"]),
    ("from clinic_servers import launcher", ["clinic_servers.launcher"]),
    ("def later():\n    from clinic_servers.launcher import start_fleet", ["clinic_servers.launcher",
                                                                           "clinic_servers.launcher.start_fleet"]),
    ("from .plan import Plan", [".plan", ".plan.Plan"]),
])
def test_the_scan_tells_the_contract_from_the_server_internals(source, found):
    assert crossings(source, CONTRACT) == found


def python_files(folder: str) -> list[Path]:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files, f"no modules found under {folder}"
    return files


def test_the_orchestrator_imports_nothing_of_the_clinic_server_but_its_contract():
    found = {str(path.relative_to(ROOT)): names for path in python_files("agent_system")
             if (names := crossings(path.read_text(encoding="utf-8"), CONTRACT))}
    assert found == {}


def test_the_contract_needs_nothing_else_of_the_clinic_server():
    found = {str(path.relative_to(ROOT)): names for path in python_files("clinic_servers/contract")
             if (names := crossings(path.read_text(encoding="utf-8"), CONTRACT))}
    assert found == {}
