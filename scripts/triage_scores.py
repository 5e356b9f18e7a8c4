"""Scores the red-flag triage on data/development/triage_cases.csv and writes the figures into docs/evaluation.md.

    python -m scripts.triage_scores          # print the table and refresh the triage section of the doc

Sensitivity is counted per category and language on the emergencies, specificity per kind of near
miss and language on the routine messages. The cases were written from the clinical guidance by
someone who had not seen the triage vocabulary; they are never copied into it.
"""
from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from agent_system.triage.screen import assess
from scripts.documents import with_block

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "data" / "development" / "triage_cases.csv"
DOC = ROOT / "docs" / "evaluation.md"
START, END = "<!-- triage-scores:start -->", "<!-- triage-scores:end -->"


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    emergency: bool
    category: str
    language: str
    person: str
    form: str
    source: str


@dataclass(frozen=True)
class Tally:
    right: int
    total: int

    @property
    def rate(self) -> float:
        return self.right / self.total if self.total else 1.0

    def __str__(self) -> str:
        return f"{100 * self.rate:.1f}% ({self.right}/{self.total})"


def load_cases(path: Path = CASES) -> list[Case]:
    """The cases of the CSV (id,texto,esperado,categoria,idioma,pessoa,forma,fonte)."""
    with path.open(encoding="utf-8", newline="") as handle:
        return [Case(r["id"], r["texto"], r["esperado"] == "emergencia", r["categoria"], r["idioma"], r["pessoa"],
                     r["forma"], r["fonte"]) for r in csv.DictReader(handle)]


def wrong_cases(cases: list[Case]) -> list[Case]:
    """The cases the triage gets wrong: missed emergencies and false alarms."""
    return [c for c in cases if assess(c.text).emergency != c.emergency]


def tallies(cases: list[Case], emergency: bool, key) -> dict[tuple[str, str], Tally]:
    """Right/total per (group, language) for the emergencies or the near misses, plus an "all" row."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for case in (c for c in cases if c.emergency == emergency):
        right = assess(case.text).emergency == emergency
        for group in ((key(case), case.language), (key(case), "all"), ("all", case.language), ("all", "all")):
            counts[group][0] += right
            counts[group][1] += 1
    return {group: Tally(*values) for group, values in counts.items()}


def render(cases: list[Case]) -> str:
    """The doc section: sensitivity per category and specificity per near-miss kind, by language."""
    lines = [f"{len(cases)} cases: {sum(c.emergency for c in cases)} emergencies, "
             f"{sum(not c.emergency for c in cases)} near misses.", ""]
    for title, emergency, key in (("Sensitivity (emergencies caught)", True, lambda c: c.category),
                                  ("Specificity (near misses left alone)", False, lambda c: c.form)):
        table = tallies(cases, emergency, key)
        groups = sorted({g for g, _ in table if g != "all"}) + ["all"]
        lines += [f"| {title} | pt | en | all |", "|---|---|---|---|"]
        lines += [f"| {g} | " + " | ".join(str(table.get((g, lang), "–")) for lang in ("pt", "en", "all")) + " |"
                  for g in groups]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    section = render(load_cases())
    print(section)
    DOC.write_text(with_block(DOC.read_text(encoding="utf-8"), START, END, section), encoding="utf-8")
