"""A reply that only accepts: "blz, pode ser", "ok quero", "sure, sounds good", "yes please".

Such a reply names nothing to act on. After a slot offered for a yes it takes that slot; after a plain listing
it chooses none of the slots, and the patient is asked which. Matched on `text.normalize` output. Thanks alone
("ok, obrigado", "thanks!") closes an exchange rather than accepting anything.
"""
from __future__ import annotations

import re

from agent_system.dialogue.reading.phrases import phrase_pattern

# The words are the language packs' (language/<code>/lexicon.py): plain phrases, matched longest first.
_YES = phrase_pattern("accept_yes")  # words that say yes on their own
_OK = phrase_pattern("accept_ok")  # words that agree but may only acknowledge: a yes unless thanks come with them
_THANKS = phrase_pattern("accept_thanks")
_FILLER = phrase_pattern("accept_filler")  # courtesy, and a pointer at what was just shown, change nothing
_NOTHING_LEFT = re.compile(r"[\s.:/-]*")


def only_accepts(text: str) -> bool:
    """Whether the (normalised) reply says yes and nothing else: no slot, doctor, day, question or thanks."""
    if not text or not (_YES.search(text) or _OK.search(text)):
        return False
    if _THANKS.search(text) and not _YES.search(text):
        return False
    rest = _FILLER.sub(" ", _THANKS.sub(" ", _OK.sub(" ", _YES.sub(" ", text))))
    return _NOTHING_LEFT.fullmatch(rest) is not None
