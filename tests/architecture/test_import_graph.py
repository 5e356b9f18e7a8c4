"""The orchestrator's imports point one way: no cycle between modules or rooms, and never up the layers.

The layer order is the one `docs/architecture.md` states between its `<!-- layers -->` markers: this test
reads it there, so the document and the code cannot drift apart.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.architecture.import_graph import collapse, cycles, import_graph, unit

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "agent_system"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
# The stages after planning see only the shared types and the side rooms every stage may use.
ISOLATED = ("dispatch", "verification", "answer")
SHARED = {"domain", "errors", "language", "llm"}


def layers() -> list[set[str]]:
    """The rooms of each layer, top first, as the architecture document lists them."""
    block = ARCHITECTURE.read_text(encoding="utf-8").split("<!-- layers -->")[1].split("<!-- /layers -->")[0]
    # "3. `assembly`: builds the pipeline": the rooms are the names before the colon.
    return [set(re.findall(r"`(\w+)`", line.split(":")[0])) for line in block.splitlines() if re.match(r"\d+\.", line)]


def layer_of() -> dict[str, int]:
    return {room: depth for depth, rooms in enumerate(layers()) for room in rooms}


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")


def test_the_scan_counts_relative_deferred_and_type_only_imports(tmp_path):
    write_package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a/__init__.py": "",
        "pkg/a/one.py": "from ..b import two\n",
        "pkg/b/__init__.py": "",
        "pkg/b/two.py": "def later():\n    from pkg.c.three import X\n",
        "pkg/c/__init__.py": "",
        "pkg/c/three.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a.one\nX = 1\n",
    })
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.a.one"] == {"pkg.b.two"}
    assert graph["pkg.b.two"] == {"pkg.c.three"}
    assert graph["pkg.c.three"] == {"pkg.a.one"}
    assert cycles(graph) == [["pkg.a.one", "pkg.b.two", "pkg.c.three"]]
    assert cycles(collapse(graph, "pkg")) == [["a", "b", "c"]]


def test_a_graph_that_points_one_way_has_no_cycle():
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert unit("agent_system.dialogue.rules", PACKAGE) == "dialogue"
    assert unit("agent_system.pipeline", PACKAGE) == "pipeline"


@pytest.mark.parametrize("package", [PACKAGE, "clinic_servers"])
def test_no_module_imports_itself_back_through_others(package):
    assert cycles(import_graph(ROOT, package)) == []


def test_no_room_of_the_orchestrator_imports_itself_back_through_others():
    assert cycles(collapse(import_graph(ROOT, PACKAGE), PACKAGE)) == []


def test_every_room_has_exactly_one_layer_in_the_architecture_document():
    listed = [room for rooms in layers() for room in rooms]
    assert len(listed) == len(set(listed))
    rooms = set(collapse(import_graph(ROOT, PACKAGE), PACKAGE)) - {"__init__"}
    assert rooms == set(listed)


def test_imports_point_down_the_layers():
    depth = layer_of()
    upward = sorted(f"{source} -> {target}" for source, targets in import_graph(ROOT, PACKAGE).items()
                    for target in targets
                    if depth.get(unit(target, PACKAGE), 0) < depth.get(unit(source, PACKAGE), 0))
    assert upward == []


def test_the_domain_imports_nothing_of_the_orchestrator_but_itself():
    graph = import_graph(ROOT, PACKAGE)
    assert {t for s, targets in graph.items() if unit(s, PACKAGE) == "domain" for t in targets
            if unit(t, PACKAGE) != "domain"} == set()


@pytest.mark.parametrize("stage", ISOLATED)
def test_the_stages_after_planning_import_only_the_domain_and_the_shared_rooms(stage):
    graph = import_graph(ROOT, PACKAGE)
    reached = {t for s, targets in graph.items() if unit(s, PACKAGE) == stage for t in targets
               if unit(t, PACKAGE) not in SHARED | {stage}}
    assert reached == set()


def test_the_reading_imports_nothing_of_the_dialogue_around_it():
    # The reading is a function of the text and the language pack: handlers and planners read it, never the reverse.
    graph = import_graph(ROOT, PACKAGE)
    reading = f"{PACKAGE}.dialogue.reading"
    reached = {t for s, targets in graph.items() if s.startswith(reading) for t in targets
               if t.startswith(f"{PACKAGE}.dialogue") and not t.startswith(reading)}
    assert reached == set()
