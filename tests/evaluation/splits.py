"""Held-out splits: which files are splits, their messages, and the ledger of their measurements.

The ledger (`data/splits.json`) says, per split, when it was written, whether it is still blind or has
been folded into development, its first measurement (start of its round) and its end-of-round one, and
the known, documented exceptions to the overlap and append-only checks. `docs/evaluation.md` shows it
as a generated block, written by `python -m scripts.split_ledger --document`.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEDGER = ROOT / "data" / "splits.json"
DOC = ROOT / "docs" / "evaluation.md"
START, END = "<!-- heldout-splits:start (written by python -m scripts.split_ledger --document) -->", \
    "<!-- heldout-splits:end -->"
# Where splits live: the first conversation split, the blind conversation splits, the blind triage splits.
SPLIT_GLOBS = ("data/development/casos_teste_congelados.csv", "data/frozen/*.csv", "data/triage/heldout/*.csv")
ID_COLUMNS = ("id_caso", "id")
MESSAGE_COLUMNS = ("texto_usuario", "text")
EARLIER_TURNS = "turnos_anteriores"
TURN_SEPARATOR = " || "
BLIND, DEVELOPMENT = "blind", "development"


@dataclass(frozen=True)
class Message:
    """One message a patient types in a split: the row it belongs to and its text."""
    row: str
    text: str


def split_paths(root: Path = ROOT) -> list[str]:
    """Every split file in the tree, as a path relative to the repository root."""
    return sorted({p.relative_to(root).as_posix() for pattern in SPLIT_GLOBS for p in root.glob(pattern)})


def read_rows(text: str, where: str) -> dict[str, dict[str, str]]:
    """A split's rows by id; a split without an id or a message column is refused."""
    reader = csv.DictReader(io.StringIO(text))
    columns = set(reader.fieldnames or ())
    id_column = next((c for c in ID_COLUMNS if c in columns), None)
    if id_column is None or not columns & set(MESSAGE_COLUMNS):
        raise ValueError(f"{where}: a split needs one of the columns {ID_COLUMNS} and one of {MESSAGE_COLUMNS}")
    rows: dict[str, dict[str, str]] = {}
    for row in reader:
        if row[id_column] in rows:
            raise ValueError(f"{where}: row id {row[id_column]} appears twice")
        rows[row[id_column]] = row
    return rows


def messages(rows: dict[str, dict[str, str]]) -> list[Message]:
    """Every message of the rows: the judged one and any earlier turns."""
    found = []
    for row_id, row in rows.items():
        texts = [row[c] for c in MESSAGE_COLUMNS if c in row]
        texts += [t for t in (row.get(EARLIER_TURNS) or "").split(TURN_SEPARATOR) if t.strip()]
        found += [Message(row_id, text) for text in texts]
    return found


def load_ledger(path: Path = LEDGER) -> dict[str, dict]:
    """The ledger's entries by split path."""
    return {entry["path"]: entry for entry in json.loads(path.read_text(encoding="utf-8"))["splits"]}


def render(ledger: dict[str, dict]) -> str:
    """The ledger as the held-out table of docs/evaluation.md."""
    rows = ["| split | kind | written | status | first measurement (start of its round) | end of its round |",
            "|---|---|---|---|---|---|"]
    for entry in ledger.values():
        rows.append(f"| `{entry['path']}` ({entry['size']}) | {entry['kind']} | {entry['written']} | "
                    f"{_status(entry)} | {_measurement(entry.get('first'))} | {_measurement(entry.get('end'))} |")
    notes = [f"- `{entry['path']}`: {entry['note']}" for entry in ledger.values() if entry.get("note")]
    exceptions = [f"- `{entry['path']}` `{item['row']}`, rewritten at `{item['commit']}`: {item['reason']}"
                  for entry in ledger.values() for item in entry.get("known_rewrites", ())]
    exceptions += [f"- `{entry['path']}` `{item['row']}`, found whole in `{item['file']}`: {item['reason']}"
                   for entry in ledger.values() for item in entry.get("known_overlaps", ())]
    parts = ["\n".join(rows)]
    if notes:
        parts.append("\n".join(notes))
    if exceptions:
        parts.append("Known exceptions to the checks, with the reason each is kept:\n\n" + "\n".join(exceptions))
    return "\n\n".join(parts) + "\n"


def _status(entry: dict) -> str:
    if entry["status"] == BLIND:
        return "blind: failures not read"
    return f"folded into development ({entry['folded']})"


def _measurement(m: dict | None) -> str:
    if not m:
        return "–"
    figures = ", ".join(f"{f['metric']} {f['passed']}/{f['total']} = {100 * f['passed'] / f['total']:.1f}%"
                        for f in m["figures"])
    return f"{m['setup']} (`{m['commit']}`): {figures}"

