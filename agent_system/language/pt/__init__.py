"""Portuguese (pt-BR): the answers (`answers.py`), the calendar and the words that show the language (`calendar.py`),
and the words the reading looks for by concept (`lexicon.py`)."""
from __future__ import annotations

from operator import attrgetter

from agent_system.language.pack import LanguagePack
from agent_system.language.pt import answers, calendar, lexicon

PACK = LanguagePack(code="pt", keywords=calendar.KEYWORDS, keyword_endings=calendar.KEYWORD_ENDINGS,
                    phrases=answers.PHRASES, emergency=answers.EMERGENCY, blocked_notes=answers.BLOCKED_NOTES,
                    calendar=calendar.CALENDAR, lexicon=lexicon.LEXICON,
                    specialty_name=attrgetter("name_pt"), of_doctor=answers.of_doctor)
