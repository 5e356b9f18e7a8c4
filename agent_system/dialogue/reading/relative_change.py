"""A change said relative to the booking it moves: "uma semana depois", "no mesmo dia às 16h", "the next opening
after that one", "a de segunda às 9h passa pra quinta dia 3".

Read on `text.normalize` output (days already spelled out as digits). What is relative is resolved by the
planner once it knows which booking is meant: this module only says how far, on which day, or where the
message stops describing the booking and starts describing its new slot.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from agent_system.dialogue.reading.dates import WEEKDAY_NAMES, find_dates, weekdays_named
from agent_system.dialogue.reading.several_words import NEXT_FREE_SAID_SHORT
from agent_system.dialogue.reading.times import find_times

_COUNT = {"um": 1, "uma": 1, "a": 1, "an": 1, "one": 1, "1": 1, "dois": 2, "duas": 2, "two": 2, "2": 2,
          "tres": 3, "three": 3, "3": 3}
# Days and weeks are counted further than hours: "7 dias depois", "dez dias antes", "four days later".
_DAY_COUNT = {**_COUNT, **{str(n): n for n in range(4, 15)}, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
              "nove": 9, "dez": 10, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_MINUTES = {"quinze": 15, "vinte": 20, "trinta": 30, "quarenta": 40, "noventa": 90, "fifteen": 15, "twenty": 20,
            "thirty": 30, "forty": 40, "ninety": 90, **{str(n): n for n in (10, 15, 20, 30, 40, 45, 90)}}


def _alternation(words) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_N = _alternation(_COUNT)
_LATER = r"(?:pra frente|para frente|depois|mais tarde|adiante|a mais|later|after|on|ahead|forward|further)"
_EARLIER = r"(?:antes|mais cedo|pra tras|para tras|a menos|earlier|before|sooner|back)"
_WEEKS = rf"(?P<n>{_alternation(_DAY_COUNT)}) (?P<unit>semanas?|weeks?|dias?|days?)"
_SHIFT = re.compile(rf"\b{_WEEKS} (?:(?P<later>{_LATER})|(?P<earlier>{_EARLIER}))\b")
# "adianta uma semana", "volta uma semana" bring it forward; "adia uma semana", "push it back a week" put it off.
_EARLIER_VERB = r"adiant\w*|antecip\w*|bring(?: it| me| that)? forward(?: by)?|move(?: it| me| that)? up(?: by)?"
_LATER_VERB = (r"adi(?:a|ar|e)|atras\w*|empurr\w*|push(?: it| me| that| this)?(?: back| out)?(?: by)?"
               r"|delay(?: it| that)?(?: by)?|postpone(?: it| that)?(?: by)?|shift(?: it| that)? by")
_EXACTLY = r"(?:(?:exactly|just|exatamente|so) )?"  # "push that back exactly one week"
_VERB_SHIFT = re.compile(rf"\b(?:(?P<earlier>{_EARLIER_VERB}|volt\w*|recu\w*)|(?P<later>{_LATER_VERB}))\s+(?:em\s+)?"
                         rf"{_EXACTLY}{_WEEKS}\b")
# A length of time, not a time of day: "uma hora", "1h", "meia hora", "30 min", "an hour and a half".
_LENGTH = (rf"(?:(?P<half>meia hora|half an hour)|(?P<mins>{_alternation(_MINUTES)}) ?min(?:utos?|utes?|s)?\b"
           rf"|(?P<n>{_N}) ?(?:horas?|horinhas?|hours?|hrs?|h)(?:(?P<h30>(?<=h)30)\b|\b)(?P<and_half> e meia| and a half)?)")
# "uma hora mais tarde", "meia hora antes", "two hours later", "1h depois": the same day, the time moved.
_HOURS = re.compile(rf"\b{_LENGTH}(?: (?:a )?)?(?:(?P<later>depois|mais tarde|pra frente|para frente|later|after)"
                    r"|(?P<earlier>antes|mais cedo|pra tras|para tras|earlier|before))\b")
# "push it back an hour", "adianta meia hora", "consegue adiantar 30 min?": the verb says which way.
# The booking may sit between the verb and the length: "empurra ela uma hora", "adianta a consulta meia hora".
_VERB_HOURS = re.compile(rf"\b(?:(?P<earlier>{_EARLIER_VERB})|(?P<later>{_LATER_VERB}))"
                         rf"(?:\s+(?:ela|ele|isso|essa|esse|a consulta|o horario))?\s+(?:em\s+)?{_LENGTH}")
_NEXT_DAY = re.compile(r"\b(?:(?P<later>no dia seguinte|dia seguinte|the (?:next|following) day|the day after)"
                       r"|(?P<earlier>no dia anterior|dia anterior|the day before|the previous day))\b")
_SAME_DAY = re.compile(r"\b(?:n?(?:o|esse|aquele|nesse|naquele) mesmo dia|mesmo dia|same day|that (?:same )?day)\b")
# "pra semana seguinte, mesmo dia": the booking's weekday a week on (only in a move: elsewhere a listing's week).
_FOLLOWING_WEEK = re.compile(r"\b(?:semana seguinte|semana q(?:ue)? vem|proxima semana|(?:na |pra |para a )?outra semana|"
                             r"next week|the following week|the week after)\b")
_SAME_WEEK = re.compile(r"\b(?:n?(?:a|essa|nessa) mesma semana|mesma semana|(?:that|the) same week|same week"
                        r"|of (?:that|this) week|(?:dessa|desta|daquela|naquela) semana)\b")
_LATER_SAME_DAY = re.compile(r"\b(?:mais tarde|later|mais cedo|earlier)\b")
# "dá pra ser mais tarde?", "can I come a bit earlier?": later or earlier that day, with no time or length said.
_BARE_LATER_EARLIER = re.compile(
    r"\b(?:(?:ser|ficar|deixar|passar|jogar|mudar|be|make it|have it|do it|come in|move it|push it)\b[\w ]{0,12}?"
    r"|(?:um pouco|um pouquinho|a bit|a little|slightly) )(?:mais tarde|later|mais cedo|earlier)\b"
    r"(?! (?:this|next|that|essa|nessa|na|da) (?:week|month|semana|mes))")
_EARLIER_WORD = re.compile(r"\b(?:mais cedo|earlier)\b")
_NEXT_FREE = re.compile(
    r"\b(?:proxim[ao]|primeir[ao]|next|first) (?:horario|vaga|vago|opening|slot|time|one|available|free|open)"
    r"(?: (?:livre|disponivel|vago|available|free|open|slot|one))?"
    r"(?: (?:with|com) (?:her|him|ela|ele|the doctor|o medico|a medica)| dele| dela)?"
    r" (?:depois|apos|after|seguinte|following)\b"
    r"|\b(?:horario|vaga) (?:livre )?(?:seguinte|logo depois|depois d(?:esse|essa|ele|ela))\b"
    r"|\b(?:slot|opening|one|time|free|available|open) (?:right )?after (?:that|this|it|mine|my)\b"
    r"|\b(?:opens? up|frees? up|is free|is open|comes up) next after\b|\bnext after (?:that|this|it|mine|my)\b")
# A move to another part of the booking's own day: "mais pro fim da tarde", "pra parte da manhã", "to the afternoon".
_DAY_PART_MOVE = re.compile(
    r"\b(?:pro|pra|para o|para a|ao|no|na) (?:fim|final|finalzinho|comeco|inicio) d[ao] (?:manha|tarde|noite)\b"
    r"|\b(?:pra|para|pro|na|no) (?:o |a )?(?:parte|periodo|turno) d[ao] (?:manha|tarde|noite)\b"
    r"|\b(?:later|earlier) in the (?:morning|afternoon|evening)\b|\b(?:to|into) the (?:morning|afternoon|evening)\b")
# Where the description of the booking ends and its new slot begins: "…passa pra", "…move it to".
# The verb may have the booking between it and its new slot ("mudar a de quarta pra segunda"), or the new slot may be
# proposed ("a consulta das 9 pode ser às 10h30?", "can the 2 pm one be 3 pm?").
_TARGET = re.compile(r"\b(?:pass|mud|troc|jog|mov|remarc|reagend|change|switch|shift|push|bump|reschedul)\w*"
                     r"(?P<middle>(?: (?!pra\b|para\b|pro\b|to\b|into\b|for\b)[\w/:]+){0,4}?) (?:pra|para|pro|to|into|for)\b"
                     r"|\b(?:pode|poderia|da pra) ser\b|\b(?:can|could) (?:it|that|this|that one|this one) be\b")

# A booking pointed at by its weekday, with no verb of moving before its new slot: "the Friday one, make it an hour
# later", "a de sexta, uma semana pra frente". That weekday says which booking, never the day it moves to.
_WEEKDAY_WORDS = "|".join(sorted(WEEKDAY_NAMES, key=len, reverse=True))
_BOOKING_BY_WEEKDAY = re.compile(
    rf"\b(?:the (?:{_WEEKDAY_WORDS}) (?:one|appointment|booking|slot)|my (?:{_WEEKDAY_WORDS})(?: one| appointment| booking"
    rf"| slot)?|(?:a|o|minha) (?:consulta |horario )?"
    rf"(?:de|da|do|d[ea] (?:o |a )?dia de) (?:{_WEEKDAY_WORDS})(?:[ -]feira)?)\b")


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
    booking: SlotClues | None = None  # "a de segunda às 9h passa pra…": the booking, described before its new slot
    target: SlotClues | None = None  # …and the new slot, described after

    @property
    def moves(self) -> bool:
        """Whether the message says how a booking moves, relative to it."""
        described = self.booking is not None and self.target not in (None, SlotClues())
        return (self.shift_days is not None or self.shift_minutes is not None or self.same_day or self.next_free
                or self.same_week or self.to_day_part or described)


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
                          next_free=bool(_NEXT_FREE.search(text) or NEXT_FREE_SAID_SHORT.search(text)) or later_that_day,
                          sooner=bool(said and _EARLIER_WORD.search(said[0])),
                          to_day_part=bool(_DAY_PART_MOVE.search(text)), booking=booking, target=target)


def _shift(text: str) -> int | None:
    for pattern in (_SHIFT, _VERB_SHIFT):
        match = pattern.search(text)
        if match:
            days = _DAY_COUNT[match["n"]] * (7 if match["unit"].startswith(("semana", "week")) else 1)
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
        minutes = _MINUTES[match["mins"]]
    else:
        minutes = 30 if match["half"] else 60 * _COUNT[match["n"]] + (30 if match["and_half"] or match["h30"] else 0)
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
