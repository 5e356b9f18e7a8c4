"""One more booking asked for without a verb of its own: a doctor, a day and an hour said after "e"/"and"/"também"
right after a message that asked to book are asked to be booked the same way. Never a question, never after a
message that only asked about slots."""
from __future__ import annotations

import re

from agent_system.language.lexicon import LivePattern, alternatives
from agent_system.dialogue.reading.write_intent import is_write_request

# "e", "and", "também", "also": the language packs' words (language/<code>/lexicon.py).
_ONE_MORE = LivePattern(lambda: re.compile(rf"^\s*(?:{alternatives('one_more_opener')})\b", re.IGNORECASE))


def continues_a_request(message: str, whole_slot: bool, previous: str | None, names: frozenset[str]) -> bool:
    """Whether a whole slot said after "e"/"and" continues the previous message's request to book."""
    if not whole_slot or previous is None or "?" in message or not _ONE_MORE.match(message):
        return False
    return is_write_request(previous, names)
