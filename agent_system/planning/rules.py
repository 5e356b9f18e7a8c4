"""The deterministic planner: the policy table (tests/agent_system/rules_planner_cases.py) applied to a reading."""
from __future__ import annotations

from datetime import date

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.appointments import SlotOffer
from agent_system.domain.tools import Tool
from agent_system.planning.appointments import AppointmentPlanning
from agent_system.planning.clinic_questions import about_the_clinics, plan_clinic_info
from agent_system.planning.draft import PlanDraft
from agent_system.planning.follow_ups import FollowUps
from agent_system.planning.held_slots import offer_soonest
from agent_system.planning.moved_request import moved_request
from agent_system.domain.plan import Clarification, DoctorChoice, Intent, Plan, part_of_day
from agent_system.planning.several_requests import combined
from agent_system.planning.without_steps import plan_without_steps
from agent_system.sessions.conversation import Conversation
from agent_system.understanding.federation_words import FederationWords
from agent_system.understanding.reading import Reading, read
from agent_system.understanding.vocabulary import DoctorIndex, DoctorRef


class RulesPlanner:
    """Turns a message plus the conversation into a step graph, with a reasoning trace."""

    def __init__(self, registry: ClinicRegistry):
        self.registry = registry
        self.doctors = DoctorIndex(registry)
        self.federation = FederationWords(registry)

    def decompose(self, message: str, conversation: Conversation, today: date) -> Plan:
        """The plan for one message (no reasoning trace)."""
        return self.decompose_cot(message, conversation, today).model_copy(update={"reasoning": []})

    def decompose_cot(self, message: str, conversation: Conversation, today: date) -> Plan:
        """The plan for one message with the reasoning that led to it."""
        return self.plan(read(message, conversation, today, self.doctors, self.federation), conversation, today)

    def plan(self, reading: Reading, conversation: Conversation, today: date) -> Plan:
        """The plan for a message the turn has read, with the reasoning that led to it."""
        if reading.parts:  # "marca X e me mostra Y": every request planned, in the order asked
            return combined([self.plan(part, conversation, today) for part in reading.parts])
        follow_ups = FollowUps(reading, conversation, self.registry, self.doctors,
                               lambda text: read(text, conversation, today, self.doctors, self.federation))
        return _Policy(self.registry, reading, conversation, follow_ups).plan()


