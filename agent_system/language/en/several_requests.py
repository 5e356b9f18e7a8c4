"""English: the words a message with several requests is read by (dialogue/reading/reading.py, requests.py), as
plain phrases on folded text, and a choice accepted by saying it works (joined into the pack's lexicon)."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # "…and what's open on that day?": the day of the request before, said by pointing
    "on_the_day_before": ("that day", "on that day", "that same day", "the same day", "same day", "that date",
                          "on that date", "that same date", "the same date", "same date"),
    # "…and, that same day, Dr. Y at 9": a comma after these opens what they point at
    "pointer_before_comma": ("that day", "same day", "that date", "same date"),
    # "Need two bookings - Dra. X, Fri Dec 4, 9:00; Dr. Y, Thu Dec 3, 4pm": whole slots listed after asking for them all
    "several_bookings": ("two bookings", "two appointments", "both appointments", "both bookings", "book both",
                         "book them both"),
    # a choice accepted by saying it works (dialogue/reading/write_intent.py): "the second option works", "that one
    # works fine", "Dr. X on Tuesday at 9 am works"; regular-expression fragments
    "works_subject": (r"one", r"slot", r"option", r"that", r"this", r"time", r"am", r"pm"),
    "accepts_choice": (r"works(?: for me| fine)?",),
    "accepts_anywhere": (r"works for me",),
    # a dot after these ends no sentence: "Dr. Lima" (words, lower case)
    "title_before_dot": ("dr",),
}
