"""English: the words around the federation's names (dialogue/reading/federation_words.py), on folded text."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "clinic_word": (r"clinic",),
    "clinics_word": (r"clinics",),
    # "the skin clinic", "heart doctors"
    "place_after_word": (r"clinics?", r"doctors?", r"specialists?"),
}
