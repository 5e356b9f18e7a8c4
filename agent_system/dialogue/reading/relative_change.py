"""A change said relative to the booking it moves: "uma semana depois", "no mesmo dia às 16h", "the next opening
after that one", "a de segunda às 9h passa pra quinta dia 3".

Read on `text.normalize` output (days already spelled out as digits). What is relative is resolved by the
planner once it knows which booking is meant: this module only says how far, on which day, or where the
message stops describing the booking and starts describing its new slot.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterable
from datetime import date
from typing import Literal

from agent_system.language.lexicon import (
    LivePattern, alternatives, concept_pattern, number_table, weekday_numbers, words)
from agent_system.dialogue.reading.dates import find_dates, weekdays_named
from agent_system.dialogue.reading.times import find_times

# The words are the language packs' (language/<code>/lexicon.py and the "count", "day_count" and "length_minutes"
# number tables of spoken.py), in every registered language.


def _count() -> dict[str, int]:
    """How many days, weeks or hours: "uma", "two", "3"."""
    return {**number_table("count"), "1": 1, "2": 2, "3": 3}


def _day_count() -> dict[str, int]:
    """Days and weeks are counted further than hours: "7 dias depois", "dez dias antes", "four days later"."""
    return {**_count(), **{str(n): n for n in range(4, 15)}, **number_table("day_count")}


def _minutes() -> dict[str, int]:
    return {**number_table("length_minutes"), **{str(n): n for n in (10, 15, 20, 30, 40, 45, 90)}}


def _alternation(names: Iterable[str]) -> str:
    return "|".join(sorted(names, key=len, reverse=True))


def _any(concept: str) -> str:
    return alternatives(concept)


def _weeks() -> str:
    return rf"(?P<n>{_alternation(_day_count())}) (?P<unit>{_any('unit_week')}|{_any('unit_day')})"


def _length() -> str:
    """A length of time, not a time of day: "uma hora", "1h", "meia hora", "30 min", "an hour and a half"."""
    return (rf"(?:(?P<half>{_any('half_hour')})|(?P<mins>{_alternation(_minutes())}) ?(?:{_any('unit_minute')})\b"
            rf"|(?P<n>{_alternation(_count())}) ?(?:{_any('unit_hour')}|h)(?:(?P<h30>(?<=h)30)\b|\b)"
            rf"(?P<and_half> (?:{_any('and_a_half')}))?)")


def _shift_verbs() -> str:
    """"adianta uma semana" brings it forward; "adia uma semana", "push it back a week" put it off."""
    return rf"(?:(?P<earlier>{_any('shift_earlier_verb')})|(?P<later>{_any('shift_later_verb')}))"


_SHIFT = LivePattern(lambda: re.compile(
    rf"\b{_weeks()} (?:(?P<later>{_any('shift_later')})|(?P<earlier>{_any('shift_earlier')}))\b"))
# "volta uma semana": the verbs of going back count for days and weeks; "push that back exactly one week".
_VERB_SHIFT = LivePattern(lambda: re.compile(
    rf"\b(?:(?P<earlier>{_any('shift_earlier_verb')}|{_any('shift_back_verb')})|(?P<later>{_any('shift_later_verb')}))"
    rf"\s+(?:(?:{_any('shift_by')})\s+)?(?:(?:{_any('exactly')}) )?{_weeks()}\b"))
# "uma hora mais tarde", "meia hora antes", "two hours later", "1h depois": the same day, the time moved.
_HOURS = LivePattern(lambda: re.compile(
    rf"\b{_length()}(?: (?:a )?)?(?:(?P<later>{_any('hours_later')})|(?P<earlier>{_any('hours_earlier')}))\b"))
# "push it back an hour", "adianta meia hora", "consegue adiantar 30 min?": the verb says which way.
# The booking may sit between the verb and the length: "empurra ela uma hora", "adianta a consulta meia hora".
_VERB_HOURS = LivePattern(lambda: re.compile(
    rf"\b{_shift_verbs()}(?:\s+(?:{_any('shifted_booking')}))?\s+(?:(?:{_any('shift_by')})\s+)?{_length()}"))
_NEXT_DAY = LivePattern(lambda: re.compile(
    rf"\b(?:(?P<later>{_any('next_day')})|(?P<earlier>{_any('day_before')}))\b"))
_SAME_DAY = concept_pattern("same_day")
# "pra semana seguinte, mesmo dia": the booking's weekday a week on (only in a move: elsewhere a listing's week).
_FOLLOWING_WEEK = concept_pattern("following_week")
_SAME_WEEK = concept_pattern("same_week")
_LATER_SAME_DAY = LivePattern(lambda: re.compile(rf"\b(?:{_any('later_word')}|{_any('earlier_word')})\b"))
# "dá pra ser mais tarde?", "can I come a bit earlier?": later or earlier that day, with no time or length said.
_BARE_LATER_EARLIER = LivePattern(lambda: re.compile(
    rf"\b(?:(?:{_any('bare_shift_verb')})\b[\w ]{{0,12}}?|(?:{_any('a_bit')}) )(?:{_any('later_word')}|{_any('earlier_word')})\b"
    rf"(?! (?:{_any('this_next_that')}) (?:{_any('week_or_month')}))"))
_EARLIER_WORD = concept_pattern("earlier_word")
# "o próximo horário livre depois desse", "the next opening after it": the free slot right after the booking.
_NEXT_FREE = LivePattern(lambda: re.compile(
    rf"\b(?:{_any('next_free_first')}) (?:{_any('next_free_noun')})(?: (?:{_any('next_free_adjective')}))?"
    rf"(?: (?:{_any('next_free_with')}) (?:{_any('next_free_them')})| (?:{_any('next_free_of_them')}))?"
    rf" (?:{_any('next_free_after')})\b|\b(?:{_any('next_free_said')})\b"))
# A move to another part of the booking's own day: "mais pro fim da tarde", "pra parte da manhã", "to the afternoon".
_DAY_PART_MOVE = concept_pattern("day_part_move")
# A position inside a day ("o último q tiver nesse dia", "her earliest slot that same morning"): a move only when
# tied to a day or a part of it, so "qual o primeiro horário livre?" stays a question about the soonest slot.
_DAY_FIRST, _DAY_LAST, _DAY_ANCHOR = (concept_pattern(c) for c in ("day_first", "day_last", "day_anchor"))
# Where the description of the booking ends and its new slot begins: "…passa pra", "…move it to".
# The verb may have the booking between it and its new slot ("mudar a de quarta pra segunda"), or the new slot may be
# proposed ("a consulta das 9 pode ser às 10h30?", "can the 2 pm one be 3 pm?").
_TARGET = LivePattern(lambda: re.compile(
    rf"\b(?:{_any('move_stem')})\w*(?P<middle>(?: (?!(?:{_any('move_to_word')})\b)[\w/:]+){{0,4}}?)"
    rf" (?:{_any('move_to_word')})\b|\b(?:{_any('could_be')})\b"))

# A booking pointed at by its weekday, with no verb of moving before its new slot: "the Friday one, make it an hour
# later", "a de sexta, uma semana pra frente". That weekday says which booking, never the day it moves to.
_BOOKING_BY_WEEKDAY = LivePattern(lambda: re.compile(r"\b(?:" + "|".join(
    entry.replace("{weekday}", _alternation(weekday_numbers())) for entry in words("booking_by_weekday")) + r")\b"))


@dataclass(frozen=True)
class SlotClues:
    """What part of a message says about one booking: days, weekdays named without a number, times."""
    days: tuple[str, ...] = ()
    weekdays: tuple[int, ...] = ()
    times: tuple[str, ...] = ()


@dataclass(frozen=True)
class RelativeChange:
    """How the message moves a booking relative to itself (all empty when it says nothing of the kind)."""
    shift_days: int | None = None  # "uma semana depois": +7; "adianta um dia": -1
    shift_minutes: int | None = None  # "uma hora mais tarde": +60; "meia hora antes": -30
    names_weekday: bool = False  # "pra sexta que vem": a weekday, which may be the booking's own a week on
    same_day: bool = False  # "no mesmo dia às 16h", "same day but later"
    same_week: bool = False  # "the Friday of that same week": the weekday in the booking's week
    next_free: bool = False  # "o próximo horário livre depois desse", "later the same day" without a time
    to_day_part: bool = False  # "mais pro fim da tarde", "to the afternoon": another part of the booking's day
    sooner: bool = False  # "dá pra ser mais cedo?": with `next_free`, the free slot right before it that day
    following_week: bool = False  # "passa pra semana seguinte, mesmo dia": a week on, when a move names no day
    day_position: Literal["first", "last"] | None = None  # "o último desse dia", "her earliest that morning"
    booking: SlotClues | None = None  # "a de segunda às 9h passa pra…": the booking, described before its new slot
    target: SlotClues | None = None  # …and the new slot, described after

    @property
    def shifts(self) -> bool:
        """Whether the new slot is a shift of the booking's ("an hour earlier", "a week later", "the next free one")."""
        return self.shift_days is not None or self.shift_minutes is not None or self.next_free

    @property
    def moves(self) -> bool:
        """Whether the message says how a booking moves, relative to it."""
        described = self.booking is not None and self.target not in (None, SlotClues())
        return (self.shifts or self.same_day or self.same_week or self.to_day_part or self.day_position is not None
                or described)


