"""Every document the project cites is in the repository: no section of a design file or blueprint kept elsewhere.

A reader following a reference must be able to open it. The product's design lives in README.md and docs/; a
numbered section (the section sign) is cited only for a public standard named on the same line (an RFC).
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".js", ".html", ".css", ".toml", ".ini", ".cfg", ".conf", ""}
SECTION = "\u00a7"
# A design file kept outside the repository, named or cited by section.
DESIGN_FILE = re.compile("DESIGN" + r"(?:\.md\b|\s*" + SECTION + ")")
# A blueprint cited as a document: after an article or by section. Flask's blueprints (an API's) are code.
BLUEPRINT_DOCUMENT = re.compile(r"\b(?:the|its|original|do|o)\s+" + "blue" + r"print(?:'s)?(?!s)\b|"
                                + "blue" + r"print\s*" + SECTION, re.IGNORECASE)
SECTION_CITED = re.compile(SECTION + r"\s*\d")
PUBLIC_STANDARD = re.compile(r"\bRFC\s*\d+")


def cited_elsewhere(text: str) -> list[str]:
    """The lines of a text that cite a document the repository does not hold."""
    return [line.strip() for line in text.splitlines()
            if DESIGN_FILE.search(line) or BLUEPRINT_DOCUMENT.search(line)
            or (SECTION_CITED.search(line) and not PUBLIC_STANDARD.search(line))]


def product_texts() -> dict[str, str]:
    """Every tracked text file but the data sets (patients' messages, and the blind splits are never read)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True)
    texts = {}
    for name in filter(None, listed.stdout.split("\0")):
        path = ROOT / name
        wanted = name.endswith(".md") or not name.startswith("data/")
        if wanted and path.suffix in TEXT_SUFFIXES and path.is_file():
            texts[name] = path.read_text(encoding="utf-8", errors="replace")
    return texts


def test_the_checker_sees_each_kind_of_reference_elsewhere():
    planted = "\n".join([
        "# see " + "DESIGN" + " " + SECTION + "4 for the planner table",
        "as the " + "DESIGN" + ".md says",
        "as in the " + "blue" + "print, every clinic is asked",
        "fórmula literal do " + "blue" + "print",
        "the " + "blue" + "print's columns",
        "TSR per " + SECTION + "5.1",
    ])
    assert len(cited_elsewhere(planted)) == 6


def test_the_checker_leaves_flask_blueprints_and_public_standards_alone():
    allowed = "\n".join([
        '"""The JSON API ' + "blue" + 'print (`/api/*`)."""',
        "its routes come from two " + "blue" + "prints",
        "app.register_" + "blue" + "print(api)",
        "/** Escape a TEXT value (RFC 5545 " + SECTION + "3.3.11). */",
    ])
    assert cited_elsewhere(allowed) == []


def test_no_file_cites_a_document_that_is_not_in_the_repository():
    found = {name: lines for name, text in product_texts().items() if (lines := cited_elsewhere(text))}
    assert found == {}, "cite a document in the repository (README.md, docs/...) or drop the reference"
