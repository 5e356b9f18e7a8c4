"""Generated blocks in the project's documents: scripts rewrite only what lies between their markers."""
from __future__ import annotations


def with_block(doc: str, start: str, end: str, body: str) -> str:
    """The document with the block between `start` and `end` replaced by `body` (appended when missing)."""
    block = f"{start}\n{body}{end}"
    if start in doc and end in doc:
        head, rest = doc.split(start, 1)
        return head + block + rest.split(end, 1)[1]
    return doc.rstrip() + "\n\n" + block + "\n"
