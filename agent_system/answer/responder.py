"""The deterministic response generator: a turn's plan and clinic results as a PT/EN answer, no LLM."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from agent_system.answer.clinic_info import clinic_info_paragraphs
from agent_system.answer.contacts import CALLBACK, callback_paragraphs, contact_paragraphs
from agent_system.answer.plan_notes import PlanNotes
from agent_system.answer.schedule_window import not_open_yet, schedule_not_open
from agent_system.answer.slot_listing import SlotListingText
from agent_system.domain.results import (CHANGE_ACTIONS, Change, LIST_SLOTS, MY_APPOINTMENTS, appointment_items,
                                         change_data, dependant_of, known_booked_slots, offered_slots, parsed, tool_error,
                                         unanswered, written_items)
from agent_system.domain.events import ConfirmRequest
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.tools import Tool
from agent_system.language.phrasebook import Wording
from agent_system.domain.language import Language
from agent_system.answer.held_slots import asked_slot_note, offered_slot
from agent_system.domain.plan import STAFF_ACTIONS, BookingFilter, Intent, Plan, StepResult
from clinic_servers.contract.error_codes import ToolErrorCode
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.contract.schemas import Appointment, BookedSlot, Booking, MyAppointments, Rescheduling

__all__ = ["Rendering", "ResponseRenderer", "appointment_items", "offered_slots"]

# The patient must not see a staff tool's output (clinics answer "not found" for someone else's slot).
_SAME_WORDING = {"forbidden": "privacy"}
# In a reschedule, slot errors concern the new time and appointment errors the original one.
_ABOUT_NEW_SLOT = frozenset({ToolErrorCode.SLOT_TAKEN, ToolErrorCode.SLOT_NOT_FOUND, ToolErrorCode.SLOT_IN_PAST})


@dataclass(frozen=True)
class Rendering:
    """The answer's text, the slots it offers and the bookings it reports (the `answer` event's fields)."""
    text: str
    slots: list[SlotOffer]
    appointments: list[AppointmentItem]
    confirm: ConfirmRequest | None = None
    offer_note: str = ""  # the question offering a slot asked about; an LLM answer gets it too


class ResponseRenderer:
    """Writes the patient's answer from the plan and the clinics' results, faithfully and without an LLM."""

    def __init__(self, registry: ClinicRegistry):
        self.registry = registry

    def render(self, plan: Plan, results: list[StepResult], language: Language, today: date) -> Rendering:
        """One turn's answer in Portuguese or English, with the slots it offers and the bookings it reports."""
        answer = _Answer(plan, results, Wording(language, today, self.registry))
        slots = offered_slots(results, plan.day_part)
        listed = answer.shown([(a.clinic, a) for a in appointment_items(results) if a.status == "booked"])
        changed = [a for a in appointment_items(results) if a.status != "booked"]
        return Rendering(answer.text(), slots, changed + [a for _, a in listed],
                         _confirm_request(plan) or _booking_offer(plan, slots), answer.offer_note())

    def write_outcome(self, results: list[StepResult], language: Language, today: date) -> Rendering:
        """What the patient's own writes came to, told from what was asked: for an answer the verifier hid."""
        words = Wording(language, today, self.registry)
        items = written_items(results)
        lines = [words.say(_OUTCOME_KEYS[item.status], appointment=words.phrase(
            "appointment", clinic=words.clinic(item.clinic), doctor=item.doctor,
            when=words.phrase("when", day=words.full_day(item.date), time=item.time)), code=item.code or "")
            for item in items]
        return Rendering("\n".join(lines), [], items)


_OUTCOME_KEYS = {"confirmed": "booked", "cancelled": "cancelled", "moved": "moved_from", "rescheduled": "moved_to"}


def _booking_offer(plan: Plan, offered: list[SlotOffer]) -> ConfirmRequest | None:
    """A slot the answer offers for a yes (asked about, the soonest, an unsure pick, an overlap held back)."""
    held = plan.pick or plan.overlap
    slot = held.slot if held is not None else offered_slot(plan, offered)
    return ConfirmRequest(action="book", appointment=slot) if slot is not None else None


def _confirm_request(plan: Plan) -> ConfirmRequest | None:
    """The yes/no the answer asks for, as the page shows it (Confirm / Keep buttons)."""
    awaiting = plan.awaiting
    if awaiting is None:
        return None
    a = awaiting.appointment
    new = SlotOffer(clinic=a.clinic, doctor=a.doctor, date=awaiting.new_date or "", time=awaiting.new_time or "")
    return ConfirmRequest(action=awaiting.action, appointment=SlotOffer(**a.model_dump(include=set(SlotOffer.model_fields))),
                          new=new if awaiting.action == "reschedule" else None)


_Booked = TypeVar("_Booked", AppointmentItem, BookedSlot)


