"""Portuguese (pt-BR): the answers (`answers.py`), the calendar and the words that show the language (`calendar.py`),
the words the reading looks for by concept (`lexicon.py`) and its days and times said in words (`spoken.py`)."""
from __future__ import annotations

from operator import attrgetter

from agent_system.language.pack import LanguagePack
from agent_system.language.pt import answers, calendar, lexicon, spoken

PACK = LanguagePack(code="pt", keywords=calendar.KEYWORDS, keyword_endings=calendar.KEYWORD_ENDINGS,
                    phrases=answers.PHRASES, emergency=answers.EMERGENCY, blocked_notes=answers.BLOCKED_NOTES,
                    calendar=calendar.CALENDAR, lexicon=lexicon.LEXICON,
                    spoken_days=spoken.spell_out_days, number_words=spoken.NUMBER_WORDS,
                    numbers=spoken.NUMBERS, times_before=spoken.times_before, times_after=spoken.times_after,
                    specialty_name=attrgetter("name_pt"), of_doctor=answers.of_doctor)
