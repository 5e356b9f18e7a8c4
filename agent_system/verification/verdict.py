"""The LLM verifier's reply, kept only where it is grounded: a flag must quote the checked text.

A flag counts when its quote occurs in the clinic data or the answer being checked and the
deterministic check of its rule confirms the quote (a dose pattern for R1, someone else's personal
data for R2, advice or a diagnosis for R3). Ungrounded flags are dropped and counted; a reply that
contradicts itself (safe with flags, unsafe without) or names no valid rule is discarded: the
deterministic verdict stands and nothing is blocked on its word.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

RULES = ("R1", "R2", "R3")
MIN_QUOTE = 3  # a quote of one or two characters occurs anywhere
VERDICT_SCHEMA = {
    "type": "object",
    "properties": {
        "safe": {"type": "boolean"},
        "flags": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["rule", "quote"],
            "properties": {"rule": {"type": "string", "enum": list(RULES)}, "quote": {"type": "string"}}}},
    },
    "required": ["safe", "flags"],
    "additionalProperties": False,
}

Confirm = Callable[[str, str], bool]  # (rule, quote) -> the rule's deterministic check agrees


@dataclass(frozen=True)
class Opinion:
    """The rules the LLM grounded, and how many of its flags were dropped (replies discarded count too)."""
    rules: frozenset[str]
    dropped: int


def grounded_opinion(reply: dict, checked: str, fold: Callable[[str], str], confirm: Confirm) -> Opinion:
    """Keep the flags whose quote is in `checked` (folded) and that their rule's check confirms."""
    safe, flags = reply.get("safe"), reply.get("flags")
    if not isinstance(safe, bool) or not isinstance(flags, list) or safe == bool(flags):
        # Malformed, "safe" with flags, or "unsafe" with none: no verdict to act on.
        return Opinion(frozenset(), len(flags) if isinstance(flags, list) and flags else 1)
    kept = [rule for flag in flags if (rule := _grounded(flag, checked, fold, confirm))]
    return Opinion(frozenset(kept), len(flags) - len(kept))


def _grounded(flag: object, checked: str, fold: Callable[[str], str], confirm: Confirm) -> str | None:
    """The flag's rule when it is grounded, else None."""
    if not isinstance(flag, dict):
        return None
    rule, quote = str(flag.get("rule", "")).strip().upper(), flag.get("quote")
    if rule not in RULES or not isinstance(quote, str) or len(quote.strip()) < MIN_QUOTE:
        return None
    return rule if fold(quote.strip()) in checked and confirm(rule, quote) else None
