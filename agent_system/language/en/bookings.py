"""English: the words of asking about, cancelling and moving the patient's own bookings (dialogue/reading/asks.py).

Regular-expression fragments on folded text. "{booking}" stands for what a booking is called and "{my_booking}" for
it pointed at ("minha consulta", "my booking"), in every registered language: the reader fills them in.
"""
from __future__ import annotations

_FEMALE, _MALE = r"(?:female|woman|lady) (?:doctor|dr|physician)", r"(?:male|man) (?:doctor|dr|physician)"

WORDS: dict[str, tuple[str, ...]] = {
    "booking_name": (r"appointments?", r"bookings?", r"visits?"),
    "booking_pointer": (r"my", r"the", r"this", r"that"),
    "cancel": (
        r"call (?:it |that |this )?off",
        # dropping it: "drop it", "scrap my appointment", "remove my booking"
        r"(?:scrap|drop|ditch|nix|forget(?: about)?|remove|delete|erase) (?:it|that|this|{my_booking})",
        # "drop the cardiology one", "ditch my friday appointment": one booking named by what it is
        r"(?:scrap|drop|ditch|nix|remove|delete|erase) (?:the|my) (?:\w+ ){1,2}(?:one|appointment|booking)",
        r"desist\w* (?:of )?(?:{my_booking}|{booking})",
        r"(?:bail|back out|pull out|opt out|skip)(?: on| of)? (?:it|that|this|{my_booking})",
        # not going: "I cannot make it", "won't be able to come"
        r"(?:can ?t|cannot|won ?t|will not|wont|not) (?:be able to )?(?:make it|come|be coming|attend|go anymore)"),
    "reschedule": (
        r"reschedul\w*", r"postpone\w*",
        r"(?:push|bump|move|bring|shift) (?:it |that |this |my \w+ |the \w+ )?(?:back|forward|up|later|earlier)",
        r"(?:move|change|switch|swap|shift) {my_booking}", r"(?:move|change|switch|swap|shift) (?:the )?(?:time|date|day)",
        # "one of my bookings has to change"
        r"{booking}(?: of mine)? (?:has|have|needs?|must) (?:to )?(?:change|move|be (?:changed|moved))"),
    # "can I change that?", "switch it", "move it", or another day preferred
    "change_it": (r"(?:change|switch|swap|move|shift) (?:it|that|this)",
                  r"(?:can|could|would|pls|please) (?:i |we |you )?(?:change|switch|swap|move)(?: it| that)?",
                  r"(?:change|switch|swap)(?: it)?\??$", r"(?:i d|i would) (?:rather|prefer)",
                  r"(?:works|would work|would be) better"),
    "correction": (r"actually", r"i meant", r"my mistake", r"my bad", r"changed my mind", r"oops"),
    "instead": (r"instead",),
    "same_time": (r"same time", r"same (?:day and )?(?:time|hour)", r"keep(?:ing)? the (?:time|hour)"),
    "cant_make_it": (r"can ?t (?:make|do|come|go)", r"cannot (?:make|do|come|go)", r"won ?t (?:make|be able)",
                     r"unable to (?:make|come)"),
    "next_pointer": (r"my", r"the"),
    "next_word": (r"next",),
    "next_one": (r"next (?:one|appointment|booking|visit)",),
    "a_booking": (r"(?:that|my|this) {booking}",),
    "appointment_topic": (r"appointments?", r"bookings?", r"book\w*", r"slots?", r"doctors?", r"schedul\w*",
                          r"visits?", r"opening", r"resched\w*"),
    # one booking more, besides the others: "book another appointment", "…as well", "…too"
    "one_more": (r"also", r"as well", r"in addition", r"additional",
                 r"(?:another|one more) (?:appointment|booking|visit|consultation|one)", r"(?:book|schedule) one more",
                 r"too$"),
    "one_more_negation": (r"not", r"never", r"don t", r"dont", r"won t", r"wont", r"do not", r"will not"),
    "clause_but": (r"but",),
    # a part of the day chosen among listed slots: "the evening one", "before noon"; "{lead}" is filled in
    "day_part_lead": (r"the", r"in the"),
    "part_morning": (r"morning", r"before (?:noon|midday|lunch)"),
    "part_afternoon": (r"afternoon", r"after (?:noon|midday|lunch)"),
    "part_evening": (r"evening",),
    "noon_bound": (r"(?:before|after) (?:noon|midday)",),
    "pick_lead": (r"the", r"number", r"option"),
    "pick_please": (r"please",),
    # a doctor pointed at without a name: "what about the other doctor?", "a female doctor"
    "other_doctor_fem": (rf"other {_FEMALE}",),
    "other_doctor_masc": (rf"other {_MALE}",),
    "other_doctor_any": (r"other (?:doctor|one|dr)",),
    "some_doctor_fem": (rf"(?:the|a) {_FEMALE}",),
    "some_doctor_masc": (rf"(?:the|a) {_MALE}",),
    "some_doctor_any": (r"the doctor", r"a doctor"),
    # "shift it to 4 PM", "make it Friday": a move only when the patient has a booking to move
    "move_to": (r"(?:move|moving|change|switch|shift|push|bump) (?:[\w.]+ ){1,4}?(?:to|for|until|till) {target}",
                r"make it {target}", r"(?:can|could) (?:i|we) (?:move|switch|change|swap) (?:it )?to {target}"),
    "target_article": (r"the",),
    "target_day": (r"day",),
    "target_word": (r"tomorrow", r"today", r"next", r"week", r"month", r"same", r"another", r"later", r"earlier",
                    r"monday", r"tuesday", r"wednesday", r"thursday", r"friday", r"tue", r"wed", r"thu", r"fri", r"mon",
                    r"jan\w*", r"feb\w*", r"mar\w*", r"apr\w*", r"may", r"jun\w*", r"jul\w*", r"aug\w*", r"sep\w*",
                    r"oct\w*", r"nov\w*", r"dec\w*", r"in the (?:morning|afternoon)", r"the \d\w*", r"morning",
                    r"afternoon", r"evening"),
}
