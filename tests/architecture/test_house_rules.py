"""The house rules a maintainer relies on: small modules, short functions, no dead code."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ["agent_system", "clinic_servers", "web_app.py", "gunicorn_web.conf.py"]
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 40


def product_modules() -> list[Path]:
    paths = []
    for name in PRODUCT:
        path = ROOT / name
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return paths


def long_functions(source: str, limit: int) -> list[str]:
    """The functions (methods and nested ones included) longer than `limit` lines."""
    return [f"{node.name}: {node.end_lineno - node.lineno + 1}" for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= limit]


def test_the_checker_sees_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    assert long_functions(f"def f():\n{body}\n", MAX_FUNCTION_LINES) == [f"f: {MAX_FUNCTION_LINES + 1}"]
    assert long_functions("def g():\n    return 1\n", MAX_FUNCTION_LINES) == []


def test_no_module_is_over_300_lines_and_no_function_over_40():
    too_long, long_ones = [], []
    for path in product_modules():
        source = path.read_text(encoding="utf-8")
        name = str(path.relative_to(ROOT))
        if source.count("\n") > MAX_MODULE_LINES:
            too_long.append(name)
        long_ones += [f"{name}:{f}" for f in long_functions(source, MAX_FUNCTION_LINES)]
    assert (too_long, long_ones) == ([], [])


def dead_code(paths: list[str], cwd: Path) -> str:
    found = subprocess.run([sys.executable, "-m", "vulture", *paths, "--min-confidence", "80"], cwd=cwd,
                           capture_output=True, text=True)
    return found.stdout


def test_vulture_sees_dead_code(tmp_path):
    (tmp_path / "module.py").write_text("import json\n\n\ndef used():\n    return 1\n\n\nused()\n")
    assert "unused import 'json'" in dead_code(["module.py"], tmp_path)


def test_vulture_finds_no_dead_code():
    # gunicorn's hooks take the arguments gunicorn passes, used or not.
    assert dead_code([p for p in PRODUCT if p != "gunicorn_web.conf.py"], ROOT) == ""
