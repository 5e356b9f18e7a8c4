"""Another day or time put forward without a verb of moving: "e se fosse na sexta?", "dá pra ser mais cedo?",
"can we make it Friday instead?", "pushing it to next week works better", "the afternoon would suit me better".

Only the frame is read here, matched on `text.normalize` output; what it puts forward (a day, a time, a part of
the day, a shift) is read by the readers of days, times and relative changes, and which booking it is about by the
planner. A frame alone moves nothing: with no booking in the conversation, "pode ser sexta?" stays a follow-up.
"""
from __future__ import annotations

import re

# The frames, PT (formal and WhatsApp) and EN. Each puts forward what follows it, or what precedes it ("sexta seria
# melhor", "4 pm works better").
PROPOSAL_FRAMES_PT = (
    r"e se (?:fosse|for|ficasse|ficar|passasse|mudasse|trocasse|jogasse|puder ser)",
    r"(?:da|daria|dava|tem como|teria como|consegue|conseguiria|consegue me|rola|poderia|podia|pode) (?:pra |para |p/ )?"
    r"(?:ser|ficar|passar|jogar|deixar|mudar|trocar|colocar|botar)",
    r"(?:consegue|conseguiria|rola|tem como)(?= \w)", r"prefiro", r"preferia", r"preferiria",
    r"(?:seria|fica|ficaria|e|era) melhor", r"melhor(?= (?:na|no|dia|semana|as|pra|de|a|o) )", r"^melhor", r"que tal", r"(?:serve|funciona) melhor",
)
PROPOSAL_FRAMES_EN = (
    r"what if (?:it|we|i|that)", r"what about", r"how about",
    r"(?:can|could|may) (?:we|you|i) (?:make it|do|have it|go with|switch to|move to|try)",
    r"(?:can|could|would) (?:it|that|this) (?:be|work)", r"would (?:it|that) be possible",
    r"(?:works|would work|work|suits? me|would suit me|is|would be|d be) better", r"(?:i d|i would) (?:rather|prefer)",
    r"\bprefer\b", r"better for me", r"suits? me",
)
_FRAME = re.compile(r"\b(?:" + "|".join(PROPOSAL_FRAMES_PT + PROPOSAL_FRAMES_EN) + r")\b")


def proposes(text: str) -> bool:
    """Whether a normalized message puts something forward in place of what was said or booked."""
    return bool(_FRAME.search(text))
