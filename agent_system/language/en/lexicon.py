"""English: the words the reading looks for, by concept (language/concepts.py), on folded text.

Entries are regular-expression fragments matched as whole words on `text.normalize` output (lower case, no
accents). Where an entry is spelled the same in Portuguese ("ok", "show"), the Portuguese pack lists it.
"""
from __future__ import annotations

from agent_system.language.en import bookings, day_words, federation, own_bookings, several_requests, when

# Relatives a booking may be for ("for my mom", "my dad needs"): kept as said, so the answer says them back.
_RELATIVES = (r"(?:mother|father|son|daughter)[ -]in[ -]law|son|daughter|kid|child|mom|mum|mother|dad|father|wife|"
              r"husband|grandma|grandmother|grandpa|"
              r"grandfather|grandson|granddaughter|grandchild|grandkid|sister|brother|baby|partner|aunt|uncle|nephew|"
              r"niece|cousin|stepson|stepdaughter|boy|girl|kids|children")
# "for my elderly mother", "my little girl needs…": a word about the relative before the relation.
_ABOUT = r"(?:(?:little|elderly|old|older|younger|youngest|eldest|oldest|teenage|baby|two) )?"
# "my dad also needs": one word may stand between the relative and the need.
_NEEDS = r"(?:\s+(?:also|too|really|still|now))?\s+(?:needs|wants|has to|should|must|would like)"
_FOR_THEM = r"[^.?!]*?\bfor\s+(?:him|her)\b"
# A booking's code, never an area code or a phone number: "code", "booking code", "confirmation number".
_THE_CODE = (r"(?:(?:(?:booking|confirmation|reservation|appointment) )?code"
             r"|(?:booking|confirmation|reservation) number)")

