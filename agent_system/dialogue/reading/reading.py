"""What a patient's message says, read once: intents, specialties, doctors, clinics, dates, times, picks."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal, TypeVar

from agent_system.domain.appointments import Dated, chronological
from agent_system.language.text import language_of, normalize
from agent_system.domain.language import Language
from agent_system.dialogue.reading.write_intent import booking_code_in, confirmation_reply, is_question, is_write_request, without_codes
from agent_system.sessions.conversation import Conversation
from agent_system.triage.result import TriageResult
from agent_system.dialogue.reading import asks as asks
from agent_system.dialogue.reading import vocabulary as vocab
from agent_system.dialogue.reading.acceptance import only_accepts
from agent_system.dialogue.reading.price import asks_price
from agent_system.dialogue.reading.proposals import proposes
from agent_system.dialogue.reading.continued_request import continues_a_request
from agent_system.dialogue.reading.date_windows import find_date_window
from agent_system.dialogue.reading.day_corrections import days_in_conflict, without_corrected_days
from agent_system.dialogue.reading.dates import find_date_range, find_dates
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.relative_change import RelativeChange, relative_change, without_time_shift
from agent_system.dialogue.reading.requests import split_requests
from agent_system.dialogue.reading.several_words import ON_THE_DAY_BEFORE, SEVERAL_BOOKINGS_ASKED
from agent_system.dialogue.reading.spoken_days import spell_out_days
from agent_system.dialogue.reading.times import find_times
from agent_system.dialogue.reading.vocabulary import DoctorIndex, DoctorRef

_CPF_LIKE = re.compile(r"(?<!\d)(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?!\d)")
_WHICH_BOOKING = ("cancel", "reschedule")  # a pending action that numbered the patient's bookings to choose from


_D = TypeVar("_D", bound=Dated)


@dataclass(frozen=True)
class Reading:
    """A message read once for every stage of its turn: triage, write grant, planner and answer."""
    message: str  # as typed: the LLM stages see the patient's own words
    text: str  # normalised (`text.normalize`)
    language: Language
    specialties: list[str]
    invalid_specialty: str | None
    doctors: list[DoctorRef]
    clinics: list[str]
    dates: list[date]
    times: list[str]
    date_range: tuple[date, date | None] | None  # a week, a month, or a window ("até sexta"); None end: open
    ordinal: int | None  # also a bare "2" that answers a question with numbered choices
    foreign_cpf: bool
    wants_privacy: bool
    injection: bool
    wants_advice: bool
    wants_cancel: bool
    wants_reschedule: bool
    wants_mine: bool
    wants_book: bool
    wants_list: bool
    wants_clinic_info: bool  # also "quais clínicas pegam amil": a plan of the registry named with a verb of taking
    greets: bool
    off_topic: bool
    agrees: bool
    asks_to_write: bool  # a request, not a question (write_intent): only then may the turn book
    booking_code: str | None  # a booking code typed in the message
    confirmation: Literal["yes", "no"] | None  # a clear yes or no to "shall I cancel/move it?"
    moves_to: bool = False  # "joga pra terça", "move it to 9 AM": a move when there is a booking to move
    instead: bool = False  # "could we do Thursday instead?"
    changes_it: bool = False  # "dá pra trocar?", "can I change that?": a change that does not say of what
    corrects: bool = False  # "errei", "na verdade", "actually": what was said before is being fixed
    same_time: bool = False  # "mesmo horário", "same time"
    adds_booking: bool = False  # "também", "another appointment": one more booking, wanted besides the others
    day_part: str | None = None  # "o da tarde", "the morning one"
    other_doctor: str | None = None  # "a outra doutora" -> "fem"; "the other doctor" -> "any"
    some_doctor: str | None = None  # "o doutor" without a name -> "masc"
    health_plan: str | None = None  # a plan some clinic takes, as the registry spells it ("Unimed")
    about_appointments: bool = False  # words of the domain, even when nothing else can be acted on
    points_at_booking: bool = False  # "aquela consulta", "my appointment"
    accepts: bool = False  # "blz, pode ser", "sure, sounds good": a yes that names nothing to act on
    asks_price: bool = False  # "quanto custa a consulta?", "how much is a visit?"
    # "terça dia 2" when the 2nd is a Wednesday: (the date said, the weekday named in its week); asked, never guessed
    day_conflict: tuple[date, date] | None = None
    cant_make_it: bool = False  # "não vou poder na quarta", "I can't do Friday"
    proposes: bool = False  # "e se fosse…", "dá pra ser…", "… works better": something put forward in place of another
    relative: RelativeChange = RelativeChange()  # "uma semana depois", "no mesmo dia", "the next opening after it"
    # "marca com a Dra. X … e qual o endereço dessa clínica?": the clinic of the request before a clinic question
    clinic_before: str | None = None
    # "marca X e me mostra Y": each request read on its own, in order (empty when the message asks for one thing)
    parts: tuple["Reading", ...] = ()
    # The red-flag screen's verdict: set when a turn reads its own message, None for earlier messages re-read.
    triage: TriageResult | None = None

    @property
    def offers_another(self) -> bool:
        """"não vou poder na quarta, pode ser sexta?": a day or time the patient cannot make, and another offered."""
        return self.cant_make_it and (len(self.dates) > 1 or bool(self.times) or (bool(self.dates) and self.same_time))

    @property
    def asks_about_a_clinic(self) -> bool:
        """A question about a clinic itself (its address, phone, hours), with no slot or change asked beside it."""
        return self.wants_clinic_info and not (self.wants_book or self.wants_cancel or self.wants_reschedule
                                               or self.dates or self.times)

    @property
    def only_a_time(self) -> bool:
        """"dá pra ser às 3?", "e às dez?": one time and nothing else named (right after a booking, a new time for it)."""
        return len(self.times) == 1 and not (self.dates or self.doctors or self.specialties or self.clinics
                                             or self.date_range or self.wants_list or self.wants_mine
                                             or self.ordinal is not None)

    @property
    def doctor(self) -> DoctorRef | None:
        """The one doctor the message names, if exactly one."""
        return self.doctors[0] if len(self.doctors) == 1 else None

    @property
    def days(self) -> list[str]:
        """The dates the message names, as `YYYY-MM-DD`."""
        return [d.isoformat() for d in self.dates]

    def date_filter(self) -> dict[str, str]:
        """The listing filter for the dates named: one day, the span of several, or a week or month."""
        if len(self.days) == 1:
            return {"date": self.days[0]}
        if self.days:
            return {"date_from": min(self.days), "date_to": max(self.days)}
        return self.range_filter()

    def range_filter(self) -> dict[str, str]:
        """The listing filter for the week, month or window named (an open window has no `date_to`)."""
        if not self.date_range:
            return {}
        start, end = self.date_range
        return {"date_from": start.isoformat(), **({"date_to": end.isoformat()} if end else {})}

    def matching(self, items: Sequence[_D], match_time: bool = False) -> list[_D]:
        """The offers or bookings that fit the doctors, clinics, dates (and times) named, earliest first."""
        return sorted((i for i in items if self._fits(i, match_time)), key=chronological)

    def _fits(self, item: Dated, match_time: bool) -> bool:
        names = {d.name for d in self.doctors}
        return ((not names or item.doctor in names) and (not self.clinics or item.clinic in self.clinics)
                and (not self.dates or item.date in self.days)
                and (not match_time or not self.times or item.time in self.times))


def _ordinal(text: str, message: str, conversation: Conversation) -> int | None:
    """The choice an ordinal makes, or a bare number when the last answer numbered choices for it."""
    waiting = conversation.state.pending_action()
    numbered = conversation.state.offered_doctors() or (waiting is not None and waiting.action in _WHICH_BOOKING)
    pick = asks.NUMBER_PICK.match(text) if numbered else None
    return int(pick["n"]) - 1 if pick else vocab.ordinal_in(text, choice=not is_question(message))


def read(message: str, conversation: Conversation, today: date, doctors: DoctorIndex,
         federation: FederationWords) -> Reading:
    """Read a message in the light of who is asking, and each of its requests when it makes several."""
    whole = _continuing(_read(message, conversation, today, doctors, federation), conversation, doctors)
    readings: dict[str, Reading] = {}

    def one(part: str) -> Reading:
        if part not in readings:
            readings[part] = _read(part, conversation, today, doctors, federation)
        return readings[part]

    # After a request with its own day, a doctor or specialty with its own day is another request ("dermato na quinta
    # 26 e ortopedia na sexta 27"); "cardio e dermato na sexta" stays one.
    parts = split_requests(message, lambda part: _is_request(one(part)), lambda part: _is_request(one(part)))
    if len(parts) < 2:
        return whole
    # The turn may book when any of its requests asks to; each request is planned from its own reading.
    # The day first: "e a Dra. Y no mesmo dia às 15h" is a whole slot to book only once it has the day before.
    known = conversation.appointments  # the bookings still held
    known_day = [date.fromisoformat(known[0].date)] if len(known) == 1 else []
    requests = _booked_with_the_rest(_on_the_day_before(tuple(one(p) for p in parts), known_day), whole)
    return replace(whole, parts=requests, asks_to_write=any(r.asks_to_write for r in requests))


def _on_the_day_before(requests: tuple[Reading, ...], known_day: list[date]) -> tuple[Reading, ...]:
    """"marca X dia 3 e me mostra Y nesse mesmo dia": a request that says "that same day" and names none is on the
    day of the request before it, or, when none before said a day ("cancela essa e vê dermato no mesmo dia"), on the
    day of the one booking the conversation knows (no booking is moved by it)."""
    carried: list[Reading] = []
    for request in requests:
        before = carried[-1] if carried else None
        day = before.dates if before is not None and before.dates else known_day
        if day and _on_a_day_before(request) and not request.dates:
            request = replace(request, dates=day, relative=replace(request.relative, same_day=False))
        carried.append(request)
    return tuple(carried)


def _on_a_day_before(r: Reading) -> bool:
    """"no mesmo dia", "nesse dia", "on that day": the part names its day by pointing at the one said before it."""
    return r.relative.same_day or bool(ON_THE_DAY_BEFORE.search(r.text))


def _continuing(r: Reading, conversation: Conversation, doctors: DoctorIndex) -> Reading:
    """A whole slot said after "e"/"and" right after a request to book is a request too (`continued_request`)."""
    earlier = [m.text for m in conversation.recent if m.role == "user"]
    whole_slot = r.doctor is not None and len(r.dates) == 1 and len(r.times) == 1
    if r.asks_to_write or not continues_a_request(r.message, whole_slot, earlier[-1] if earlier else None,
                                                  doctors.name_words):
        return r
    return replace(r, asks_to_write=True)


def _booked_with_the_rest(requests: tuple[Reading, ...], whole: Reading) -> tuple[Reading, ...]:
    """A whole slot said without a verb of its own ("Marcelo Tavares Dec 2nd 3:30pm, plus Mariana Alves Nov 27th
    10:30am, book both"; "Dec 3: Dra. X at 2:30, then Dra. Y at 4 that same date") is booked when the message, or the
    request just before it, asks to book; a question about it stays a question."""
    booked: list[Reading] = []
    for part in requests:
        before = booked[-1] if booked else whole
        whole_slot = part.doctor is not None and len(part.dates) == 1 and len(part.times) == 1
        asked = any(r.asks_to_write and not (r.wants_cancel or r.wants_reschedule) for r in (whole, before)) or bool(
            SEVERAL_BOOKINGS_ASKED.search(whole.text))
        if not part.asks_to_write and asked and whole_slot and not is_question(part.message):
            part = replace(part, asks_to_write=True)
        booked.append(part)
    return tuple(booked)


def _is_request(r: Reading) -> bool:
    """Something to act on: a request on its own, or a doctor or specialty with a day or time ("cardio na sexta")."""
    return _asks_on_its_own(r) or bool((r.doctors or r.specialties) and (_dated(r) or r.times))


def _asks_on_its_own(r: Reading) -> bool:
    """A request with its own verb and what it is about, a question about a doctor or specialty on a day, or a
    whole slot (doctor, day and time) named."""
    asked = r.wants_book or r.wants_list or r.wants_cancel or r.wants_mine or r.wants_reschedule or r.moves_to
    about = r.doctors or r.specialties or r.dates or r.times or r.points_at_booking or r.wants_mine or r.wants_cancel
    dated = _dated(r) or r.times
    asked_about = r.message.rstrip().endswith("?") and (r.doctors or r.specialties) and dated
    return bool((asked and about) or asked_about or (r.doctors and r.dates and r.times) or r.asks_about_a_clinic)


def _dated(r: Reading) -> bool:
    """A day or days said, or pointed at ("no mesmo dia")."""
    return bool(r.dates or r.date_range or _on_a_day_before(r))


def _read(message: str, conversation: Conversation, today: date, doctors: DoctorIndex,
          federation: FederationWords) -> Reading:
    text = normalize(message)
    dated = without_corrected_days(spell_out_days(text))  # "dia vinte e sete"; "quinta, não, sexta": the last day
    window = find_date_window(dated, today)
    # The ends of a window ("até sexta") bound it; they are not days asked about in their own right.
    undated = f"{dated[:window.span[0]]} {dated[window.span[1]:]}" if window else dated
    own_name = frozenset(normalize(conversation.patient.name).split())
    ordinal, named = _ordinal(dated, message, conversation), doctors.named_in(text, own_name)
    offered = conversation.state.offered_doctors()
    if offered and ordinal is not None and not named and -len(offered) <= ordinal < len(offered):
        # "2" to "which of these doctors?" names the second doctor; it picks no slot of the listing.
        named, ordinal = [d for d in [doctors.by_name(offered[ordinal])] if d is not None], None
    specialties, clinics = federation.specialties_in(text), federation.clinics_in(text)
    return Reading(
        message=message, text=text, language=language_of(text, conversation.language), specialties=specialties,
        invalid_specialty=federation.unoffered_specialty(text), doctors=named,
        clinics=clinics, dates=find_dates(undated, today), times=find_times(asks.without_noon_bound(without_time_shift(dated))),
        date_range=(window.start, window.end) if window else find_date_range(undated, today),
        ordinal=ordinal, day_conflict=days_in_conflict(undated, today), relative=relative_change(dated, today),
        foreign_cpf=_mentions_foreign_cpf(message, conversation.patient.cpf),
        wants_privacy=bool(vocab.PRIVACY.search(without_codes(text))), injection=bool(vocab.INJECTION.search(text)),
        wants_advice=bool(vocab.MEDICAL_ADVICE.search(text)),
        wants_cancel=bool(asks.CANCEL.search(text)), wants_reschedule=bool(asks.RESCHEDULE.search(text)),
        wants_mine=bool(asks.MY_APPOINTMENTS.search(text)), wants_book=bool(vocab.BOOK.search(vocab.CODE_NAME.sub(" ", text))),
        wants_list=bool(vocab.LIST.search(text)), health_plan=(plan := federation.health_plan_in(text)),
        wants_clinic_info=bool(vocab.CLINIC_INFO.search(text) or (plan and vocab.TAKES_PLAN.search(text))),
        greets=bool(vocab.GREETING.search(text)), off_topic=bool(vocab.OFF_TOPIC.search(text)),
        agrees=bool(vocab.YES.search(text)), asks_to_write=is_write_request(message, doctors.name_words),
        booking_code=(code := booking_code_in(message)), confirmation=confirmation_reply(message, code),
        moves_to=bool(asks.MOVE_TO.search(dated)), instead=bool(asks.INSTEAD.search(text)),
        cant_make_it=bool(asks.CANT_MAKE_IT.search(text)), proposes=proposes(text),
        changes_it=bool(asks.CHANGE_IT.search(text)), corrects=bool(asks.CORRECTION.search(text)),
        same_time=bool(asks.SAME_TIME.search(text)), adds_booking=asks.adds_booking(message, text),
        day_part=asks.day_part_in(text, lambda word: bool(federation.specialties_in(word))),
        other_doctor=asks.doctor_pointer(asks.OTHER_DOCTOR, text),
        some_doctor=asks.doctor_pointer(asks.SOME_DOCTOR, text),
        about_appointments=bool(asks.APPOINTMENT_TOPIC.search(text)),
        points_at_booking=bool(asks.A_BOOKING.search(text)), accepts=only_accepts(text),
        asks_price=asks_price(text, names_a_provider=bool(named or specialties or clinics)))


def _mentions_foreign_cpf(message: str, own_cpf: str) -> bool:
    """Whether the message carries someone else's CPF (asking about another person's bookings)."""
    return any(re.sub(r"\D", "", m) != own_cpf for m in _CPF_LIKE.findall(message))
