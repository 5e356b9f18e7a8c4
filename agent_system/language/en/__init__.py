"""English: the answers (`answers.py`), the calendar and the words that show the language (`calendar.py`),
the words the reading looks for by concept (`lexicon.py`) and its days and times said in words (`spoken.py`)."""
from __future__ import annotations

from agent_system.language.pack import LanguagePack
from agent_system.language.en import answers, calendar, lexicon, spoken

PACK = LanguagePack(code="en", keywords=calendar.KEYWORDS, keyword_endings=calendar.KEYWORD_ENDINGS,
                    phrases=answers.PHRASES, emergency=answers.EMERGENCY, blocked_notes=answers.BLOCKED_NOTES,
                    calendar=calendar.CALENDAR, lexicon=lexicon.LEXICON,
                    spoken_days=spoken.spell_out_days, number_words=spoken.NUMBER_WORDS,
                    numbers=spoken.NUMBERS, times_before=spoken.times_before, times_after=spoken.times_after, month_before_day=True)
