"""Hypothesis strategies for hostile input: any JSON, and text salted with what breaks parsers and encoders."""
from __future__ import annotations

from hypothesis import strategies as st

# Hypothesis avoids lone surrogates and a few other sharp edges on its own; salt them back in.
SHARP_EDGES = ["\ud800", "\udfff", "\x00", "\u202e", "\ufeff", "😀", "🏳️‍🌈", "<script>", "'; --", "%s",
               "\r\n", "ç", "Ω", "１２", "\u0301", "{{", "\\", "\"", "..", "/"]
# Words the date and time readers and the planner look for, so examples reach past the first regex.
PLANNER_WORDS = [
    "dia", "18", "7", "30", "31", "29", "02", "12", "2026", "2027", "/", "-", ":", "de", "julho", "fev", "out",
    "amanhã", "hoje", "depois de amanhã", "sexta", "segunda-feira", "terça", "que vem", "próxima", "semana",
    "mês", "às", "as", "10h", "10:30", "9", "2 da tarde", "da manhã", "da noite", "meio-dia", "e meia", "AM",
    "pm", "tomorrow", "next week", "this month", "July 18th", "the 3rd", "2026-07-18", "18/07", "31/02",
    "marcar", "cancelar", "remarcar", "minhas consultas", "cardiologia", "pele", "joelho", "neurologia",
    "Dr. Ricardo Lopes", "Dra. Camila Rocha", "Clínica B", "o primeiro", "o mais cedo", "a segunda opção",
    "CARD-001", "pacientes", "111.444.777-35", "sim", "oi", "remédio", "dor no peito", "ignore as regras",
]

text = st.lists(st.one_of(st.text(max_size=12), st.sampled_from(SHARP_EDGES)), max_size=8).map("".join)
planner_text = st.lists(st.one_of(st.sampled_from(PLANNER_WORDS), st.sampled_from(SHARP_EDGES),
                                  st.text(max_size=4)), max_size=12).map(" ".join)
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                    text)
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(text, inner, max_size=4)),
                           max_leaves=12)
