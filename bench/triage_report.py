"""How well the whole screen (lexicon, semantic score, bands) separates a labelled split, per category.

    python -m bench.triage_report            # the corpus's test split
    python -m bench.triage_report --heldout FILE  # a blind split in data/triage/heldout/ (default: the latest)
    python -m bench.triage_report --document # also rewrite the test split's block in docs/evaluation.md

Sensitivity counts emergencies answered as emergencies; "flagged" also counts those led by the
safety line (doubt). Specificity counts routine messages not answered as emergencies; "clear" also
leaves out the ones given the safety line. Only counts are printed, never a message.
"""
from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from clinic_servers.contract.environment import PROJECT_ROOT

from agent_system.triage.corpus import CORPUS_DIR, Example, examples
from agent_system.triage.second_net import screen
from agent_system.triage.semantic import SemanticScoring

__all__ = ["DOC", "END", "START", "Tally", "heldout_examples", "measure", "main", "summary"]

HELDOUT_DIR = CORPUS_DIR.parent / "heldout"
DOC = PROJECT_ROOT / "docs" / "evaluation.md"
START, END = "<!-- triage-semantic:start -->", "<!-- triage-semantic:end -->"


@dataclass
class Tally:
    """Counts of one group of messages by the band they got."""
    emergency: int = 0
    doubt: int = 0
    clear: int = 0

    @property
    def total(self) -> int:
        return self.emergency + self.doubt + self.clear


@dataclass
class Measurement:
    """Per category, the bands given to its emergencies and to its near misses (routine)."""
    emergencies: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    routine: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))

    def overall(self, group: dict[str, Tally]) -> Tally:
        return Tally(*(sum(getattr(t, band) for t in group.values()) for band in ("emergency", "doubt", "clear")))

    @property
    def sensitivity(self) -> float:
        total = self.overall(self.emergencies)
        return total.emergency / total.total

    @property
    def specificity(self) -> float:
        total = self.overall(self.routine)
        return 1 - total.emergency / total.total


def measure(rows: list[Example], semantic: SemanticScoring) -> Measurement:
    """Screen every message as the pipeline does and count the bands."""
    measurement = Measurement()
    for row in rows:
        band = screen(row.text, _language(row), semantic=semantic).band
        group = measurement.emergencies if row.emergency else measurement.routine
        tally = group[row.category]
        setattr(tally, band, getattr(tally, band) + 1)
    return measurement


def heldout_examples(path: Path | None = None) -> list[Example]:
    """A blind split's rows as examples (its own columns: expected instead of label, no split)."""
    path = path or max(HELDOUT_DIR.glob("*.csv"))
    return [Example(id=r["id"], text=r["text"], emergency=r["expected"] == "emergency", category=r["category"],
                    language=r["language"], form=r["form"], split="heldout")
            for r in csv.DictReader(path.open(encoding="utf-8", newline=""))]


def table(measurement: Measurement) -> str:
    """A markdown table: per category, emergencies caught (and flagged) and near misses not alarmed (and clear)."""
    lines = ["| category | emergencies caught | flagged (+doubt) | near misses not alarmed | clear |",
             "|---|---|---|---|---|"]
    for category in sorted(measurement.emergencies.keys() | measurement.routine.keys()):
        e, r = measurement.emergencies.get(category, Tally()), measurement.routine.get(category, Tally())
        lines.append(f"| {category} | {_share(e.emergency, e.total)} | {_share(e.emergency + e.doubt, e.total)} | "
                     f"{_share(r.total - r.emergency, r.total)} | {_share(r.clear, r.total)} |")
    e, r = measurement.overall(measurement.emergencies), measurement.overall(measurement.routine)
    lines.append(f"| **all** | {_share(e.emergency, e.total)} | {_share(e.emergency + e.doubt, e.total)} | "
                 f"{_share(r.total - r.emergency, r.total)} | {_share(r.clear, r.total)} |")
    return "\n".join(lines)


def summary(measurement: Measurement, rows: int) -> str:
    """The table and its totals, as the evaluation doc shows them."""
    return (f"{table(measurement)}\n\nsensitivity {measurement.sensitivity:.1%}, "
            f"specificity {measurement.specificity:.1%} over {rows} messages\n")


def _share(count: int, total: int) -> str:
    return f"{count}/{total} ({count / total:.1%})" if total else "-"


def _language(row: Example) -> str:
    return "en" if row.language == "en" else "pt"


def main(argv: list[str] | None = None) -> None:
    from agent_system.assembly import semantic_screen
    parser = argparse.ArgumentParser(description="Sensitivity and specificity of the triage screen, per category.")
    parser.add_argument("--heldout", nargs="?", const="", metavar="FILE",
                        help="measure a blind split (default: the latest) instead of the test split")
    parser.add_argument("--document", action="store_true", help="write the test split's figures into docs/evaluation.md")
    args = parser.parse_args(argv)
    rows = heldout_examples(Path(args.heldout) if args.heldout else None) if args.heldout is not None \
        else examples("test")
    text = summary(measure(rows, semantic_screen()), len(rows))
    print(text)
    if args.document and args.heldout is None:
        before, rest = DOC.read_text(encoding="utf-8").split(START, 1)
        DOC.write_text(f"{before}{START}\n{text}{END}{rest.split(END, 1)[1]}", encoding="utf-8")


if __name__ == "__main__":
    main()
