"""The labelled triage corpus in `data/triage/corpus/`: messages written from the clinical reference.

Each row is one patient message, labelled emergency or routine, with the red-flag category it shows
(or the one it is a near miss of) and how it is told. Every row carries its split, fixed when the
row was added: the head is trained on `dev` only, and `test` is what the suite measures.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from clinic_servers.contract.environment import PROJECT_ROOT

__all__ = ["CATEGORIES", "CORPUS_DIR", "Example", "answer_category", "examples"]

CORPUS_DIR = PROJECT_ROOT / "data" / "triage" / "corpus"
# The reference's sixteen sections; the emergency answer files the two kinds of severe pain together.
CATEGORIES = ("cardiac", "stroke", "breathing", "bleeding", "consciousness", "anaphylaxis", "headache", "abdominal",
              "trauma", "burns", "poisoning", "obstetric", "child", "sepsis", "suicide", "violence")
_ANSWER_CATEGORY = {"headache": "severe_pain", "abdominal": "severe_pain"}


@dataclass(frozen=True)
class Example:
    """One labelled message."""
    id: str
    text: str
    emergency: bool
    category: str  # a reference category, or "none" for plain clinic traffic
    language: str
    form: str
    split: str  # "dev" or "test"

    @property
    def target(self) -> str:
        """The class the head learns: the category of an emergency, else routine."""
        return self.category if self.emergency else "routine"


def examples(split: str | None = None, directory: Path = CORPUS_DIR) -> list[Example]:
    """Every example of the corpus (or of one split), in file and row order."""
    found = [_example(row) for path in sorted(directory.glob("*.csv"))
             for row in csv.DictReader(path.open(encoding="utf-8", newline=""))]
    return [e for e in found if split is None or e.split == split]


def answer_category(category: str) -> str:
    """The emergency answer's category for a reference category."""
    return _ANSWER_CATEGORY.get(category, category)


def _example(row: dict[str, str]) -> Example:
    label, category = row["label"].strip(), row["category"].strip()
    if label not in ("emergency", "routine") or (label == "emergency" and category not in CATEGORIES):
        raise ValueError(f"corpus row {row['id']}: label {label!r} with category {category!r}")
    return Example(id=row["id"], text=row["text"], emergency=label == "emergency", category=category,
                   language=row["language"], form=row["form"], split=row["split"])
