"""The Spanish pack: its answers, calendar and lexicon, put together as the built-in packs are."""
from __future__ import annotations

from agent_system.language.pack import LanguagePack
from tests.agent_system.language.packs.es import answers, calendar, lexicon

PACK = LanguagePack(code="es", keywords=calendar.KEYWORDS, keyword_endings=calendar.KEYWORD_ENDINGS,
                    phrases=answers.PHRASES, emergency=answers.EMERGENCY, blocked_notes=answers.BLOCKED_NOTES,
                    calendar=calendar.CALENDAR, lexicon=lexicon.LEXICON, specialty_name=answers.specialty_name,
                    of_doctor="del {}".format)
