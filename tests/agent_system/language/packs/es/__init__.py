"""Spanish, a language pack kept with the tests: registered by a test through `language.registry.register`, it proves
that a language is one folder (the answers, the calendar, the lexicon) and no edit anywhere else."""
from __future__ import annotations

from tests.agent_system.language.packs.es.pack import PACK

__all__ = ["PACK"]
