"""How patients ask to cancel, move or look up their appointments, ask for one more, and point back at a
listing.

An inventory by construction, PT and EN, matched on `text.normalize` output (no accents, lower case;
WhatsApp spelling such as "vc", "qnd", "pra", "q" included). Each intent is a verb (or idiom) plus
the object it needs, so that "passa pra sexta" moves a booking while "me passa os horários" does not.
Booking and listing words stay in `vocabulary`; whether a message is a request or a question is
`write_intent`'s decision.
"""
from __future__ import annotations

import re
from functools import partial
from typing import Callable

from agent_system.language.lexicon import LivePattern, alternatives, words
from agent_system.language.text import normalize


def _any(*constructions: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(constructions) + r")\b")


def _group(concept: str) -> str:
    return f"(?:{alternatives(concept)})"


def _pointer(concept: str) -> re.Pattern[str]:
    """A doctor pointed at: "fem" and "masc" entries (concept_fem, concept_masc) name their group, "any" do not."""
    return re.compile(rf"\b(?:(?P<fem>{alternatives(concept + '_fem')})|(?P<masc>{alternatives(concept + '_masc')})"
                      rf"|{alternatives(concept + '_any')})\b")


def _of(concept: str) -> re.Pattern[str]:
    """A concept's entries as whole words, with "{booking}", "{my_booking}", "{lead}", "{target}" and any other
    concept named in braces ("{own_next_not}") filled in for every language."""
    booking = _group("booking_name")
    my_booking = f"{_group('booking_pointer')} {booking}"
    lead, target = _group("day_part_lead"), _target()
    return _any(*(_CONCEPT_NAMED.sub(lambda m: _group(m[1]), entry.replace("{my_booking}", my_booking)
                                     .replace("{booking}", booking).replace("{lead}", lead).replace("{target}", target))
                  for entry in words(concept)) or [r"(?!)"])


_CONCEPT_NAMED = re.compile(r"\{([a-z_]+)\}")  # letters only: "{0,2}" is a repetition, not a concept


def _target() -> str:
    """Where a moved booking goes: a day, a time, or a relative shift ("pra sexta", "to 4 PM", "pro mesmo dia")."""
    return rf"(?:{_group('target_article')} )?(?:{_group('target_day')} )?{_group('target_word')}"


# The words of the patterns below are the language packs' (language/<code>/bookings.py), in every registered language.
CANCEL = LivePattern(lambda: _of("cancel"))
RESCHEDULE = LivePattern(lambda: _of("reschedule"))
# A verb of moving with a new day or time as its target ("passa pra sexta", "joga pro dia 4", "shift it to
# 4 PM", "make it Friday"): a move only when the patient has a booking to move; else a listing follow-up.
MOVE_TO = LivePattern(lambda: _of("move_to"))
# A change asked for without saying what changes ("dá pra trocar?", "quero mudar", "can I change that?",
# "switch it", "move it"), or a correction ("errei", "na verdade", "actually", "my mistake"): about the
# booking just made, a move of it; elsewhere nothing to act on.
CHANGE_IT = LivePattern(lambda: _of("change_it"))
CORRECTION = LivePattern(lambda: _of("correction"))
# A new day or time offered in place of the booking: "could we do Thursday instead?", "em vez disso sexta".
INSTEAD = LivePattern(lambda: _of("instead"))
SAME_TIME = LivePattern(lambda: _of("same_time"))
# "não vou poder na quarta, pode ser sexta?", "I can't do Friday, …": with another day or time, a move.
CANT_MAKE_IT = LivePattern(lambda: _of("cant_make_it"))
# A booking on top of those the patient has: "marca também…", "mais uma consulta", "além da que já tenho",
# "book another appointment", "…as well", "…too". The request itself then says the patient wants both.
_ONE_MORE = LivePattern(lambda: _of("one_more"))
# Said not to be one more: "não quero outra consulta", "não preciso de mais uma", "também não",
# "I don't want another".
_NOT_ONE_MORE = LivePattern(lambda: re.compile(
    rf"\b{_group('one_more_negation')}\b(?: \S+){{0,3}} {_group('one_more')}\b|\b{_group('also_not')}\b"))
_CLAUSE_END = LivePattern(lambda: re.compile(rf"[,;:!?\n]|\.(?=\s|$)|\b{_group('clause_but')}\b", re.IGNORECASE))

