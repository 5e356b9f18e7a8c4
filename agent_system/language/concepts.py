"""The concepts a language pack's lexicon names: what the reading looks for in a message, in any language.

A lexicon maps a concept to its entries in one language. Entries are regular-expression fragments matched as
whole words on folded text (`language.text.normalize`: lower case, no accents, most punctuation gone); the
reading joins every registered language's entries of a concept into one pattern, so a message that mixes
languages is read as before. A pack may leave a concept out: that language then has no words for it.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

CONCEPTS: Mapping[str, str] = MappingProxyType({
    # what a message asks for
    "book": "a booking asked for: 'marcar', 'book', 'fico com'",
    "list": "slots asked about: 'horários', 'available', 'quais'",
    "greeting": "a greeting, or asking what the assistant does or for help",
    "thanks_or_bye": "thanks or goodbye",
    "closing_filler": "words that may come with thanks or goodbye and ask nothing",
    "yes": "a yes that may also carry a request ('pode', 'go ahead')",
    "clinic_info": "a question about a clinic itself: address, phone, hours, health plans",
    "takes_plan": "with a health plan named, the verbs asking whether a clinic takes it",
    "off_topic": "topics no clinic deals with",
    "injection": "attempts to talk the assistant out of its rules",
    "medical_advice": "asking for a diagnosis, a medicine or a dose",
    "privacy": "asking for other patients' records or data",
    "invalid_specialty": "medical specialties in general (those of the registry are not refused)",
    # replies that only accept (understanding/acceptance.py)
    "accept_yes": "words that say yes on their own ('pode ser', 'sounds good')",
    "accept_ok": "words that agree but may only acknowledge ('ok', 'beleza')",
    "accept_thanks": "thanks that turn an 'ok' into an acknowledgement",
    "accept_filler": "courtesy and small words that change nothing in a yes",
    # a request that writes, not a question (understanding/write_intent.py)
    "write_book": "verbs that ask to book, as an order or a wish ('marca', 'book')",
    "write_cancel": "verbs that ask to cancel ('desmarca', 'call off')",
    "write_move": "verbs that ask to move a booking ('remarca', 'postpone')",
    "change_verb": "verbs of changing that write only with their object ('muda pra sexta', 'move it to Friday')",
    "change_pointer": "a word pointing at the booking after a verb of changing ('a', 'my', 'it')",
    "change_object": "what a verb of changing changes ('consulta', 'time')",
    "change_to": "the word before a change's new day or time ('pra', 'to')",
    "booking_noun": "what a booking is called ('consulta', 'appointment')",
    "place_me": "phrases that place the patient in a slot ('bota meu nome', 'put me down')",
    "opener": "words said before a request that change nothing ('ok', 'então', 'please')",
    "second_person": "asking someone to act ('pode', 'can you'): a request even as a question",
    "soft_modal": "'dá pra', 'tem como': a request only when not asked",
    "may_i": "asking leave to act ('posso', 'could I'): a request when it names the whole slot",
    "wish": "a wish ('quero', 'I'd like to')",
    "negation": "words that negate a request (plain phrases)",
    "hedge": "words that make a request a question about one (plain phrases)",
    "courtesy": "courtesy that changes nothing ('se possível', 'if you can'; plain phrases)",
    "go_ahead_tag": "a tag asking for the go-ahead after a slot ('beleza?', 'would that work?'; plain phrases)",
    "just_asking": "said anywhere, the whole message is a question ('só pra saber'; plain phrases)",
    "confirm_yes": "words of a yes to 'shall I cancel or move it?' (words)",
    "confirm_along": "words that may come with that yes and change nothing (words)",
    "confirm_no": "words that make the reply a no, or not yet (words)",
    "question_opener": "a word that may open a question before its auxiliary ('and', 'so')",
    "question_auxiliary": "an auxiliary that opens a question ('is', 'does')",
    "question_word": "a question word ('quem', 'when'): the clause asks about something",
    "condition_met": "a condition closing a question asked just before ('se tiver', 'if so')",
    "see_if": "'vê se' before a request: no hedge",
    "slot_by_noun": "a slot asked for by its noun ('me vê um horário'); the rest of the message names it",
    "this_one": "the slot just named, before a request ('esse', 'this one')",
    "polite_filler": "small words between a request's modal and its verb ('me', 'please')",
    "clause_break": "words that end a clause ('mas', 'but', 'then'; matched on the message, ignoring case)",
    "slot_word": "words a bare choice of a slot may use, besides numbers and a doctor's name (words)",
    "slot_anchor": "words that pick in a bare choice: a day, a part of the day, an ordinal, a pointer (words)",
    "ordinal_anchor": "of those, the ordinals and pointers (words)",
    "predicate": "words that say something about a doctor or slot: they end a name, and the reply (words)",
    # the patient's own bookings: cancelling, moving, asking about them (understanding/asks.py); entries may hold
    # "{booking}" and "{my_booking}", filled in with every language's booking names and pointers
    "booking_name": "what a booking is called ('consulta', 'appointment')",
    "booking_pointer": "words pointing at the patient's booking before its name ('minha', 'my')",
    "cancel": "asking to cancel, drop or not go to a booking",
    "reschedule": "asking to move a booking, whatever follows",
    "change_it": "a change asked for without saying what changes, or another day preferred",
    "correction": "what was said before is being fixed ('errei', 'actually')",
    "instead": "a new day or time offered in place of the booking ('em vez disso', 'instead')",
    "same_time": "the same time kept ('mesmo horário', 'same time')",
    "cant_make_it": "a day or time the patient cannot make",
    "next_pointer": "a word before 'next' that points at the patient's own ('minha', 'my')",
    "next_word": "'next' ('próxima', 'next')",
    "next_one": "the next of the patient's bookings, said whole ('next appointment')",
    "a_booking": "a booking the patient already has, pointed at ('aquela consulta', 'my appointment')",
    "appointment_topic": "words that make a message about appointments",
    "one_more": "one booking more, besides the others ('também', 'another appointment')",
    "one_more_negation": "a negation that says it is not one more ('não quero outra')",
    "also_not": "'também não': not one more",
    "clause_but": "'mas', 'but': a negation reaches no further (matched on the message, ignoring case)",
    # what a visit costs (understanding/price.py)
    "price": "asking what something costs ('quanto custa', 'how much')",
    "price_around": "words that may stand around the price words and ask nothing else (words)",
    # a pick from a listing by its position (understanding/vocabulary.py): entries may hold "{months}" (every
    # language's month words) and "{not_a_day}" (lookbehinds of the words that make a number a day of the month)
    "ordinal_first": "the first or earliest of a listing",
    "ordinal_second": "the second",
    "ordinal_third": "the third",
    "ordinal_fourth": "the fourth",
    "ordinal_fifth": "the fifth",
    "ordinal_last": "the last or latest",
    "ordinal_word": "ordinals that are ordinary words too: a pick only when the sentence is a choice",
    "not_a_day_before": "words before a numbered ordinal that make it a day of the month ('dia', 'on the'; words)",
    # a change relative to the booking (understanding/relative_change.py)
    "next_day": "the day after the booking's ('no dia seguinte', 'the next day')",
    "day_before": "the day before the booking's",
    "same_day": "the booking's own day ('no mesmo dia', 'same day')",
    "following_week": "the week after ('semana que vem', 'next week')",
    "same_week": "the booking's own week ('na mesma semana', 'that same week')",
    "later_word": "later ('mais tarde')",
    "unit_week": "weeks, as a change counts them", "unit_day": "days, as a change counts them",
    "unit_hour": "hours, as a length ('duas horas'; 'h' is read in every language)",
    "half_hour": "half an hour", "and_a_half": "'and a half' after hours",
    "shift_later": "after a count of days or weeks: later ('uma semana depois')",
    "shift_earlier": "after a count of days or weeks: earlier ('dois dias antes')",
    "hours_later": "after a length of time: later ('uma hora mais tarde')",
    "hours_earlier": "after a length of time: earlier",
    "shift_earlier_verb": "verbs that bring a booking forward ('adianta', 'bring it forward')",
    "shift_back_verb": "verbs of going back that bring a booking forward by days or weeks ('volta uma semana')",
    "shift_later_verb": "verbs that put a booking off ('adia', 'push it back')",
    "shift_by": "the word between such a verb and its count ('em')",
    "exactly": "'exactly' before a count",
    "shifted_booking": "the booking named between such a verb and its length ('a consulta')",
    "earlier_word": "earlier ('mais cedo')",
    # a message asking for several things (understanding/requests.py, continued_request.py)
    "request_and": "a connective that may start another request ('e', 'and', 'mas')",
    "request_also": "'também', 'also' after such a connective",
    "request_then": "after a comma, a word that may start another request ('depois', 'then')",
    "one_more_opener": "a message opening with these continues the previous request ('e', 'também', 'also')",
    "article": "the articles before a doctor's title ('a', 'o', 'the')",
    "doctor_title": "a doctor's title ('dr', 'doutora', 'doctor'; words)",
    # the federation's names (understanding/federation_words.py)
    "list_joiner": "words joining the names of a list ('clínicas A e C'; words)",
    "plan_before_name": "what comes before a health plan's name ('convênio', 'health plan')",
    "plan_name_joiner": "a word between that and the name, with its space ('da ')",
    "plan_after_name": "what comes after a health plan's name ('insurance')",
    "not_a_plan_name": "words in a plan's name's place that name no plan (words)",
    # whom a booking is for (understanding/family.py)
    "relative_booked_for": "a relative the booking is for; each entry holds the relation in a group named 'relation'",
    "for_self": "the booking is for the patient themself ('pra mim', 'for me')",
    "not_a_name": "words around a name and a CPF that are not the name (matched on the message, ignoring case)",
    # a person asked for (understanding/human_contact.py)
    "ask_person": "asking for a person rather than the assistant, or complaining about the service",
    "call_me": "asking to be called (with a phone given, a callback)",
    "call_me_back": "asking to be called, without a phone yet",
    "best_time": "when the patient would like the call ('de manhã', 'after 5 pm')",
    # dates (understanding/dates.py, day_corrections.py)
    "window_between": "a window between two days ('entre', 'between'); its first word also makes bare numbers days",
    "window_and": "the word between its two days ('e', 'and')",
    "window_from": "a window from one day ('de', 'from') to another",
    "window_to": "the word before its last day ('até', 'to')",
    "window_until": "a window up to a day ('até', 'until')",
    "window_before": "a window before a day ('antes de', 'before')",
    "window_after": "a window after a day ('depois de', 'after')",
    "window_starting": "a window starting on a day ('a partir de', 'starting')",
    "week_after_next": "the week after next ('daqui a duas semanas')", "next_week": "next week ('semana que vem')",
    "this_week": "this week", "this_month": "this month", "next_month": "next month ('mês que vem')",
    "take_back": "a word taking back the day just said ('quinta, não, sexta', 'Thursday, no wait, Friday')",
    "ordinal_weekdays": "weekday names that are also ordinals ('a segunda opção')",
    # times of day (understanding/times.py)
    "time_cue": "a word right before an hour that makes the number a time ('às', 'at')",
    "hour_cue": "a word right before an hour said in words that makes it an hour ('às duas', 'at three')",
    "not_after_hour": "words after such a cue and number that make it a count ('as duas consultas', 'at one of')",
    "hour_follows": "words after a number said in words that make it an hour ('dez e meia', 'eight o clock')",
})


def unknown_concepts(lexicon: Mapping[str, object]) -> list[str]:
    """The lexicon's keys that name no concept, sorted."""
    return sorted(set(lexicon) - set(CONCEPTS))
