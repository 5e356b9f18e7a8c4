"""Portuguese: the words around the federation's names (dialogue/reading/federation_words.py), on folded text."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "clinic_word": (r"clinica",),
    "clinics_word": (r"clinicas",),
    # "a clínica do coração", "médico de osso"
    "place_before_word": (r"clinica", r"medic[oa]", r"doutor[a]?"),
    "place_joiner": (r"d[aoe]s?",),
    # "Bradesco Saúde" is also called "Bradesco" (words)
    "plan_name_suffix": ("saude",),
}
