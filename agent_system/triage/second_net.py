"""The second net: after the deterministic screen clears a message, one short LLM check may escalate.

It looks only at messages with health language: the screen's reader found a concept that is a health or
life signal by itself (a pain, a swelling, a fall from a height), negated or not, or the semantic score reached
its signal level, yet no red-flag category fired.
A plain booking or listing gives it nothing to look at, so it makes no call. Its call is the
turn's first, counted in the turn's LLM budget: on a clear turn it uses the one call, and the
answer is then the deterministic one (safety before wording).

It never clears a deterministic hit, and it escalates only with a quote that occurs in the message
(compared after folding) and in which one of the deterministic nets sees a health signal: a sign the
lexicon's rules combine, or a semantic score at its signal level. Occurring in the message only proves
the words were written, not that they tell of danger: a date range, a doctor's name or a booking verb
is no signal, so an LLM cannot turn a routine request into the emergency answer. A timeout, an error
or an unusable reply leaves the screen's result as it was.
"""
from __future__ import annotations

import logging

from agent_system.errors import LLMError
from agent_system.domain.language import Language
from agent_system.llm.budget import TRIAGE
from agent_system.llm.client import LLM
from agent_system.triage.categories import CATEGORIES, SIGN_CONCEPTS
from agent_system.triage.reader import words_of
from agent_system.triage.bands import Thresholds, combine
from agent_system.triage.screen import assess
from agent_system.triage.result import TriageResult
from agent_system.triage.semantic import SemanticScoring, sentences

log = logging.getLogger(__name__)

MAX_TOKENS = 80  # {"emergency", "category", "quote"} and no more
MIN_QUOTE_WORDS = 2
CATEGORY_NAMES = tuple(c.name for c in CATEGORIES)
CHECK_SCHEMA = {
    "type": "object",
    "properties": {
        "emergency": {"type": "boolean"},
        "category": {"type": "string", "enum": [*CATEGORY_NAMES, "none"]},
        "quote": {"type": "string"},
    },
    "required": ["emergency", "category", "quote"],
    "additionalProperties": False,
}


class TriageSecondNet:
    """Asks the LLM about messages the deterministic screen cleared; may only escalate."""

    def __init__(self, llm: LLM, prompt: str, semantic: SemanticScoring | None = None,
                 thresholds: Thresholds = Thresholds()) -> None:
        if not prompt.strip():
            raise ValueError("the triage check needs its system prompt (prompts/triage_check.txt)")
        self._llm, self._prompt = llm, prompt
        self._semantic, self._signal_at = semantic, thresholds.signal_at

    def review(self, message: str, screened: TriageResult) -> TriageResult:
        """The screen's result, or an escalation the LLM backs with a quote from the message."""
        if screened.emergency or not screened.health_language:
            return screened
        try:
            reply = self._llm.complete_json(self._prompt, [{"role": "user", "content": message}], CHECK_SCHEMA,
                                            "triage_check", max_tokens=MAX_TOKENS, purpose=TRIAGE)
        except LLMError as e:  # its messages never carry the prompt or the reply
            log.warning("LLM triage check skipped, the screen's result stands: %s", e)
            return screened
        escalation = _escalation(reply, message, screened)
        if escalation is None:
            return screened
        if not self.health_signal(reply["quote"]):
            log.warning("LLM triage escalation ignored: no health signal in its quote")
            return screened
        return escalation

    def health_signal(self, quote: str) -> bool:
        """Whether the deterministic nets see a health signal in the quoted words themselves."""
        quoted = assess(quote)
        if quoted.emergency or not quoted.concepts.isdisjoint(SIGN_CONCEPTS):
            return True
        return self._semantic is not None and self._semantic.score(quote).emergency >= self._signal_at


def screen(message: str, language: Language, second_net: TriageSecondNet | None = None,
           semantic: SemanticScoring | None = None, concrete_request: bool = False) -> TriageResult:
    """The lexicon, then the semantic score's band, then the second net when one is configured.

    `concrete_request`: the message asks about a booking of its own (see `bands.combine`)."""
    result = assess(message, language)
    if semantic is not None:
        result = combine(result, semantic.score(message, language), words=_words_around(result.trigger, message),
                         concrete_request=concrete_request)
    return second_net.review(message, result) if second_net is not None else result


def _words_around(trigger: tuple[str, ...], message: str) -> int:
    """How many words the shortest sentence holding a red-flag word of the hit has (0: none found).

    The score can only overrule words it read in context: "mas antes: meu filho bebeu água sanitária" after a
    booking is six words the head scores poorly, however long the message around it.
    """
    holding = [len(part.split()) for part in sentences(message) or [message]
               if any(word in " ".join(words_of(part)) for word in trigger)]
    return min(holding, default=0)


def _escalation(reply: dict, message: str, screened: TriageResult) -> TriageResult | None:
    """An emergency result when the reply says so with a usable category and a quote found in the message."""
    if reply.get("emergency") is not True or not isinstance(reply.get("quote"), str):
        return None
    quote = _folded(reply["quote"])
    if len(quote) < MIN_QUOTE_WORDS or not _contains(_folded(message), quote):
        log.warning("LLM triage escalation ignored: its quote is not in the message")
        return None
    named = reply.get("category")
    category = named if isinstance(named, str) and named in CATEGORY_NAMES else "medical"
    return TriageResult(emergency=True, kind=category, matched=" ".join(quote), categories=(category,),
                        third_person=screened.third_person)


def _folded(text: str) -> list[str]:
    return [w for w in words_of(text) if w.isalnum()]


def _contains(words: list[str], quote: list[str]) -> bool:
    size = len(quote)
    return any(words[i:i + size] == quote for i in range(len(words) - size + 1))
