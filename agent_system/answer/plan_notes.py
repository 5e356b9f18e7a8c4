"""What a plan says without clinic calls: refusals, questions to the patient and notes on its intents."""
from __future__ import annotations

from typing import Callable, TypeVar

from agent_system.answer.household import ask_dependant_note
from agent_system.answer.notes import worded
from agent_system.answer.slot_listing import which_slot_note
from agent_system.domain.appointments import AppointmentItem
from agent_system.language.phrasebook import Wording
from agent_system.language.text import normalize
from agent_system.answer.held_slots import overlap_note, pick_note
from agent_system.domain.plan import Clarification, Intent, Plan, StepResult
from agent_system.errors import InvalidPlan
from clinic_servers.contract.registry import Specialty

Fact = TypeVar("Fact")


class PlanNotes:
    """The paragraphs a plan's intents call for, ahead of what the clinics said."""

    def __init__(self, plan: Plan, results: list[StepResult], words: Wording):
        self.plan, self.results, self.words, self.registry = plan, results, words, words.registry

    def notes(self) -> list[str]:
        """One paragraph per `Intent` of the plan that has something to say, then the notes its handlers wrote."""
        # The notes of the families written before intents were open; a new family writes `Plan.notes` instead.
        writers: dict[Intent | str, Callable[[], str]] = {
            Intent.PRIVACY: lambda: self.words.say("privacy"),
            Intent.INVALID_SPECIALTY: self._not_offered,
            Intent.MISSING_SPECIALTY: lambda: self._specialty_menu(self.words.say("which_specialty")),
            Intent.OUT_OF_SCOPE: lambda: self.words.say("out_of_scope", specialties=self.words.specialties()),
            Intent.MEDICAL_ADVICE: self._no_advice,
            Intent.CLARIFY: self._clarify,
            Intent.CONFIRM: self._ask_to_confirm,
            Intent.KEEP: self._kept,
            Intent.OVERLAP: lambda: overlap_note(_given(self.plan.overlap), self.words),
            Intent.OVERLAP_DECLINED: lambda: self.words.say("overlap_declined"),
            Intent.PICK_CHECK: lambda: pick_note(_given(self.plan.pick), self.words),
            Intent.PICK_DECLINED: lambda: self.words.say("pick_declined"),
            Intent.CHOOSE_SLOT: lambda: which_slot_note(_given(self.plan.slot_example), self.words),
            Intent.PRICE: lambda: self.words.say("no_prices"),
            Intent.WHICH_DAY: lambda: self.words.say("which_day", said=self.words.day(self.plan.days_to_choose[0]),
                                                     named=self.words.day(self.plan.days_to_choose[1])),
            Intent.ALREADY_BOOKED: lambda: self.words.say("already_booked_note",
                                                          appointment=self._described(_given(self.plan.just_booked))),
            Intent.ASK_DEPENDANT: lambda: ask_dependant_note(self.plan, self.words),
            Intent.FOR_DEPENDANT: lambda: self.words.say("for_dependant", name=self.plan.dependant or ""),
            Intent.CLOSING: lambda: self.words.say("closing"),
            Intent.TRY_WHICH: self._which_alternative,
        }
        said = [writers[intent]() for intent in dict.fromkeys(self.plan.intents) if intent in writers]
        return said + [worded(note, self.words) for note in self.plan.notes]

    def _which_alternative(self) -> str:
        """"Another day, another doctor or Clínica F: which?", the options the empty listing offered."""
        tried = _given(self.plan.tried)
        clinic = self.registry.get(tried.clinic)
        others = [c for c in self.registry.for_specialty(clinic.specialty.key) if c.id != tried.clinic] if clinic else []
        options = ([self.words.phrase("another_day")] if tried.date else []) + [self.words.phrase("another_doctor")]
        options += [self.words.phrase("clinic_option", clinic=c.name) for c in others]
        return self.words.say("try_which", options=self.words.join(options, "or"))

    def _not_offered(self) -> str:
        asked = (self.plan.unknown_specialty or "").strip()
        label = asked[:1].upper() + asked[1:] or self.words.phrase("that_specialty")
        if self.results:  # the rest of the answer is about the specialties that do exist
            return self.words.say("not_offered_short", specialty=label, specialties=self.words.specialties())
        return self._specialty_menu(self.words.say("not_offered", specialty=label))

    def _specialty_menu(self, opening: str) -> str:
        """An opening line, each specialty with its clinics, and the invitation to pick one."""
        lines = [self.words.say("specialty_line", specialty=self.words.specialty(key),
                                clinics=self.words.join(c.name for c in self.registry.for_specialty(key)))
                 for key in self.registry.specialties]
        return "\n".join([opening, *lines, self.words.say("pick_specialty")])

    def _no_advice(self) -> str:
        parts = [self.words.say("no_advice")]
        if not self.results:  # with results, the clinics' answer follows: no need to offer it
            parts.append(self._booking_offer())
        return " ".join([*parts, self.words.say("urgent")])

    def _booking_offer(self) -> str:
        specialty = self._specialty_named(self.plan.advice_specialty)
        if specialty:
            return self.words.say("suggest_specialty", specialty=self.words.specialty(specialty.key))
        return self.words.say("suggest_booking", specialties=self.words.specialties())

    def _specialty_named(self, name: str | None) -> Specialty | None:
        wanted = normalize(name) if name else None
        return next((s for s in self.registry.specialties.values()
                     if wanted in (s.key, normalize(s.name_pt), normalize(s.name_en))), None)

    def _clarify(self) -> str:
        """Ask which appointment is meant, or for the detail the plan lacks."""
        clarification = self.plan.clarification or Clarification()
        found, action, doctors = clarification.appointments, clarification.action, clarification.doctors
        if action and not found:
            return self.words.say("ask_appointment", verb=self.words.phrase(f"verb_{action}"))
        if not found and doctors:
            lines = [self.words.say("doctor_line", n=n, doctor=d.doctor, clinic=self.words.clinic(d.clinic))
                     for n, d in enumerate(doctors, 1)]
            return "\n".join([self.words.say("clarify_doctor"), *lines, self.words.say("reply_with_number")])
        if not found:
            return self._specialty_menu(self.words.say("ask_more"))
        lines = [self._clarify_line(n, a) for n, a in enumerate(found, 1)]
        header = self.words.say(f"clarify_{action or 'choose'}")
        return "\n".join([header, *lines, self.words.say("reply_with_number")])

    def _ask_to_confirm(self) -> str:
        """"Shall I cancel/move it?", or the request for the booking code when this chat does not know it."""
        change = _given(self.plan.awaiting)
        a = change.appointment
        prefix = "ask_confirm" if a.code else "ask_code"
        if change.action == "cancel":
            return self.words.say(f"{prefix}_cancel", appointment=self._described(a), clinic=self.words.clinic(a.clinic))
        return self.words.say(f"{prefix}_reschedule", clinic=self.words.clinic(a.clinic), doctor=a.doctor,
                              old=self.words.phrase("when", day=self.words.full_day(a.date), time=a.time),
                              new=self.words.phrase("when", day=self.words.full_day(change.new_date or ""),
                                                    time=change.new_time or ""))

    def _kept(self) -> str:
        if self.plan.kept is None:
            return self.words.say("kept_all")
        return self.words.say("kept", appointment=self._described(self.plan.kept))

    def _described(self, a: AppointmentItem) -> str:
        return self.words.phrase("appointment", clinic=self.words.clinic(a.clinic), doctor=a.doctor,
                                 when=self.words.phrase("when", day=self.words.full_day(a.date), time=a.time))

    def _clarify_line(self, n: int, a: AppointmentItem) -> str:
        return self.words.say("clarify_line", n=n, doctor=a.doctor, date=a.date, time=a.time,
                              day=self.words.day(a.date), clinic=self.words.clinic(a.clinic))


def _given(fact: Fact | None) -> Fact:
    """The fact a plan's intent carries (a plan meaning OVERLAP has its overlap); without it the plan is broken."""
    if fact is None:
        raise InvalidPlan("a plan's intent lacks the fact its answer is written from")
    return fact