LEXICON: dict[str, tuple[str, ...]] = {
    "book": (r"book\w*", r"schedule", r"i ?ll take", r"i will take", r"i want (?:the|that|this)", r"sign me up",
             r"i(?: d| would)? (?:like|want) to see (?:dr|dra|doctor)", r"appointment with", r"grab", r"lock (?:in|me in)"),
    "list": (r"slots?", r"available", r"availability", r"openings?", r"when can", r"options", r"show", r"list\w*",
             r"appointments?", r"doctors?"),
    "greeting": (
        r"hello", r"hi", r"hey", r"thanks?", r"thank you", r"good (?:morning|afternoon|evening)", r"bye",
        r"what (?:can|do) you do", r"what (?:are|is) you", r"who are you", r"how can you help", r"help(?: me)?"),
    "thanks_or_bye": (r"thanks?", r"thank you", r"thx", r"ty", r"bye", r"goodbye", r"see you", r"cheers"),
    "closing_filler": (r"great", r"perfect", r"much", r"a lot", r"and", r"for (?:the|your|all the) help", r"again",
                       r"that s all", r"for today", r"you"),
    "yes": (r"yes", r"sure", r"yep", r"please do", r"go ahead"),
    "clinic_info": (
        r"where is", r"address", r"phone(?: number)?", r"how do i get", r"opening hours",
        r"open on (?:saturdays?|sundays?)", r"what time (?:do|does) (?:it|you|the clinic) (?:open|close)",
        r"accept\w*", r"health (?:plans?|insurance)", r"insurance"),
    # "which clinics take Unimed?"
    "takes_plan": (r"takes?", r"taken", r"covers?", r"covered", r"work\w* with"),
    "off_topic": (r"weather", r"rain", r"jokes?", r"poems?", r"football", r"soccer", r"news", r"recipes?"),
    "injection": (r"you are now", r"^system", r"system prompt", r"developer mode", r"jailbreak",
                  r"act as (?:an? )?(?:admin\w*|staff|doctor)", r"staff token"),
    "medical_advice": (
        r"what (?:medicine|medication|pill|drug)s?", r"should i take", r"can i take", r"is it serious", r"diagnos\w*",
        r"what do i have", r"do i have", r"prescri\w*", r"how (?:much|many) (?:mg|pills)", r"treatment for",
        r"how (?:to|do i) (?:treat|cure)"),
    "privacy": (
        r"medical records?", r"patient records?", r"(?:list|show|all|other) (?:me )?(?:the |all )?patients",
        r"(?:the|all|other|which|what) patients (?:with|who|of|that|have|has)",
        r"(?:data|phone|address|cpf|e-?mail|contact|condition|diagnosis)(?: number)? of (?:the |another |other )?patients?",
        r"patient'?s? (?:phone|address|cpf|record|data|condition|diagnosis)", r"another patient", r"someone else",
        r"who (?:has|is) (?:an appointment|booked)", r"staff tools?", r"query tool",
        r"(?:search|find|look up|lookup) (?:for )?(?:the |a )?patients?"),
    "invalid_specialty": (
        r"gynecolog\w*", r"ophthalmolog\w*", r"psychiatr\w*", r"psycholog\w*", r"dentist", r"nutritionist",
        r"physiotherap\w*", r"general practitioner", r"rheumatolog\w*", r"allergist"),
    # a reply that only accepts (dialogue/reading/acceptance.py): plain phrases
    "accept_yes": ("yes", "yess", "yeah", "yea", "yep", "yup", "sure", "of course", "absolutely", "definitely",
                   "sounds good", "sounds great", "sounds perfect", "let s do it", "lets do it", "let s do that",
                   "go ahead", "do it", "i want it", "i ll take it", "book it", "book", "book me", "book me in",
                   "please book", "that works", "works for me", "that s fine", "that s great"),
    "accept_ok": ("alright", "all right", "fine", "great", "perfect", "cool", "awesome", "nice", "k"),
    "accept_thanks": ("thanks", "thank you", "thx", "ty"),
    "accept_filler": ("please", "pls", "plz", "then", "so", "and", "oh", "well", "really", "just", "very",
                      "that one", "this one", "that", "it"),
    # requests that write (dialogue/reading/write_intent.py)
    "write_book": (r"book", r"reserve", r"schedule", r"grab", r"lock (?:in|me in)"),
    "write_cancel": (r"call off",),
    "write_move": (r"reschedule", r"postpone", r"push (?:it )?back"),
    "change_verb": (r"move", r"change", r"switch", r"shift"),
    "change_pointer": (r"the", r"my", r"it"),
    "change_object": (r"appointment", r"booking", r"time", r"slot"),
    "change_to": (r"to", r"for"),
    "booking_noun": (r"appointment", r"booking"),
    "place_me": (r"put me (?:down|in|with)", r"sign me up", r"get me (?:in|booked|an appointment)", r"pencil me in",
                 r"make (?:an|a) (?:appointment|booking)", r"set (?:me )?up (?:an|a) appointment", r"lock (?:it|that) in",
                 r"grab (?:it|that|the)", r"(?:drop|scrap) (?:it|my|the)",
                 r"take (?:it|that|the (?:first|second|last|earliest))", r"(?:get|come) in with",
                 r"get (?:an|a) (?:appointment|slot|visit) with", r"see (?=(?:dr|dra|doctor|doutor|doutora)\b)"),
    "opener": (r"yes", r"yeah", r"yep", r"pls", r"please", r"hi", r"hello", r"hey", r"and", r"so", r"great", r"cool",
               r"alright", r"also"),
    "second_person": (r"can you", r"could you", r"would you", r"will you", r"can u", r"could u", r"can we",
                      r"could we"),
    "may_i": (r"can i", r"could i", r"may i", r"is it possible to", r"would it be possible to"),
    "wish": (r"i want to", r"i want", r"i wanna", r"i d like to", r"i d like", r"i would like to", r"i would like",
             r"i need to", r"i need", r"i ll", r"i will", r"let s", r"lets", r"want to"),
    "wish_joiner": (r"to", r"me"),
    "wish_to": (r"to",),
    "see_doctor": (r"see",),
    # plain phrases
    "negation": ("not", "don t", "dont", "do not", "never"),
    "hedge": ("if", "whether", "know", "wondering", "asking", "were me", "phone"),
    "courtesy": ("if possible", "if you can"),
    "go_ahead_tag": ("would that work", "is that ok", "ok for you"),
    "just_asking": ("just asking", "just wondering", "just curious", "only asking", "hypothetically"),
    "confirm_yes": ("yes", "yep", "yeah", "yup", "confirm", "confirmed", "sure", "great", "fine", "perfect", "ahead", "good"),
    "confirm_along": ("go", "ahead", "do", "it", "please", "thanks", "thank", "you", "cancel", "reschedule", "move",
                      "change", "switch", "the", "code", "is", "my", "that", "one", "appointment", "here", "sorry", "s",
                      "its", "now", "right", "correct", "works", "work", "for", "me", "sounds", "fine", "great"),
    "confirm_no": ("no", "nope", "nah", "not", "don", "dont", "t", "never", "keep", "wait", "hold", "think", "later",
                   "maybe"),
    # another day or time put forward without a verb of moving (dialogue/reading/proposals.py)
    "proposal_frame": (
        r"what if (?:it|we|i|that)", r"what about", r"how about",
        r"(?:can|could|may) (?:we|you|i) (?:make it|do|have it|go with|switch to|move to|try)",
        r"(?:can|could|would) (?:it|that|this) (?:be|work)", r"would (?:it|that) be possible",
        r"(?:works|would work|work|suits? me|would suit me|is|would be|d be) better", r"(?:i d|i would) (?:rather|prefer)",
        r"\bprefer\b", r"better for me", r"suits? me"),
    # a whole slot said with a wish or a please is a request (dialogue/reading/write_intent.py; plain phrases)
    "wanted": ("please", "pls", "plz", "i want", "i d like", "i would like", "i need"),
    "looking": ("see", "show", "slots", "openings", "available", "has", "have", "any"),
    # a bare choice of a slot, and what makes a clause a question (dialogue/reading/write_intent.py)
    "question_opener": (r"and", r"so"),
    "question_auxiliary": (r"is", r"are", r"was", r"were", r"does", r"do", r"did", r"has", r"have", r"had"),
    "question_word": (r"who", r"whom", r"whose", r"what", r"which", r"where", r"how", r"when", r"why", r"whether"),
    # conditions that close a question asked just before: "…? if so, book it"
    "condition_met": (r"if so", r"if yes", r"if it is", r"if there is", r"if available"),
    "this_one": (r"this one", r"that one"),
    "polite_filler": (r"please", r"just", r"so"),
    "clause_break": (r"but", r"then", r"after that"),
    # words a bare choice of a slot may use, besides numbers and a doctor's name (words)
    "slot_word": tuple((
        "with at on the for and day hrs am pm morning afternoon evening tomorrow today monday tuesday "
        "wednesday thursday friday saturday sunday january february march april may june july august september "
        "october november december first second third fourth fifth last earliest soonest that this one option "
        "slot appointment my it please yes take i ll clinic list serve serves works fine his her great then go "
        "an in "
        # "Thursday Dec 3 at 1pm", "Fri Dec 4": short month and weekday names
        "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri"
    ).split()),
    # words that pick in a bare choice: a day, a part of the day, an ordinal, a pointer (words)
    "slot_anchor": tuple((
        "tomorrow today monday tuesday wednesday thursday friday first second third fourth fifth last earliest "
        "soonest that this morning afternoon evening"
    ).split()),
    # of those, the ordinals and pointers (words)
    "ordinal_anchor": tuple((
        "first second third fourth fifth last earliest soonest that this"
    ).split()),
    # words that say something about a doctor or slot: they end the name, and the reply (words)
    "predicate": tuple((
        "is are free available open good busy taken has does works"
    ).split()),
    # whom a booking is for (dialogue/reading/family.py): each entry names the relative in its group "relation"
    "relative_booked_for": (
        rf"for\s+my\s+{_ABOUT}(?P<relation>{_RELATIVES})\b",
        rf"my\s+{_ABOUT}(?P<relation>{_RELATIVES}){_NEEDS}\b",
        # "put my grandson in the 11:30": the relative as the one being booked
        rf"(?:put|book|get|schedule|sign up|squeeze)\s+my\s+{_ABOUT}(?P<relation>{_RELATIVES})\b",
        rf"my\s+{_ABOUT}(?P<relation>{_RELATIVES})\b{_FOR_THEM}"),
    "for_self": (r"for me", r"for myself", r"my own"),
    # "He's Jorge Costa, CPF ...": the pronoun and its verb introduce the name
    "not_a_name": (r"(?:he|she|it|this|that)['’]s", r"he", r"she", r"grand(?:son|daughter|child|kid|ma|pa|mother|father)",
                   r"mom", r"mum", r"mother", r"dad", r"father", r"wife", r"husband", r"sister", r"brother", r"cousin",
                   r"nephew", r"niece", r"aunt", r"uncle", r"step(?:son|daughter|mother|father)", r"is", r"his", r"her",
                   r"name", r"full", r"and", r"my", r"son", r"daughter", r"ssn", r"number", r"yes"),
    # a person named with a CPF inside a longer message (dialogue/reading/named_person.py)
    "never_a_name": tuple("""
        she he her his my our i it its is please hi hello name book monday tuesday wednesday thursday friday saturday
        sunday january february march april may june july august september october november december doctor
        mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec noon
        he's she's he’s she’s
        """.split()),
    "request_word": tuple("""needs wants an the appointment with on at for""".split()),
    "relative_start": ("my",),
    "name_cue_subject": (r"he", r"she"),
    "name_cue": (r"\b(?:his|her|the)\s+(?:full\s+)?name\s+is", r"\bis\s+called", r"\bnamed", r"\b(?:she|he)\s+is",
                 r"\b(?:full\s+)?name"),
    "cpf_cue_before": (r"his", r"her", r"the"),
    "cpf_cue_is": (r"is", r"number"),
    "lower_case_name_cue": (r"name is", r"my [^\W\d_]+"),
    # asking for a person, or to be called (dialogue/reading/human_contact.py)
    "ask_person": (
        r"(?:talk|speak|chat|have a word) (?:to|with) (?:a |an |some )?(?:human|person|someone|somebody|real person|"
        r"agent|operator|receptionist|staff|the clinic)",
        r"real person", r"human agent", r"customer service", r"front desk", r"receptionist", r"put me through",
        r"(?:a |any )?(?:staff member|member of staff|someone on staff)", r"actual (?:person|human)", r"human being",
        r"(?:need|want) (?:a |an )?(?:human|real person|person to talk to)",
        r"(?:ring|call|phone) (?:the |that )?(?:clinic|office|reception)", r"what s the (?:phone )?number",
        # "get hold of a human", "who can I call at that clinic?", "what number do I ring?"
        r"(?:reach|get hold of|get through to|get me) (?:a |an )?(?:human|person|someone|somebody)",
        r"who (?:can|do|should) i (?:call|ring|phone)", r"what (?:phone )?number (?:can|do|should) i (?:call|ring|dial)",
        r"(?:human|person|someone|somebody) (?:i can|to) (?:talk|speak|chat)",
        r"(?:don t|dont|do not) want (?:to talk to |to speak to )?(?:a |the )?(?:bot|robot|machine)", r"complain\w*"),
    "call_me": (r"call me", r"callback", r"call back", r"ring me", r"give me a call"),
    "call_me_back": (r"call me", r"ring me", r"give me a call", r"call (?:me )?back"),
    "best_time": (r"in the morning", r"in the afternoon", r"in the evening", r"after \d{1,2}(?: ?[ap]m)?",
                  r"before \d{1,2}(?: ?[ap]m)?"),
    # what a visit costs (dialogue/reading/price.py)
    "price": (r"how much(?: (?:is|are|does|do|would|will|it|for))*", r"prices?", r"pricing", r"priced", r"costs?",
              r"fees?", r"expensive", r"cheap", r"out of pocket", r"self ?pay"),
    # what may stand around the price words: small words, and the visit itself (words)
    "price_around": tuple((
        "this that these those the an is are it its of for at with your you per in on i we my me do does what "
        "whats s be would will roughly about approximately average usually typically so then there here visit "
        "visits appointment appointments consultation consultations session private privately without insurance "
        "checkup check up doctor doctors clinic clinics"
    ).split()),
    # the federation's names (dialogue/reading/federation_words.py)
    "list_joiner": ("and", "or"),
    # "health plan X", "Cigna insurance"
    "plan_before_name": (r"health plan", r"insurance plan"),
    "plan_after_name": (r"insurance", r"health plan"),
    "not_a_plan_name": tuple("""
        my your our the a an any which what health dental private medical travel life this that is are do does
        accepted accept take""".split()),
    # a message that asks for several things (dialogue/reading/requests.py, continued_request.py); matched ignoring case
    "request_and": (r"and", r"but", r"plus"),
    "request_also": (r"also",),
    "request_then": (r"also", r"then", r"and then"),
    "one_more_opener": (r"and", r"also", r"plus"),
    "article": (r"the",),
    "doctor_title": (r"doctor",),
    "number_joiner": ("to", "past", "half", "quarter", "clock", "oclock", "one"),
    "specialty_stem": (r"ortho",),
    # a pick from a listing by its position (dialogue/reading/vocabulary.py); "{months}" is every language's month words
    # and "{not_a_day}" what before a number makes it a day of the month ("on the 3rd", "Friday the 4th")
    "ordinal_first": (r"(?:the )?earliest", r"(?:the )?soonest", r"(?<!my )(?:the )?first(?: one)?(?! time| thing)",
                      r"first thing", r"{not_a_day}1st(?! of (?:{months})\b)"),
    "ordinal_second": (r"(?:the )?second(?: one)?", r"{not_a_day}2nd(?! of (?:{months})\b)"),
    "ordinal_third": (r"(?:the )?third(?: one)?", r"{not_a_day}3rd(?! of (?:{months})\b)"),
    "ordinal_fourth": (r"(?:the )?fourth(?: one)?", r"{not_a_day}4th(?! of (?:{months})\b)"),
    "ordinal_fifth": (r"(?:the )?fifth(?: one)?", r"{not_a_day}5th(?! of (?:{months})\b)"),
    # "last" is also a verb ("how long does it last") and a time word ("last week", "my last visit")
    "ordinal_last": (r"the last(?: one| slot| option| opening| time| appointment(?! i))?(?! week| month| year| time i| visit)",
                     r"last one", r"(?:the )?latest"),
    "ordinal_word": (r"last", r"first thing", r"latest"),
    "not_a_day_before": (r"on the", r"day the", r"mon", r"tue", r"wed", r"thu", r"fri"),
    # what the booking code is called: "booking" there asks to book nothing ("my booking code is K7M4QP")
    "code_name": (r"(?:booking|reservation|confirmation|appointment) (?:code|number|reference|ref)",),
    # the booking code asked again (dialogue/handlers/booking_code.py)
    "booking_code_asked": (
        rf"what(?: s| is| was|s)(?: my| the)? {_THE_CODE}",
        rf"(?:send|give|tell|show|remind)(?: me)?(?: again)? (?:my|the) {_THE_CODE}",
        rf"(?:forgot|lost|misplaced|didn t (?:save|keep|note|write down)|can t find)(?: my| the)? {_THE_CODE}"),
    **bookings.WORDS,
    **when.WORDS,
    **own_bookings.WORDS,
    **day_words.WORDS,
    **several_requests.WORDS,
    **federation.WORDS,
}
