"""English: the answers (`answers.py`), the calendar and the words that show the language (`calendar.py`),
and the words the reading looks for by concept (`lexicon.py`)."""
from __future__ import annotations

from agent_system.language.pack import LanguagePack
from agent_system.language.en import answers, calendar, lexicon

PACK = LanguagePack(code="en", keywords=calendar.KEYWORDS, keyword_endings=calendar.KEYWORD_ENDINGS,
                    phrases=answers.PHRASES, emergency=answers.EMERGENCY, blocked_notes=answers.BLOCKED_NOTES,
                    calendar=calendar.CALENDAR, lexicon=lexicon.LEXICON, month_before_day=True)