def relative_change(text: str, today: date) -> RelativeChange:
    """The relative change a normalized message asks for, if any."""
    same_day = bool(_SAME_DAY.search(text))
    untimed = not find_times(text) and _shift_minutes(text) is None and _shift(text) is None
    said = (_LATER_SAME_DAY if same_day else _BARE_LATER_EARLIER).search(text) if untimed else None
    later_that_day, same_day = said is not None, same_day or said is not None
    booking, target = _split(text, today)
    pointer = None if booking else _BOOKING_BY_WEEKDAY.search(text)
    if pointer:
        booking = SlotClues(weekdays=tuple(weekdays_named(pointer[0])), times=tuple(find_times(pointer[0])))
    new_part = f"{text[:pointer.start()]} {text[pointer.end():]}" if pointer else text
    return RelativeChange(shift_days=_shift(text), shift_minutes=_shift_minutes(text), same_day=same_day,
                          same_week=bool(_SAME_WEEK.search(text)), following_week=bool(_FOLLOWING_WEEK.search(text)),
                          names_weekday=bool(weekdays_named(new_part)),
                          next_free=bool(_NEXT_FREE.search(text)) or later_that_day,
                          sooner=bool(said and _EARLIER_WORD.search(said[0])),
                          to_day_part=bool(_DAY_PART_MOVE.search(text)), booking=booking, target=target,
                          day_position=_day_position(text, today, same_day))


