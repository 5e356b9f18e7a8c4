"""What the triage found in one message: the band, the leading category, and the words that said so."""
from __future__ import annotations

from dataclasses import dataclass, field

from agent_system.domain.language import Language


@dataclass(frozen=True)
class TriageResult:
    """Whether a message is an emergency, its leading category, and the folded words that said so."""

    emergency: bool
    kind: str | None = None  # the leading category ("suicide", "cardiac", ...; "medical" when unspecified)
    matched: str | None = None
    categories: tuple[str, ...] = field(default=(), compare=False)  # every category hit, leading one first
    third_person: bool = field(default=False, compare=False)  # told about someone else: "stay with them"
    # The reader found a concept that is a health or life signal by itself (a pain, a swelling, a fall from a
    # height: `phrases/alone.json`), even negated or cleared, or the semantic score reached its signal level: what
    # the second net may look at. A plain booking or listing has none, nor has "fechou" or "é pro meu pai" alone.
    health_language: bool = field(default=False, compare=False)
    # The concepts found live (not negated): who is at risk tells the answer which lines to add.
    concepts: frozenset[str] = field(default=frozenset(), compare=False)
    # The concepts found only negated ("sem febre", "not breathing hard"): cues for the semantic head.
    negated_concepts: frozenset[str] = field(default=frozenset(), compare=False)
    # The language the red-flag words themselves show: a short emergency has few other words to tell it.
    language: Language | None = field(default=None, compare=False)
    # The red-flag words of the hit, each as found (not the words between them): what the audit keeps.
    trigger: tuple[str, ...] = field(default=(), compare=False)
    # The semantic screen's probability that the message describes an emergency (None when it did not run),
    # and whether that score, short of an emergency, asks the patient if someone is in danger now.
    score: float | None = field(default=None, compare=False)
    doubt: bool = field(default=False, compare=False)

    @property
    def said_in_words(self) -> bool:
        """The emergency rests on words found in the message (the lexicon's or the second net's quote)."""
        return bool(self.trigger or self.matched)

    @property
    def band(self) -> str:
        """"emergency", "doubt" or "clear"."""
        return "emergency" if self.emergency else "doubt" if self.doubt else "clear"

    def audit(self) -> dict:
        """What the audit trail keeps for clinical review: band, categories, score and red-flag words, never the message."""
        record: dict = {"band": self.band, "score": self.score}
        if self.band != "clear":
            record |= {"category": self.kind, "categories": list(self.categories or (self.kind,))}
        if self.trigger or self.matched:
            record["matched"] = list(self.trigger) if self.trigger else [self.matched]
        return record

    @property
    def help_called(self) -> bool:
        """The patient says help was already called ("já liguei pro SAMU", "ambulance is on the way")."""
        return "HELP_CALLED" in self.concepts
