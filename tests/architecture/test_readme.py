"""The README says what the code does: its settings table lists exactly the variables the code reads, and its
tool table is the clinic tool contract."""
from __future__ import annotations

import ast
import re
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from clinic_servers.contract.tools import TOOLS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PRODUCT = [*sorted((ROOT / "agent_system").rglob("*.py")), *sorted((ROOT / "clinic_servers").rglob("*.py")),
           ROOT / "web_app.py", ROOT / "gunicorn_web.conf.py"]
VARIABLE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
ENVIRONMENTS = {"env", "_env", "full_env", "environ"}  # what the code calls the mapping of settings it reads
NOT_SETTINGS = {"CONTENT_LENGTH"}  # a WSGI request's `environ`, not the process's


def section(title: str) -> str:
    """The README's text under a `## ` heading, up to the next one."""
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the Markdown tables in `text`, header and rule rows left out."""
    return [[cell.strip() for cell in line.strip().strip("|").split(" | ")] for line in text.splitlines()
            if line.startswith("| `")]


def documented_variables() -> set[str]:
    """The variables named in the first column of the Configuration table."""
    return {name for row in table_rows(section("Configuration")) for name in re.findall(r"`([^`]+)`", row[0])
            if VARIABLE.fullmatch(name)}


def is_environment(node: ast.expr) -> bool:
    """Whether an expression is the settings mapping: `env`, `environ`, `os.environ`…"""
    return (isinstance(node, ast.Name) and node.id in ENVIRONMENTS) or \
        (isinstance(node, ast.Attribute) and node.attr == "environ" and isinstance(node.value, ast.Name)
         and node.value.id == "os")


def key_of(node: ast.expr) -> str | None:
    """A variable name as written (`"PORT"`), or a pattern for a composed one (f"{id}_URL" -> `*_URL`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join("*" if isinstance(v, ast.FormattedValue) else str(v.value) for v in node.values)
    return None


def keys_read(source: str) -> set[str]:
    """What a module reads from the environment: env.get(K), env[K], os.environ.setdefault(K), _env(env, K)."""
    keys: list[str | None] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and is_environment(node.value):
            keys.append(key_of(node.slice))
        elif isinstance(node, ast.Call) and node.args:
            method = isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "setdefault")
            if method and is_environment(node.func.value):
                keys.append(key_of(node.args[0]))
            elif any(is_environment(arg) for arg in node.args):
                keys += [key_of(arg) for arg in node.args]
    return {k for k in keys if k and VARIABLE.fullmatch(k.replace("*", "X")) and k not in NOT_SETTINGS}


def read_by_code() -> dict[str, str]:
    """Every variable (or pattern) the product reads, with one module that reads it."""
    return {key: str(path.relative_to(ROOT)) for path in PRODUCT for key in keys_read(path.read_text(encoding="utf-8"))}


def named_in_code() -> set[str]:
    """Every string constant of the product shaped like a variable name."""
    return {node.value for path in PRODUCT for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and VARIABLE.fullmatch(node.value)}


@pytest.mark.parametrize("source, found", [
    ('env.get("PORT") or 5000', {"PORT"}),
    ('os.environ["VAR_DIR"]', {"VAR_DIR"}),
    ('os.environ.setdefault("TURN_WORKERS", "8")', {"TURN_WORKERS"}),
    ('_env(env, "OPENAI_MODEL")', {"OPENAI_MODEL"}),
    ('env.get(f"{c.id.upper()}_URL")', {"*_URL"}),
    ('request.environ.get("CONTENT_LENGTH")', set()),
    ('config.get("NOT_READ")', set()),
])
def test_the_scan_finds_what_a_module_reads_from_the_environment(source, found):
    assert keys_read(source) == found


def test_every_variable_the_code_reads_is_in_the_settings_table():
    documented = documented_variables()
    missing = {key: where for key, where in read_by_code().items()
               if not any(fnmatchcase(name, key) for name in documented)}
    assert missing == {}


def test_every_variable_in_the_settings_table_is_read_by_the_code():
    read, named = read_by_code(), named_in_code()
    unread = {name for name in documented_variables()
              if name not in named and not any(fnmatchcase(name, key) for key in read)}
    assert unread == set()


def readme_tools() -> dict[str, tuple[str, list[str]]]:
    """The README's tool table: each tool's role and its arguments as written (`doctor?` is optional)."""
    tools = {}
    for signatures, role in table_rows(section("The clinics' MCP interface")):
        for name, arguments in re.findall(r"`(\w+)\(([^)]*)\)", signatures):
            tools[name] = (role, [a.strip() for a in arguments.split(",") if a.strip()])
    return tools


def test_the_readme_tool_table_is_the_clinic_tool_contract():
    contract = {spec.name: (spec.role.value, [name + ("" if field.is_required() else "?")
                                              for name, field in spec.arguments.model_fields.items()])
                for spec in TOOLS}
    assert readme_tools() == contract