def _day_position(text: str, today: date, same_day: bool) -> Literal["first", "last"] | None:
    """The first or last free slot of a day, when the message ties it to one (said, pointed at, or a part of it)."""
    if _NEXT_FREE.search(text) or not (same_day or _DAY_ANCHOR.search(text) or find_dates(text, today)):
        return None
    first, last = _DAY_FIRST.search(text), _DAY_LAST.search(text)
    return "last" if last and not first else "first" if first and not last else None


def _shift(text: str) -> int | None:
    for pattern in (_SHIFT, _VERB_SHIFT):
        match = pattern.search(text)
        if match:
            week = re.fullmatch(_any("unit_week"), match["unit"]) is not None
            days = _day_count()[match["n"]] * (7 if week else 1)
            return days if match["later"] else -days
    match = _NEXT_DAY.search(text)
    return None if match is None else 1 if match["later"] else -1


def without_time_shift(text: str) -> str:
    """The text without "uma hora mais tarde" and the like, whose number is a length of time, not a time of day."""
    return _VERB_HOURS.sub(" ", _HOURS.sub(" ", text))


def _shift_minutes(text: str) -> int | None:
    match = _HOURS.search(text) or _VERB_HOURS.search(text)
    if match is None:
        return None
    if match["mins"]:
        minutes = _minutes()[match["mins"]]
    else:
        minutes = 30 if match["half"] else 60 * _count()[match["n"]] + (30 if match["and_half"] or match["h30"] else 0)
    return minutes if match["later"] else -minutes


def _split(text: str, today: date) -> tuple[SlotClues | None, SlotClues | None]:
    """The booking's description and the new slot's, when the message gives both around a verb of moving."""
    match = _TARGET.search(text)
    if match is None:
        return None, None
    said = f"{text[:match.start()]} {match['middle'] or ''}"  # "mudar a de quarta pra…": the booking is in between
    before, after = _clues(said, today), _clues(text[match.end():], today)
    proposed_nothing = match["middle"] is None and after == SlotClues()  # "…às 4, pode ser?": no new slot after it
    return (before, after) if before != SlotClues() and not proposed_nothing else (None, None)


def _clues(part: str, today: date) -> SlotClues:
    return SlotClues(days=tuple(d.isoformat() for d in find_dates(part, today)), weekdays=tuple(weekdays_named(part)),
                     times=tuple(find_times(part)))
