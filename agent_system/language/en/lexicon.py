"""English: the words the reading looks for, by concept (language/concepts.py), on folded text."""
from __future__ import annotations

LEXICON: dict[str, tuple[str, ...]] = {
}
