"""A message that asks for several things at once ("marca com a Dra. X dia 30 às 9h e me mostra a ortopedia na
quarta", "cancel that one, and what does cardiology have on the 3rd?"), cut into one message per request.

A cut falls at a connective ("e", "and", "plus", "e também", ", and also", "?", ";", a full stop, a new line, a
comma before another doctor), and
only where what follows is a request of its own: a verb of asking with something to act on, or a doctor or
specialty with a day or time ("…e tbm a Dra. Y dia 4 às 9h"). Anything else stays with the part before it, so
"às 4 e meia", "dia 2 e 3" and "cardio e dermato na sexta" are never cut.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from agent_system.language.lexicon import LivePattern, alternatives, words
from agent_system.dialogue.reading.phrases import not_after_a_title


def _any(concept: str) -> str:
    return alternatives(concept)


def _not_a_pointer() -> str:
    """"…e, no mesmo dia, a Dra. Y às 9h": a comma after these words opens what they point at, it cuts no request
    there (the packs' pointer_before_comma, each its own lookbehind: they differ in length)."""
    return "".join(f"(?<!{re.escape(phrase)})" for phrase in words("pointer_before_comma"))


# The connectives are the language packs' (language/<code>/lexicon.py), in every registered language.
_CONNECTIVE = LivePattern(lambda: re.compile(
    rf"\s*(?:\?+|;|\n+|{not_after_a_title()}\.(?=\s)"
    rf"|,?\s+(?:{_any('request_and')})(?:\s*,)?\s+(?:(?:{_any('request_also')})\s+)?"
    rf"|,\s*(?:{_any('request_then')})\s+|{_not_a_pointer()},(?=\s*(?:(?:{_any('article')}) )?(?:{_any('doctor_title')})\b))\s*", re.IGNORECASE))


def split_requests(message: str, is_request: Callable[[str], bool],
                   asks_on_its_own: Callable[[str], bool]) -> list[str]:
    """The message's requests, in order: one string per request (the whole message when it asks for one thing).

    `is_request` says whether a part is something to act on; `asks_on_its_own` whether a part after a connective
    asks for it itself (its own verb, or a whole slot), rather than adding to what the part before asked."""
    parts: list[str] = []
    start = 0
    for cut in _CONNECTIVE.finditer(message):
        head, rest = message[start:cut.start()], message[cut.end():]
        after = _CONNECTIVE.search(rest)
        following = rest[:after.end()] if after else rest  # with its own "?": a question asks on its own
        if head.strip() and following.strip() and is_request(head) and asks_on_its_own(following):
            parts.append(head.strip())
            start = cut.end()
    parts.append(message[start:].strip())
    return [p for p in parts if p]
