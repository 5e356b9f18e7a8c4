"""A reply that only accepts: "blz, pode ser", "ok quero", "sure, sounds good", "yes please".

Such a reply names nothing to act on. After a slot offered for a yes it takes that slot; after a plain listing
it chooses none of the slots, and the patient is asked which. Matched on `text.normalize` output. Thanks alone
("ok, obrigado", "thanks!") closes an exchange rather than accepting anything.
"""
from __future__ import annotations

import re

from agent_system.dialogue.reading.phrases import any_phrase

# Words that say yes on their own.
_YES = any_phrase(
    "sim", "simm", "s", "ss", "pode ser", "pode sim", "pode", "quero", "quero sim", "eu quero", "vou querer", "aceito",
    "claro", "com certeza", "isso", "isso mesmo", "bora", "vamos", "vamo", "fechado", "fechou", "combinado", "demorou",
    "dale",
    "pode marcar", "pode agendar", "pode reservar", "quero marcar", "quero agendar", "marca", "agenda", "marca pra mim",
    "yes", "yess", "yeah", "yea", "yep", "yup", "sure", "of course", "absolutely", "definitely", "sounds good",
    "sounds great", "sounds perfect", "let s do it", "lets do it", "let s do that", "go ahead", "do it", "i want it",
    "i ll take it", "book it", "book", "book me", "book me in", "please book", "that works", "works for me", "that s fine",
    "that s great")
# Words that agree but may only acknowledge: a yes unless thanks comes with them ("ok, obrigado").
_OK = any_phrase(
    "ok", "okk", "okay", "blz", "beleza", "ta", "ta bom", "ta otimo", "certo", "otimo", "perfeito", "show", "top",
    "massa", "uhum", "aham", "alright", "all right", "fine", "great", "perfect", "cool", "awesome", "nice", "k")
_THANKS = any_phrase("obrigado", "obrigada", "obg", "brigado", "valeu", "vlw", "thanks", "thank you", "thx", "ty")
# Courtesy and small words that change nothing.
_FILLER = any_phrase("por favor", "pf", "pfv", "pfvr", "please", "pls", "plz", "entao", "then", "so", "e", "and",
                     "ah", "oh", "well", "sim sim", "ja", "mesmo", "really", "just", "very", "muito",
                     # a pointer at what was just shown names no slot of its own: "pode marcar esse", "book that one"
                     "esse", "essa", "esse ai", "essa ai", "that one", "this one", "that", "it")
_NOTHING_LEFT = re.compile(r"[\s.:/-]*")


def only_accepts(text: str) -> bool:
    """Whether the (normalised) reply says yes and nothing else: no slot, doctor, day, question or thanks."""
    if not text or not (_YES.search(text) or _OK.search(text)):
        return False
    if _THANKS.search(text) and not _YES.search(text):
        return False
    rest = _FILLER.sub(" ", _THANKS.sub(" ", _OK.sub(" ", _YES.sub(" ", text))))
    return _NOTHING_LEFT.fullmatch(rest) is not None
