"""No figure typed by hand: every measured figure of the docs is a generated block that matches its JSON.

Each block rendered from a run's JSON must equal what that JSON renders today; every block of the
docs and the README is one of those, or recomputed by the suite (`tests/support/figures.py` names the test),
or listed as not yet rendered from JSON; outside the blocks, the performance document and the README
state no measured figure, only settings, targets and the arithmetic of the budget.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.figures import PENDING, RECOMPUTED, RENDERED, ROOT, RenderedBlock

BLOCK_START = re.compile(r"<!-- [\w-]+:(?:start|begin)\b[^>]*-->")
BLOCK_END = re.compile(r"<!-- [\w-]+:end -->")
# A number with the unit of a measurement.
FIGURE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?\s?(?:ms|µs|s|seconds?|min|minutes?|MiB|MB|GiB|KiB|%|×|x|"
                    r"turns/s|turns|sessions|calls|connections|streams|messages)(?!\w)")
# Figures outside the blocks that are not measurements: what the code is configured with, the
# benchmark's own setup, the targets, and what two cores allow per turn at the target rate.
SETTINGS = {
    "docs/performance.md": {
        "30 messages": "the shipped per-session limit", "70%": "the mix's share of listings (bench setup)",
        "15%": "the mix's share of bookings", "2 turns": "a change and its confirmation", "10%": "the mix's share",
        "5%": "the mix's share of 'my appointments'", "200 ms": "the fan-out proxy's delay (bench setup)",
        "250 turns/s": "the throughput target",
        "32 sessions": "the mix's concurrency (bench setup)", "8 ms": "2000 CPU ms a second / 250 turns",
        "100 ms": "SQLite's longest retry sleep", "12 messages": "what a session row keeps",
        "40 turns": "the history a session shows", "0.1 s": "the timed turns' spacing (bench setup)",
        "500 streams": "the serving bench's open streams (setup)",
    },
    "README.md": {
        "5 s": "gunicorn's header timeout; the router's clinic timeout", "60 minutes": "the session's idle expiry",
        "60 min": "the session's idle expiry",
        "2 s": "the clinics' write deadline", "8 connections": "the PostgreSQL pool size",
        "15 minutes": "the identity lock window", "10 MiB": "AUDIT_MAX_BYTES' default",
        "30 minutes": "how long identity failures are kept", "2.4 ×": "the booking code space (2.4 × 10⁸)",
    },
}


@pytest.mark.parametrize("block", RENDERED, ids=lambda b: f"{b.document.name}:{b.start.split(':')[0][5:]}")
def test_every_rendered_block_matches_its_json(block: RenderedBlock):
    assert block.in_document() == block.rendered(), f"regenerate it: {block.start}"


def test_every_block_of_the_docs_and_readme_is_rendered_recomputed_or_pending():
    known = {b.start for b in RENDERED} | set(RECOMPUTED) | set(PENDING)
    found = {m.group(0) for path in documents() for m in BLOCK_START.finditer(path.read_text(encoding="utf-8"))}
    assert found <= known, sorted(found - known)
    assert all((ROOT / test).is_file() for test in RECOMPUTED.values())


@pytest.mark.parametrize("document", sorted(SETTINGS))
def test_outside_its_blocks_no_measured_figure_is_typed_by_hand(document: str):
    typed = sorted({(n, hit) for n, line in prose_lines(ROOT / document) for hit in FIGURE.findall(line)
                    if hit not in SETTINGS[document] and not _target(line, hit)})
    assert typed == [], "a measured figure belongs in a generated block with its JSON (line, figure)"


def test_a_figure_edited_by_hand_inside_a_block_is_caught(tmp_path: Path):
    block = RENDERED[0]
    doc = tmp_path / "doc.md"
    doc.write_text(f"{block.start}\n{block.rendered()}\n{block.end}\n", encoding="utf-8")
    edited = RenderedBlock(doc, block.start, block.end, block.figures, block.render)
    assert edited.in_document() == edited.rendered()
    first_figure = re.search(r"\d+\.\d", edited.in_document()).group(0)
    doc.write_text(doc.read_text(encoding="utf-8").replace(first_figure, "0.1", 1), encoding="utf-8")
    assert edited.in_document() != edited.rendered()


def test_the_scan_sees_a_typed_figure_and_leaves_blocks_and_code_alone(tmp_path: Path):
    doc = tmp_path / "doc.md"
    doc.write_text("It took 14 ms.\n<!-- x:start -->\n15 ms\n<!-- x:end -->\n```\n16 ms\n```\n", encoding="utf-8")
    assert [hit for _, line in prose_lines(doc) for hit in FIGURE.findall(line)] == ["14 ms"]


def documents() -> list[Path]:
    return [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """The lines outside generated blocks and code fences, numbered."""
    lines, inside, fenced = [], False, False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if BLOCK_START.search(line) or BLOCK_END.search(line):
            inside = bool(BLOCK_START.search(line))
        elif line.startswith("```"):
            fenced = not fenced
        elif not inside and not fenced:
            lines.append((number, line))
    return lines


def _target(line: str, hit: str) -> bool:
    """A limit stated as one ("≤ 10 ms", ">= 250 turns/s") is a target, not a measurement."""
    return bool(re.search(r"(?:≤|≥|<=|>=)\s*" + re.escape(hit), line))