class _Policy:
    """One planning pass over one reading of a message."""

    def __init__(self, registry: ClinicRegistry, reading: Reading, conversation: Conversation, follow_ups: FollowUps):
        self.registry, self.r, self.conv, self.follow_ups = registry, reading, conversation, follow_ups
        self.out = PlanDraft()
        self.appointments = AppointmentPlanning(self.out, reading, conversation, registry)

    def plan(self) -> Plan:
        self._decide()
        offer_soonest(self.out, self.r)
        if not self.out.reasoning:
            self.out.note(f"Read the message as: {', '.join(i.value for i in self.out.intents)}.")
        return self.out.plan()

    def _decide(self) -> None:
        r, appointments = self.r, self.appointments
        if appointments.answers_confirmation() or appointments.drops_pending():
            return
        if r.wants_privacy or r.foreign_cpf or r.injection:
            self.out.note("Patient records, someone else's data or an attempt to change the rules: refuse, no steps.")
            return self.out.intend(Intent.PRIVACY)
        if r.day_conflict:
            self.out.note("Two ways of saying the day disagree: ask which day, plan nothing on either.")
            return self.out.intend(Intent.WHICH_DAY, days_to_choose=[d.isoformat() for d in r.day_conflict])
        if r.wants_cancel and not r.wants_reschedule:
            return appointments.cancel()
        fixes_new_booking = self._changes_the_new_booking()
        if r.wants_reschedule or self._moves_a_booking() or fixes_new_booking or appointments.continues("reschedule"):
            return appointments.reschedule(self.conv.state.just_booked() if fixes_new_booking else None)
        if r.wants_mine or (self._shows_a_code() and not appointments.continues("cancel")):
            return appointments.my_appointments(shown=appointments.bookings_asked_about())
        if about_the_clinics(r):
            return plan_clinic_info(self.out, r, self.registry)
        if appointments.continues("cancel"):
            return appointments.cancel()
        if not (self._follow_up() or self._book_from_context()):
            self._listings()

    def _shows_a_code(self) -> bool:
        """A booking code with nothing else to do ("K7M4QP", "meu código é K7M4QP"): show the booking it opens."""
        r = self.r
        return bool(r.booking_code) and not (r.doctors or r.dates or r.times or r.specialties or r.wants_book)

    def _moves_a_booking(self) -> bool:
        """"passa pra sexta", "could we do Thursday instead?": a move, when the patient has a booking to move."""
        r = self.r
        return bool(self.conv.appointments) and (r.moves_to or r.instead or r.relative.moves or r.offers_another)

    def _changes_the_new_booking(self) -> bool:
        """"ops, era às 9, dá pra trocar?" right after a booking: a move of that booking, never a second one."""
        r, made = self.r, self.conv.state.just_booked()
        correction = r.corrects and (r.times or r.dates)
        changes = (r.changes_it or r.moves_to or r.instead or r.wants_reschedule or correction or r.relative.moves
                   or r.offers_another or r.only_a_time or bool(r.same_time and r.dates))
        # With other bookings known, "muda pra sexta?" may mean any of them: only a correction is about this one.
        several = len(self.conv.appointments) > 1
        if made is None or not (correction if several else changes) or r.adds_booking or r.wants_cancel:
            return False
        same_specialty = not r.specialties or self._specialty_of(made.clinic) in r.specialties
        return same_specialty and all(d.name == made.doctor for d in r.doctors)

    # -- follow-ups on the last listing and the previous message --------------------------------
    def _follow_up(self) -> bool:
        follow_ups, r = self.follow_ups, self.r
        asked = follow_ups.asked_slot()
        if asked is not None and r.asks_to_write:
            self.out.note("A bare go-ahead right after asking about one listed slot: that slot.")
            return self._book(asked)
        again = follow_ups.repeated_request()
        if again is not None and again.doctor is not None:
            return self._ask_again(again, again.doctor)
        others = follow_ups.other_doctors() or follow_ups.pointed_doctors()
        if len(others) == 1 or (others and r.other_doctor):
            self.out.note(f"The doctor(s) pointed at without a name: {', '.join(d.name for d in others)}.")
            for doctor in others:
                self.out.step(doctor.clinic_id, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor.name, **follow_ups.date_filter())
            self.out.intend(self._listing_intent())
            return True
        if others:
            self.out.note("Several listed doctors fit the words used: ask which one.")
            self.out.intend(Intent.CLARIFY, clarification=Clarification(
                doctors=[DoctorChoice(doctor=d.name, clinic=d.clinic_id) for d in others]))
            return True
        return False

    def _ask_again(self, previous: Reading, doctor: DoctorRef) -> bool:
        """The previous request for one doctor again, on the day this message says, at its time or the one kept."""
        r, moved = self.r, moved_request(self.r, previous, doctor)  # "empurra uma hora": offered, never booked unseen
        day = r.days[0] if r.dates else previous.days[0] if len(previous.days) == 1 and r.times else None
        time = r.times[0] if len(r.times) == 1 else previous.times[0] if len(previous.times) == 1 and r.dates else None
        day, time = (moved.date, moved.time) if moved else (day, time)
        if day and time:
            slot = SlotOffer(clinic=doctor.clinic_id, doctor=doctor.name, date=day, time=time)
            if r.asks_to_write and moved is None:
                self.out.note("The previous request again, with the day or time this message corrects.")
                return self._book(slot)
            self.out.facts["asked_slot"] = slot  # "same time but Thursday" asks no write: offered for a yes
        self.out.note(f"The doctor named last, {doctor.name}: list that doctor's slots.")
        self.out.step(doctor.clinic_id, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor.name, **({"date": day} if day else {}))
        self.out.intend(Intent.BOOK if previous.asks_to_write else Intent.LIST)
        return True

    # -- booking from the message or the last listing --------------------------------------------
    def _book_from_context(self) -> bool:
        slot = self._explicit_slot()
        if slot is not None:
            return self._book(slot)
        if not self._picks_from_listing():
            return False
        candidates = self._candidates()
        if len(candidates) == 1 and self.r.asks_to_write:
            self.out.note("The message picks one slot of the last listing.")
            return self._book(candidates[0])
        if candidates and not self.r.asks_to_write:
            self.out.note("A question about listed slots, not a request: show them again, book nothing.")
            if len(candidates) == 1:  # "e às 14:30?": that slot is offered for a yes if still free
                self.out.facts["asked_slot"] = candidates[0]
        return bool(candidates) and self._relist(candidates)

    def _explicit_slot(self) -> SlotOffer | None:
        r = self.r
        day = r.days[0] if len(r.dates) == 1 else self.follow_ups.carried_day()
        if not (r.doctor and day and len(r.times) == 1):
            return None
        slot = SlotOffer(clinic=r.doctor.clinic_id, doctor=r.doctor.name, date=day, time=r.times[0])
        if not (r.asks_to_write and r.dates):
            # "Dr. X amanhã às 10h?" without asking to book, or a day kept from the conversation ("e com a dra X
            # às 15h?"): list that day, and offer the slot for a yes if free.
            self.out.facts["asked_slot"] = slot
            return None
        self.out.note("Doctor, date and time are all in the message.")
        return slot

    def _picks_from_listing(self) -> bool:
        """Whether the message chooses among the slots of the last listing."""
        r = self.r
        if not self.conv.state.listed or not set(r.specialties) <= self._listed_specialties():
            return False
        return (r.ordinal is not None or bool(r.times) or bool(r.dates and (r.wants_book or r.agrees))
                or bool(r.day_part and r.asks_to_write))

    def _listed_specialties(self) -> set[str]:
        return {self._specialty_of(s.clinic) for s in self.conv.state.listed}

    def _specialty_of(self, clinic_id: str) -> str:
        clinic = self.registry.get(clinic_id)
        return clinic.specialty.key if clinic else ""

    def _candidates(self) -> list[SlotOffer]:
        """The last listing's slots the message points at (an ordinal picks one of the rest)."""
        r = self.r
        offers = [s for s in self.conv.state.listed if not r.specialties or self._specialty_of(s.clinic) in r.specialties]
        if r.day_part and not r.times:
            offers = [s for s in offers if part_of_day(s.time) == r.day_part]
        if r.ordinal is None:
            return r.matching(offers, match_time=True)
        ranked = r.matching(offers)
        self.out.note("An ordinal pick from the last listing, in chronological order.")
        return [ranked[r.ordinal]] if -len(ranked) <= r.ordinal < len(ranked) else []

    def _book(self, slot: SlotOffer) -> bool:
        self.out.note(f"Resolved the slot {slot.doctor} {slot.date} {slot.time} at {slot.clinic}: book it there.")
        self.out.step(slot.clinic, Tool.BOOK_APPOINTMENT, doctor=slot.doctor, date=slot.date, time=slot.time)
        self.out.intend(Intent.BOOK)
        return True

    def _relist(self, offers: list[SlotOffer]) -> bool:
        """Several listed slots fit: list those doctors again (on that day) so the patient can choose."""
        self.out.note(f"{len(offers)} listed slots fit the message: show those doctors' slots again to choose from.")
        days = {o.date for o in offers}
        filters = {"date": days.pop()} if len(days) == 1 else self.r.date_filter()
        for clinic, doctor in dict.fromkeys((o.clinic, o.doctor) for o in offers):
            self.out.step(clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor, **filters)
        self.out.intend(Intent.BOOK if self.r.asks_to_write else Intent.LIST)
        return True

    # -- listings and the answers without steps --------------------------------------------------
    def _listings(self) -> None:
        r = self.r
        if r.wants_advice:
            self.out.note("Medical advice is out of scope: never advise or diagnose.")
            self.out.intend(Intent.MEDICAL_ADVICE, advice_specialty=r.specialties[0] if r.specialties else None)
            if not (r.wants_book or r.wants_list):
                return
        if r.invalid_specialty:
            self.out.note(f"'{r.invalid_specialty}' is not a specialty of the federation.")
            self.out.intend(Intent.INVALID_SPECIALTY, unknown_specialty=r.invalid_specialty)
        if self._list_named_doctor_or_clinic() or self._list_specialties() or self.out.intents:
            return
        if self._relist_last_listing():
            return
        plan_without_steps(self.out, self.r, self.conv)

    def _listing_intent(self) -> Intent:
        return Intent.BOOK if self.r.wants_book else Intent.LIST

    def _list_named_doctor_or_clinic(self) -> bool:
        r, asked = self.r, self.out.facts.get("asked_slot")
        kept, day_part = self.follow_ups.kept_window()
        filters = r.date_filter() or ({"date": asked.date} if asked else kept)
        if day_part and not asked:
            self.out.facts["day_part"] = day_part
        for doctor in r.doctors:
            self.out.note(f"{doctor.name} works at {doctor.clinic_id}: list that clinic only, doctor filter.")
            self.out.step(doctor.clinic_id, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor.name, **filters)
        for clinic_id in [] if r.doctors else r.clinics:
            self.out.note(f"The patient named {clinic_id}: list that clinic only.")
            self.out.step(clinic_id, Tool.LIST_AVAILABLE_SLOTS, **filters)
        if self.out.steps:
            self.out.intend(self._listing_intent())
        return bool(self.out.steps)

    def _list_specialties(self) -> bool:
        for key in self.r.specialties:
            clinics = self.registry.for_specialty(key)
            self.out.note(f"{key} is served by {', '.join(c.id for c in clinics)}: query every one (Rule 10).")
            for clinic in clinics:
                self.out.step(clinic.id, Tool.LIST_AVAILABLE_SLOTS, **self.r.date_filter())
        if self.r.specialties:
            self.out.intend(self._listing_intent())
        return bool(self.r.specialties)

    def _relist_last_listing(self) -> bool:
        """A pick ('às 12h', 'o quinto') that fits none of the listed slots: show that listing again."""
        r, listed = self.r, self.conv.state.listed
        if not listed or not (r.ordinal is not None or r.times or r.dates):
            return False
        self.out.note("The pick fits no slot of the last listing: list those clinics again.")
        doctors = {s.doctor for s in listed}
        for clinic in dict.fromkeys(s.clinic for s in listed):
            doctor = next(iter(doctors)) if len(doctors) == 1 else None
            self.out.step(clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=doctor, **r.date_filter())
        self.out.intend(Intent.BOOK)
        return True