class _Answer:
    """The text of one turn's answer: notes on the plan's intents, then what each clinic call came to."""

    def __init__(self, plan: Plan, results: list[StepResult], words: Wording):
        self.plan = plan
        self.results = results
        self.words = words
        self.registry = words.registry

    def text(self) -> str:
        """Paragraphs separated by blank lines; a greeting alone when there is nothing else to say."""
        notes = PlanNotes(self.plan, self.results, self.words).notes()
        paragraphs = list(dict.fromkeys(notes + self._outcomes() + [self.offer_note()]))
        paragraphs = [p for p in paragraphs if p]
        if not paragraphs:
            return self.words.say("greeting", specialties=self.words.specialties())
        if Intent.GREETING in self.plan.intents:
            paragraphs[0] = f"{self.words.say('hello')} {paragraphs[0]}"
        return "\n\n".join(paragraphs)

    # -- what the clinics said ------------------------------------------------------------------

    def _outcomes(self) -> list[str]:
        results = self.results
        paragraphs = [self._outcome(r) for r in results
                      if r.action in STAFF_ACTIONS or r.action in CHANGE_ACTIONS or tool_error(r)
                      or (r.action == CALLBACK and r.status != "ok")]
        if Intent.PERSON in self.plan.intents:
            info = contact_paragraphs(results, self.words, self.plan.callback_clinic)
        else:
            info = clinic_info_paragraphs(results, self.words, self.plan.health_plan,
                                          phones_only=Intent.CLINIC_INFO not in self.plan.intents
                                          and Intent.PRICE in self.plan.intents)
        asked_after = self._asked_after(Tool.GET_CLINIC_INFO, (MY_APPOINTMENTS, LIST_SLOTS))
        paragraphs += ([] if asked_after else info) + callback_paragraphs(results, self.words)
        if any(r.action == MY_APPOINTMENTS for r in results):
            paragraphs += self._my_appointments(results)
        checked = self.plan.checked_move is not None and self.plan.awaiting is not None  # the listing only checked it
        listings = [r for r in results if r.action == LIST_SLOTS and not self._found_the_next_free(r)]
        if listings and not checked:
            rescheduling = Intent.RESCHEDULE in self.plan.intents and Intent.BOOK not in self.plan.intents
            paragraphs += SlotListingText(self.words, rescheduling, self.plan.day_part).paragraphs(listings)
        return paragraphs + (info if asked_after else [])

    def _asked_after(self, action: str, others: tuple[str, ...]) -> bool:
        """"show me her openings on Friday and where is that clinic?": the clinics' information answers last when the
        message asked for it after the listings or bookings."""
        asked = [s.step_id for s in self.plan.steps if s.action == action]
        before = [s.step_id for s in self.plan.steps if s.action in others]
        return bool(asked and before) and min(asked) > min(before)

    def _found_the_next_free(self, result: StepResult) -> bool:
        """The doctor's listing a move to the next free slot found its slot in: the yes or no asked for that slot is
        the one question of the answer, so those slots are not offered a second time to pick from."""
        moved = self.plan.awaiting if self.plan.next_free_after is not None else None
        return moved is not None and result.parameters.get("doctor") == moved.appointment.doctor

    def offer_note(self) -> str:
        """The question offering the slot the patient asked about, when the listing shows it free."""
        if self.plan.asked_slot is None and not self.plan.asks_soonest:
            return ""
        listed = {r.clinic for r in self.results if r.action == LIST_SLOTS and r.status == "ok"}
        return asked_slot_note(self.plan, offered_slots(self.results, self.plan.day_part), listed, self.words)

    def _outcome(self, result: StepResult) -> str:
        """A staff tool, a refusal, or a booking/reschedule/cancellation and whether it happened."""
        code = "forbidden" if result.action in STAFF_ACTIONS else tool_error(result)
        if code:
            return self._refusal(result, code)
        data = change_data(result)
        if data is not None:
            return self._confirmation(result.clinic, data)
        # A call that never got an answer may still have gone through: say so, never "it failed".
        key = "unavailable_action" if unanswered(result) else "generic_error"
        return self.words.say(key, clinic=self.words.clinic(result.clinic),
                              action=self.words.phrase(f"{result.action}_noun"))

    def _confirmation(self, clinic_id: str, data: Change) -> str:
        if isinstance(data, Booking):
            booked = self.words.say("already_booked" if data.already_booked else "booked",
                                    appointment=self._appointment(clinic_id, data.appointment),
                                    code=data.appointment.booking_code or "")
            clinic = self.registry.get(clinic_id)
            if data.already_booked or clinic is None or not clinic.rules.min_notice_hours:
                return booked
            return f"{booked} " + self.words.say("booked_notice", clinic=self.words.clinic(clinic_id),
                                                 hours=clinic.rules.min_notice_hours)
        if isinstance(data, Rescheduling):
            return self.words.say("rescheduled", clinic=self.words.clinic(clinic_id),
                                  doctor=data.new_appointment.doctor, old=self._when(data.original_appointment),
                                  new=self._when(data.new_appointment))
        return self.words.say("cancelled", appointment=self._appointment(clinic_id, data.cancelled_appointment))

    def _appointment(self, clinic_id: str, appointment: Appointment) -> str:
        described = self.words.phrase("appointment", clinic=self.words.clinic(clinic_id), doctor=appointment.doctor,
                                      when=self._when(appointment))
        patient = dependant_of(appointment)
        return described + (self.words.phrase("for_patient", name=patient) if patient else "")

    def _when(self, appointment: Appointment) -> str:
        return self.words.phrase("when", day=self.words.full_day(appointment.date), time=appointment.time)

    def _refusal(self, result: StepResult, code: str) -> str:
        """A clinic's refusal in plain words, with the next step."""
        params = result.parameters
        prefix = _time_prefix(result.action, code)
        doctor = str(params.get("doctor") or "")
        asked_day = str(params.get(f"{prefix}date") or "")
        if code == "slot_not_found" and not_open_yet(asked_day, self.words.today):
            return schedule_not_open(asked_day, doctor, self.words)
        key = _SAME_WORDING.get(code) or (f"invalid_{result.action}" if code == "invalid_arguments" else code)
        key = f"{key}_lookup" if result.action == MY_APPOINTMENTS and self.words.knows(f"{key}_lookup") else key
        clinic = self.registry.get(result.clinic)
        return self.words.say(key if self.words.knows(key) else "generic_error", doctor=doctor,
                              of_doctor=self.words.of_doctor(doctor), clinic=self.words.clinic(result.clinic),
                              day=self.words.day(str(params.get(f"{prefix}date") or "")),
                              time=params.get(f"{prefix}time") or "",
                              doctors=self.words.join(d.name for d in clinic.doctors) if clinic else "",
                              phone=clinic.contact.phone if clinic else "",
                              hours=clinic.rules.min_notice_hours if clinic else "",
                              most=clinic.rules.max_future_bookings if clinic else "")

    def shown(self, booked: list[tuple[str, _Booked]]) -> list[tuple[str, _Booked]]:
        """The listed bookings the question is about (all of them when it names none, or none fits)."""
        wanted = self.plan.shown_bookings
        if wanted is None:
            return booked
        clinics = {c.id: c.specialty.key for c in self.registry.clinics}
        fits = [(c, b) for c, b in booked if wanted.keeps(b.doctor, b.date, clinics.get(c, ""))]
        return (fits[:1] if wanted.next_only else fits) or ([] if wanted.days_said else booked)

    def _my_appointments(self, results: list[StepResult]) -> list[str]:
        known = known_booked_slots(results)
        booked = self.shown(known)
        answered = [r for r in results if parsed(r, MyAppointments) is not None]
        down = [self.words.clinic(r.clinic) for r in results if r.action == MY_APPOINTMENTS and r not in answered
                and not tool_error(r)]
        other_days = not booked and bool(known)  # known bookings, none on the day asked about
        paragraphs = [self._booked_list(booked)] if booked else []
        if other_days and self.plan.shown_bookings and self.plan.shown_bookings.days_said:
            paragraphs.append(self.words.say("none_on_the_day", days=self._days_asked(self.plan.shown_bookings)))
        if down:
            key = "unavailable_appointments" if booked else "unavailable_retry"
            paragraphs.append(self.words.say(key, count=len(down), who=self.words.clinics(down)))
        if not booked and not other_days:  # how to see them, never whether there are any: a name and a CPF open nothing alone
            paragraphs.append(self.words.say("no_appointments"))
        return paragraphs + self._follow_up(len(booked))

    def _days_asked(self, wanted: BookingFilter) -> str:
        if wanted.weekdays:
            return self.words.join(self.words.weekday(day) for day in wanted.weekdays)
        return self.words.join(self.words.day(day) for day in wanted.dates)

    def _booked_list(self, booked: list[tuple[str, BookedSlot]]) -> str:
        lines = [self.words.say("my_intro")]
        lines += [self.words.say("booked_line_for" if s.patient_name else "booked_line", day=self.words.day(s.date),
                                 time=s.time, doctor=s.doctor, clinic=self.words.clinic(c),
                                 specialty=self.words.specialty_of(c, s.specialty), patient=s.patient_name)
                  for c, s in booked]
        return "\n".join(lines)

    def _follow_up(self, count: int) -> list[str]:
        """After listing the patient's bookings: which one to cancel or move, or what they can do next."""
        # A cancel or reschedule of an unknown booking is planned as a lookup with the action pending.
        pending = self.plan.pending
        waiting = pending.action if pending else None
        if count == 0:
            return []
        if Intent.CANCEL in self.plan.intents or waiting == "cancel":
            return [self.words.say("which_cancel" if count > 1 else "confirm_cancel")]
        if Intent.RESCHEDULE in self.plan.intents or waiting == "reschedule":
            return [self._which_to_move(count, bool(pending and pending.new_time))]
        return [self.words.say("my_next")]

    def _which_to_move(self, count: int, new_time_known: bool) -> str:
        if new_time_known:
            return self.words.say("which_reschedule_known" if count > 1 else "confirm_reschedule")
        return self.words.say("which_reschedule" if count > 1 else "when_reschedule")

def _time_prefix(action: str, code: str) -> str:
    """Which date and time a refusal is about: a reschedule carries the original and the new one."""
    if action != Tool.RESCHEDULE_APPOINTMENT:
        return ""
    return "new_" if code in _ABOUT_NEW_SLOT else "original_"
