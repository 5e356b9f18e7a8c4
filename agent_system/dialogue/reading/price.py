"""A question about what a visit costs: "quanto custa a consulta particular?", "é caro?", "how much is a visit?".

No clinic's data has prices; the answer says so and points to the clinics. Only the price of a visit counts:
"quanto custa um iphone?" is about something else, and "quanto custa o das 14h?" about a listed slot. Matched on
`text.normalize` output.
"""
from __future__ import annotations

from agent_system.language.lexicon import concept_pattern
from agent_system.dialogue.reading.phrases import phrase_pattern

# The words are the language packs' (language/<code>/lexicon.py), in every registered language.
_PRICE = concept_pattern("price")
# What may stand around the price words: small words, and the visit itself ("a consulta particular", "a visit").
_AROUND = phrase_pattern("price_around")


def asks_price(text: str, names_a_provider: bool) -> bool:
    """Whether the (normalised) message asks what a visit costs; a specialty, doctor or clinic named may be whose."""
    if not _PRICE.search(text):
        return False
    return names_a_provider or not _AROUND.sub(" ", _PRICE.sub(" ", text)).strip()
