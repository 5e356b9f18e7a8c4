"""The import graph of a package, read from its source with `ast`: which module imports which.

Every import counts, wherever it stands (inside a function, under TYPE_CHECKING): a cycle hidden in
a function body is still a cycle for whoever reads or moves the code.
"""
from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

Graph = dict[str, set[str]]


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, not `__init__`)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph(root: Path, package: str) -> Graph:
    """Module -> the modules of the same package it imports."""
    known = modules(root, package)
    graph: Graph = {}
    for name, path in known.items():
        targets = {_owner(imported, known) for imported in _imported(name, path)}
        graph[name] = {t for t in targets if t and t != name}
    return graph


def _imported(name: str, path: Path) -> Iterable[str]:
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*here[:len(here) - node.level + 1], *([node.module] if node.module else [])])
            # `from a import b`: the module a.b when b is one, else a (resolved by `_owner`).
            yield from (f"{base}.{alias.name}" for alias in node.names)


def _owner(dotted: str, known: dict[str, Path]) -> str:
    """The innermost known module a dotted name falls in ("" when outside the package)."""
    while dotted and dotted not in known:
        dotted = dotted.rpartition(".")[0]
    return dotted


def unit(module: str, package: str) -> str:
    """The package-level room a module belongs to: `agent_system.dialogue.rules` -> `planning`."""
    rest = module.removeprefix(package).lstrip(".")
    return rest.split(".")[0] if rest else "__init__"


def collapse(graph: Graph, package: str) -> Graph:
    """The graph between rooms (sub-packages and top-level modules) instead of modules."""
    rooms: Graph = {}
    for source, targets in graph.items():
        outer = unit(source, package)
        rooms.setdefault(outer, set()).update(unit(t, package) for t in targets)
    return {room: targets - {room} for room, targets in rooms.items()}


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = stack[stack.index(node):]
                    del stack[stack.index(node):]
                    if len(group) > 1:
                        found.append(sorted(group))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                work.append((step, iter(sorted(graph.get(step, ())))))
            elif step in stack:
                low[node] = min(low[node], index[step])
    return found
