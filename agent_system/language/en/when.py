"""English: the words of days, times and changes relative to a booking that the reading looks for, by concept
(language/concepts.py), on folded text (joined into the pack's lexicon)."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "time_cue": ("at",
                 # "move it to 10 the same day": a bare number after a move of the booking, unless a date follows
                 r"(?:mov|push|bump|switch|chang|shift)\w* (?:it|that|this|that one|this one|me) to(?= \d{1,2}(?!\d)"
                 r"(?! ?(?:st|nd|rd|th)\b)(?! (?:of|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b))",
                 # "could Dr. X's be 11 instead?": a bare number the booking could be, not a count of anything
                 r"(?:it|that|one|s) be(?= \d{1,2}(?!\d)(?! ?(?:st|nd|rd|th)\b)(?! (?:of|days?|weeks?|hours?|min\w*|months?|people|"
                 r"jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\b))"),
    "hour_cue": (r"at",),
    "not_after_hour": (r"slots?", r"appointments?", r"of"),
    "hour_follows": (r"o ?clock", r"in the (?:morning|afternoon|evening)", r"am\b", r"pm\b"),
    # a word taking back the day just said (dialogue/reading/day_corrections.py)
    "take_back": ("no", "no wait", "wait", "err", "i mean", "sorry", "oops"),
    # a window of days (dialogue/reading/date_windows.py): "between the 25th and 27th", "until Friday", "after the 26th"
    "window_between": (r"between",),
    "window_and": (r"and",),
    "window_from": (r"from",),
    "window_to": (r"to", r"till", r"until", r"through", r"thru"),
    "window_until": (r"until", r"till", r"through", r"by"),
    "window_before": (r"before",),
    "window_after": (r"after",),
    "window_starting": (r"from", r"starting(?: on| from)?"),
    # a change relative to the booking (dialogue/reading/relative_change.py)
    "next_day": (r"the (?:next|following) day", r"the day after"),
    "day_before": (r"the day before", r"the previous day"),
    "same_day": (r"same day", r"that (?:same )?day"),
    "following_week": (r"next week", r"the following week", r"the week after"),
    "same_week": (r"(?:that|the) same week", r"same week", r"of (?:that|this) week"),
    "later_word": (r"later",),
    "unit_week": (r"weeks?",),
    "unit_day": (r"days?",),
    "unit_hour": (r"hours?", r"hrs?"),
    "half_hour": (r"half an hour",),
    "and_a_half": (r"and a half",),
    "shift_later": (r"later", r"after", r"on", r"ahead", r"forward", r"further"),
    "shift_earlier": (r"earlier", r"before", r"sooner", r"back"),
    "hours_later": (r"later", r"after"),
    "hours_earlier": (r"earlier", r"before"),
    "shift_earlier_verb": (r"bring(?: it| me| that)? forward(?: by)?", r"move(?: it| me| that)? up(?: by)?"),
    "shift_later_verb": (r"push(?: it| me| that| this)?(?: back| out)?(?: by)?", r"delay(?: it| that)?(?: by)?",
                         r"postpone(?: it| that)?(?: by)?", r"shift(?: it| that)? by"),
    "exactly": (r"exactly", r"just"),
    "earlier_word": (r"earlier",),
    # weeks and months asked about (dialogue/reading/dates.py)
    "week_after_next": (r"(?:the\s+)?week\s+after\s+next", r"in\s+(?:2|two)\s+weeks"),
    "next_week": (r"next\s+w(?:ee)?k",),
    "this_week": (r"this week",),
    "this_month": (r"this month",),
    "next_month": (r"next month",),
    # later or earlier that day, said bare: "can I come a bit earlier?"
    "bare_shift_verb": (r"be", r"make it", r"have it", r"do it", r"come in", r"move it", r"push it"),
    "a_bit": (r"a bit", r"a little", r"slightly"),
    "this_next_that": (r"this", r"next", r"that"),
    "week_or_month": (r"week", r"month"),
    # the next free slot after the booking: "the next opening after it", "whatever frees up next after mine"
    "next_free_first": (r"next", r"first"),
    "next_free_noun": (r"opening", r"slot", r"time", r"one", r"available", r"free", r"open"),
    "next_free_adjective": (r"available", r"free", r"open", r"slot", r"one"),
    "next_free_with": (r"with",),
    "next_free_them": (r"her", r"him", r"the doctor"),
    "next_free_after": (r"after", r"following"),
    "next_free_said": (r"(?:slot|opening|one|time|free|available|open) (?:right )?after (?:that|this|it|mine|my)",
                       r"(?:opens? up|frees? up|is free|is open|comes up) next after", r"next after (?:that|this|it|mine|my)"),
    # another part of the booking's own day: "to the afternoon"
    "day_part_move": (r"(?:later|earlier) in the (?:morning|afternoon|evening)", r"(?:to|into) the (?:morning|afternoon|evening)"),
    # a position inside a day: "her earliest slot that same morning", "the last one she has that day"
    "day_first": (r"(?:her|his|the|their) (?:earliest|first)(?: (?:free |open |available )?(?:slot|one|opening|appointment|time))?",
                  r"earliest (?:free |open |available )?(?:slot|one|opening|appointment|time)"),
    "day_last": (r"(?:her|his|the|their) (?:last|latest|final)(?: (?:free |open |available )?(?:slot|one|opening|appointment|time))?",
                 r"latest (?:free |open |available )?(?:slot|one|opening|appointment|time)"),
    "day_anchor": (r"(?:of|in) the (?:day|morning|afternoon)", r"(?:on |of )?(?:that|the same|that same) day",
                   r"(?:that|the same|that same|this) (?:morning|afternoon)",
                   r"(?:she|he|they) (?:has|have) (?:that|on)", r"on (?:monday|tuesday|wednesday|thursday|friday)"),
    "move_stem": (r"mov", r"change", r"switch", r"shift", r"push", r"bump", r"reschedul"),
    "move_to_word": (r"to", r"into", r"for"),
    "could_be": (r"(?:can|could) (?:it|that|this|that one|this one) be",),
    "booking_by_weekday": (r"the (?:{weekday}) (?:one|appointment|booking|slot)",
                           r"my (?:{weekday})(?: one| appointment| booking| slot)?"),
}
