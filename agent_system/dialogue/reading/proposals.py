"""Another day or time put forward without a verb of moving: "e se fosse na sexta?", "dá pra ser mais cedo?",
"can we make it Friday instead?", "pushing it to next week works better", "the afternoon would suit me better".

Only the frame is read here, matched on `text.normalize` output; what it puts forward (a day, a time, a part of
the day, a shift) is read by the readers of days, times and relative changes, and which booking it is about by the
planner. A frame alone moves nothing: with no booking in the conversation, "pode ser sexta?" stays a follow-up.
"""
from __future__ import annotations

from agent_system.language.lexicon import concept_pattern

# The frames are the language packs' (language/<code>/lexicon.py, "proposal_frame"), in every registered language.
# Each puts forward what follows it, or what precedes it ("sexta seria melhor", "4 pm works better").
_FRAME = concept_pattern("proposal_frame")


def proposes(text: str) -> bool:
    """Whether a normalized message puts something forward in place of what was said or booked."""
    return bool(_FRAME.search(text))
