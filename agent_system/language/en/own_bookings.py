"""English: how a patient asks about their own bookings (dialogue/reading/asks.py), on folded text.

Regular-expression fragments; "{booking}" is what a booking is called, and "{own_…}" the concepts below (the
words after "the next" that make it a free slot, …), in every registered language: the reader fills them in.
"""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "own_bookings": (
        r"my appointments", r"my bookings",
        # a question word about the patient's own booking: "when is my appointment?"
        r"(?:what|when|which|where)\b.* (?:my|that) (?:\w+ ){0,2}(?:{booking}|one|thing)\b",
        # something booked the patient has: "have I got anything scheduled?"
        r"do i have (?:an? |any )?(?:appointments?|bookings?)",
        r"(?:have i got|have i|i ve got|do i have|did i)\s+(?:\w+\s+){0,3}(?:booked|scheduled)\w*",
        # what the patient booked
        r"(?:what|which|everything|all) (?:that )?(?:i )?(?:have )?(?:booked|scheduled)",
        r"(?:what|which) {booking} (?:do i have|have i got|i have)",
        # booked by the patient, asked about: "appointments in my name?"
        r"(?:booked|scheduled) {own_something}", r"did i (?:book|schedule) (?:anything|something|an? \w+)",
        r"{booking} (?:under|in) my name", r"(?:on|in) my (?:schedule|calendar)", r"remind me\b.*\b(?:{booking}|booked)",
        # "my next visit": the next of one's own
        r"my next (?:{booking}|one)", r"(?:when s|when is) my next\b",
        # "the cardiology one I have", "something of mine on the 3rd"
        r"(?:one|{booking}) (?:that )?(?:i have|i ve got|i got)", r"{own_something} {own_of_mine}",
        # "do I have anything this week?": something of one's own, on a day or a span
        r"{own_have_any} {own_something} {own_day_ahead}\b",
        # "when am I booked in?", "is my dermatology appointment this week?"
        r"(?:when|what time|what day|where) (?:am i|are we|i m|i am|we re) (?:booked|scheduled|seeing|seen|due|going)",
        # "which clinic was it again?": right after a booking, a question about it
        r"(?:which|what) (?:clinic|doctor|day|time) (?:was|is) (?:it|that|that one) again\b",
        # whether the booking went through: "did that go through?", "was it really confirmed?"
        r"(?:did|has) (?:it|that|this|my \w+) (?:actually |really )?(?:go|gone) through",
        r"(?:was|is) (?:it|that|my \w+) (?:really |actually )?(?:confirmed|booked)",
        r"what time (?:was|is) (?:the|my) [\w ]+? one",
        # "the skin doctor appointment, what day was it?": a booking named, then asked about
        r"{booking},? (?:what|which) (?:day|time|date|clinic) (?:was|is) it", r"(?:what|which) (?:day|date) was it\b",
        # "who will I be seeing?": the doctor of one's own booking
        r"(?:which|what|who) (?:doctor |dr |clinic )?(?:am i|are we|will i be|i m) (?:seeing|seen by|going to see|booked with)",
        r"(?:is|are|was) my (?:\w+ )?(?:{booking}|thing|one)",
        # "what time did I book with…?", "where do I need to go on Monday?", "which clinic is it at?"
        r"(?:what time|what day|when|which day) did (?:i|we) book", r"where (?:do|should|will|must) i (?:need to |have to )?go",
        r"which clinic (?:is (?:it|that|that one|this one)|s it)(?: at| in)?\b",
        r"how (?:is|s|does) my schedule", r"what (?:are )?my times", r"what(?: s| is)? booked for me",
        r"\bone\b[\w ]*\b(?:what|which) (?:day|time|date|clinic) (?:was|is) it\b",
        r"what (?:i )?(?:have|ve got|have i got|do i have)\b(?= (?:this|next|on|for|tomorrow|today)\b)",
        r"{own_something} (?:booked|scheduled)",
        # "the next one, when?"
        r"the next(?! {own_next_not})(?: one)?\b[^?]*\bwhen\b",
    ),
    # right after the bookings were shown, a question about them: "what time again?", "which clinic?"
    "booking_detail_asked": (
        r"(?:what|which) (?:time|day|date|clinic|doctor)", r"(?:with )?whom", r"who with", r"whose name", r"when",
        r"under (?:what|which|whose) name",
        # "when's the next one?": the next of those shown (a free slot is "the next opening", "the next free slot")
        r"(?:which|when) (?:is |s )?the next one\b",
    ),
    "own_next_not": (r"slot", r"opening", r"available", r"free", r"week"),
    # "do I have anything this week?" ("on Friday": "on" is one of the days ahead)
    "own_have_any": (r"do i have", r"have i got", r"have i", r"i got"),
    "own_something": (r"anything", r"something"),
    "own_of_mine": (r"of mine",),
    "own_day_ahead": (r"this", r"next", r"on", r"for", r"today", r"tomorrow"),
}