# Asking about one's own bookings: "minhas consultas", "tenho algo na quarta?", "when is my appointment?", "qual
# clínica q ficou?".
MY_APPOINTMENTS = LivePattern(lambda: _of("own_bookings"))
# Right after the bookings were shown, a question about their time, day, clinic or doctor: "que horas mesmo?".
BOOKING_DETAIL = LivePattern(lambda: _of("booking_detail_asked"))

# "a próxima", "my next one": of the patient's bookings, only the earliest.
NEXT_BOOKING = LivePattern(lambda: _any(rf"{_group('next_pointer')} {_group('next_word')}", *words("next_one")))

# A choice by part of the day among listed slots: "prefiro o da manhã", "the evening one".
DAY_PARTS = {part: LivePattern(partial(_of, f"part_{part}")) for part in ("morning", "afternoon", "evening")}
# A reply that is only a number, to a question that numbered its choices: "2", "a 2", "opção 2", "nº 2",
# "number 2 please". Not an ordinal elsewhere: after a listing, "2" could as well be a day or an hour.
NUMBER_PICK = LivePattern(lambda: re.compile(
    rf"^(?:{_group('pick_lead')}\s*)?(?P<n>[1-9])(?:\s*{_group('pick_suffix')})?(?:\s*{_group('pick_please')})?\s*[.!]?$"))
# The other doctor of a listing: "e a outra doutora?", "what about the other doctor?".
OTHER_DOCTOR = LivePattern(lambda: _pointer("other_doctor"))
# A doctor pointed at without a name: "marca com a doutora", "a doctor".
SOME_DOCTOR = LivePattern(lambda: _pointer("some_doctor"))
# A booking the patient already has, pointed at: "aquela consulta", "my appointment", "that booking".
A_BOOKING = LivePattern(lambda: _of("a_booking"))
# Words that make a message about appointments even when nothing else in it can be acted on.
APPOINTMENT_TOPIC = LivePattern(lambda: _of("appointment_topic"))


def adds_booking(message: str, text: str) -> bool:
    """Whether the message (`text` normalised) asks for one more booking besides the others, not one instead."""
    # A negation reaches to the end of its clause, which only the raw message still marks.
    pieces = _CLAUSE_END.split(message)
    clauses = [normalize(piece) for piece in pieces] if len(pieces) > 1 else [text]
    return not INSTEAD.search(text) and any(_ONE_MORE.search(_NOT_ONE_MORE.sub(" ", c)) for c in clauses)


# Without a preposition, "tarde" is also "late" and the parts of the day open greetings ("boa tarde"); the bare
# word is a part of the day only right after a day ("sexta noite", "dia 30 manhã") or a specialty ("dermato tarde").
_PARTS = ("morning", "afternoon", "evening")
_BARE_PART = LivePattern(lambda: re.compile(
    rf"\b(?P<before>[\w/]+) (?P<part>{'|'.join(alternatives(f'bare_{part}') for part in _PARTS)})\b"))


# "depois do meio-dia", "before noon": a part of the day bounded by noon, not a slot at 12:00.
_NOON_BOUND = LivePattern(lambda: _of("noon_bound"))


def without_noon_bound(text: str) -> str:
    """The text without a part of the day said by its bound at noon, whose noon is no time asked for."""
    return _NOON_BOUND.sub(" ", text)


def day_part_in(text: str, names_specialty: Callable[[str], bool]) -> str | None:
    """The part of the day a choice or a request names ("o da tarde", "sexta tarde" -> "afternoon"), if any."""
    named = next((part for part, pattern in DAY_PARTS.items() if pattern.search(text)), None)
    if named is not None:
        return named
    days = frozenset(words("day_word"))
    return next((_bare_part(m["part"]) for m in _BARE_PART.finditer(text)
                 if m["before"] in days or m["before"][-1].isdigit() or names_specialty(m["before"])), None)


def _bare_part(word: str) -> str:
    return next(part for part in _PARTS if re.fullmatch(alternatives(f"bare_{part}"), word))


def doctor_pointer(pattern: LivePattern, text: str) -> str | None:
    """"fem", "masc" or "any" when the text points at a doctor without naming one; None otherwise."""
    match = pattern.search(text)
    if match is None:
        return None
    return "fem" if match["fem"] else "masc" if match["masc"] else "any"
