"""Prints the held-out splits' ledger (data/splits.json) as docs/evaluation.md shows it.

    python -m scripts.split_ledger              # print the table
    python -m scripts.split_ledger --document   # also rewrite the held-out block of docs/evaluation.md
"""
from __future__ import annotations

import argparse
import sys

from scripts.documents import with_block
from tests.evaluation.splits import DOC, END, START, load_ledger, render


def main(argv: list[str] | None = None) -> int:
    """Print the ledger's table; with --document, rewrite its block of docs/evaluation.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--document", action="store_true", help=f"rewrite the held-out block of {DOC.name}")
    args = parser.parse_args(argv)
    table = render(load_ledger())
    print(table)
    if args.document:
        DOC.write_text(with_block(DOC.read_text(encoding="utf-8"), START, END, table), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
