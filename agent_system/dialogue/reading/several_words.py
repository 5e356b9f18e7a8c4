"""Words a message with several requests is read by: a later request on the day of the one before it, and whole slots
listed after asking for them all (the logic that uses them lives in `reading` and `write_intent`).

The phrases are the language packs' (language/<code>/several_requests.py), in every registered language.
"""
from __future__ import annotations

from agent_system.dialogue.reading.phrases import phrase_pattern

# "…e me mostra a cardio nesse dia", "…and what's open on that day?": the day of the request before, said by pointing.
ON_THE_DAY_BEFORE = phrase_pattern("on_the_day_before")
# "Need two bookings - Dra. X, Fri Dec 4, 9:00; Dr. Y, Thu Dec 3, 4pm": whole slots listed after asking for them all.
SEVERAL_BOOKINGS_ASKED = phrase_pattern("several_bookings")
