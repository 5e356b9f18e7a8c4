"""Cancel and reschedule: which booking the patient means, and what to do with it."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.appointments import AppointmentItem, SlotOffer, chronological
from agent_system.domain.tools import Tool
from agent_system.dialogue.draft import PlanDraft
from agent_system.dialogue.move_target import MoveTarget, in_schedule
from agent_system.domain.plan import BookingFilter, Clarification, Intent
from agent_system.dialogue.write_grant import confirmed_change
from agent_system.dialogue.reading.write_intent import mistyped_code
from agent_system.sessions.conversation import Conversation
from agent_system.domain.pending import ChangeAction, PendingAction, PendingChange
from agent_system.dialogue.reading import asks
from agent_system.dialogue.reading.reading import Reading
from agent_system.dialogue.reading.weekdays_asked import weekdays_alone

MAX_SPAN_DAYS = 31  # a week or a month asked about filters the bookings shown; an open window does not


class AppointmentPlanning:
    """Plans cancellations, reschedules and my-appointments lookups from what the conversation knows."""

    def __init__(self, draft: PlanDraft, reading: Reading, conversation: Conversation, registry: ClinicRegistry):
        self.out, self.r, self.conv, self.registry = draft, reading, conversation, registry
        self.pending = conversation.state.pending_action()
        self.ordinal_used = False  # an ordinal that chose the booking does not also choose the new slot
        self.target = MoveTarget(reading, conversation.state.listed, conversation.state.pending_action())

    # -- entry points ----------------------------------------------------------------------------
    def continues(self, action: str) -> bool:
        """Whether the message answers the question an earlier turn asked about `action`."""
        r = self.r
        if self._pending("action") != action or (action == "cancel" and r.wants_book and (r.doctors or not r.agrees)):
            return False
        if r.specialties and not any(self._named(a) for a in self.conv.appointments):
            return False  # another specialty: a listing, not an answer about these bookings
        appointment = self._pending("appointment")
        if appointment and r.doctors and all(d.name != appointment.doctor for d in r.doctors):
            return False  # another doctor's slot: a new booking, not this reschedule
        return bool(r.agrees or r.ordinal is not None or r.dates or r.times or r.doctors or r.booking_code)

    def answers_confirmation(self) -> bool:
        """Whether the message answers "shall I cancel/move it?": a yes or a no, or what may be a mistyped code."""
        awaiting, reply = self.conv.state.pending_change(), self.r.confirmation
        if awaiting is None:
            return False
        # Any other message is another subject: the question lapses.
        return reply in ("yes", "no") or (reply is None and bool(mistyped_code(self.r.message)))

    def reply_to_confirmation(self) -> None:
        """Run the awaited change on a yes with the code, keep the booking on a no, ask for the code on a bare yes."""
        awaiting, reply = self.conv.state.pending_change(), self.r.confirmation
        if awaiting is None:
            return
        if reply == "no":
            self.out.note("The patient said no (or not yet): the booking stays as it is.")
            return self.out.intend(Intent.KEEP, kept=awaiting.appointment)
        change = confirmed_change(awaiting, reply, self.r.booking_code)
        if change is not None:
            return self._run(change)
        self.out.note("A yes without a booking code that can be one: ask for the code again.")
        self._ask_to_confirm(awaiting)

    def drops_pending(self) -> bool:
        """"não, deixa" to "which booking?" or "which new time?", naming nothing else."""
        r = self.r
        if self._pending("action") not in ("cancel", "reschedule") or r.confirmation != "no":
            return False
        return not (r.doctors or r.dates or r.times or r.ordinal is not None or r.specialties)

    def keep_bookings(self) -> None:
        """Nothing changes, and nothing waits any more."""
        self.out.note("The patient said no to the pending change: the bookings stay as they are.")
        self.out.intend(Intent.KEEP, kept=self._pending("appointment"))

    def my_appointments(self, then: ChangeAction | None = None, shown: BookingFilter | None = None,
                        carry: dict[str, str | None] | None = None) -> None:
        """Ask every clinic for the patient's bookings (optionally to cancel or reschedule one next, or to show only
        those a question is about)."""
        self.out.note("The patient's bookings are not in the conversation: ask every clinic (list_my_appointments).")
        for clinic in self.registry.clinics:
            self.out.step(clinic.id, Tool.LIST_MY_APPOINTMENTS)
        self.out.intend(Intent.MY_APPOINTMENTS, **({"shown_bookings": shown} if shown else {}))
        if then:
            self.out.facts["pending"] = PendingAction.model_validate({"action": then, **{k: v for k, v in (carry or {}).items() if v}})

    def bookings_asked_about(self) -> BookingFilter | None:
        """"quando é a próxima?", "tenho algo na sexta?", "my orthopedics one": which bookings the answer shows."""
        r = self.r
        weekdays = weekdays_alone(r)
        shown = BookingFilter(next_only=bool(asks.NEXT_BOOKING.search(r.text)), weekdays=weekdays,
                              dates=[] if weekdays else r.days or self._span_days(), days_said=bool(r.days),
                              specialties=r.specialties, doctors=[d.name for d in r.doctors])
        return shown if shown != BookingFilter() else None

    def _span_days(self) -> list[str]:
        """The days of the week or window asked about ("this week"), when it has an end."""
        start, end = self.r.date_range or (None, None)
        if start is None or end is None or (end - start).days > MAX_SPAN_DAYS:
            return []
        return [(start + timedelta(n)).isoformat() for n in range((end - start).days + 1)]

    def cancel(self) -> None:
        """Cancel the booking the patient means, or find out which one that is."""
        target = self._described() or self._known("cancel")
        if target is None:
            return
        self._ask_to_confirm(PendingChange(action="cancel", appointment=self._with_code(target)))

    def reschedule(self, just_made: AppointmentItem | None = None) -> None:
        """Move the booking meant (`just_made`: the last answer's) to the new slot, or list its doctor's slots."""
        original, new = (None, None) if just_made else self._described_move()
        original = just_made or original or self._known("reschedule")
        if original is None:
            return
        if self.r.relative.day_position:
            return self._offer_in_day(original)
        if self.r.relative.next_free or (new is None and self.target.to_part_of_day(original)):
            return self._offer_next_free(original)
        new = new or self.target.slot(original, ordinal_free=not self.ordinal_used)
        if new is None or new == (original.date, original.time):  # nothing read moves it: ask where to
            return self._offer_new_slots(original)
        change = PendingChange(action="reschedule", appointment=self._with_code(original), new_date=new[0],
                               new_time=new[1])
        said = self.target.said(original, new) and in_schedule(self.registry, original, new)
        if not (said or self._shown_free(original, new)):
            return self._check_first(change)
        self._ask_to_confirm(change)

    def _pending(self, field: str) -> Any:
        """A field of the action waiting from an earlier turn (None when nothing waits)."""
        return getattr(self.pending, field, None)

    # -- confirmation ----------------------------------------------------------------------------
    def _with_code(self, item: AppointmentItem) -> AppointmentItem:
        code = item.code or self.conv.code_of(item) or self.r.booking_code
        return item.model_copy(update={"code": code})

    def _ask_to_confirm(self, change: PendingChange) -> None:
        a = change.appointment
        self.out.note(f"{change.action} {a.doctor} {a.date} {a.time} at {a.clinic}: ask the patient to confirm"
                      + ("." if a.code else " and to give the booking code."))
        self.out.intend(Intent.CONFIRM, awaiting=change)

    def _run(self, change: PendingChange) -> None:
        a = change.appointment
        if change.action == "cancel":
            self.out.note(f"Confirmed: cancel the booking {a.doctor} {a.date} {a.time} at {a.clinic}.")
            self.out.step(a.clinic, Tool.CANCEL_APPOINTMENT, doctor=a.doctor, date=a.date, time=a.time)
            return self.out.intend(Intent.CANCEL)
        self.out.note(f"Confirmed: move {a.date} {a.time} to {change.new_date} {change.new_time} with {a.doctor}.")
        self.out.step(a.clinic, Tool.RESCHEDULE_APPOINTMENT, doctor=a.doctor, original_date=a.date,
                      original_time=a.time, new_date=change.new_date, new_time=change.new_time)
        self.out.intend(Intent.RESCHEDULE)

    # -- which booking ---------------------------------------------------------------------------
    def _described(self) -> AppointmentItem | None:
        """A booking fully described in the message (doctor, one date, one time)."""
        r = self.r
        if not (r.doctor and len(r.dates) == 1 and len(r.times) == 1):
            return None
        self.out.note("The appointment is fully described in the message.")
        return AppointmentItem(clinic=r.doctor.clinic_id, doctor=r.doctor.name, date=r.days[0], time=r.times[0],
                               status="confirmed")

    def _described_move(self) -> tuple[AppointmentItem | None, tuple[str, str] | None]:
        """'Dr. X, de 25/11 às 9h para 27/11 às 10h' when the conversation knows no booking."""
        r = self.r
        known = self.conv.appointments or self._pending("appointment")
        if known or not (r.doctor and len(r.dates) == 2 and r.times):
            return None, None
        self.out.note("Both the booking and its new slot are described in the message.")
        original = AppointmentItem(clinic=r.doctor.clinic_id, doctor=r.doctor.name, date=r.days[0],
                                   time=r.times[0], status="confirmed")
        return original, (r.days[1], r.times[-1])

    def _known(self, action: ChangeAction) -> AppointmentItem | None:
        """The one known booking the patient means, or None after planning a lookup or a question."""
        if self._pending("action") == action and self._pending("appointment"):
            return self.pending.appointment if self.pending else None
        known = self.conv.appointments
        if not known:
            self.my_appointments(then=action, carry=self._clues_to_carry(action))
            return None
        matches = self._matching(known, action)
        if len(matches) == 1:
            return matches[0]
        self.out.note(f"Several bookings could be meant (or none matches): ask which one to {action}.")
        self.out.intend(Intent.CLARIFY, pending=PendingAction(action=action), clarification=Clarification(
            action=action, appointments=sorted(matches or known, key=chronological)))
        return None

    def _matching(self, known: list[AppointmentItem], action: str) -> list[AppointmentItem]:
        r = self.r
        ordered = sorted(known, key=chronological)
        # "a segunda" picks a booking; in a reschedule it may also mean the new slot, so only after asking.
        if r.ordinal is not None and (self._pending("action") or action == "cancel" or self._relative_only()) \
                and not r.dates:
            self.ordinal_used = True
            return [ordered[r.ordinal]] if -len(ordered) <= r.ordinal < len(ordered) else []
        pool = [a for a in ordered if self._named(a)]
        said = r.relative.booking  # "a de segunda às 9h passa pra…": only the words before the new slot
        days = set(said.days) if said else self._clue("date", r.days)
        times = set(said.times) if said else self._clue("time", r.times)
        weekdays = set(said.weekdays) if said else set()
        mentioned = self._best_mentioned(pool, days, times, weekdays)
        if mentioned or not (days or times or weekdays):
            return mentioned or pool
        # A move names its new date too, so an unmatched one rules no booking out, unless the move is a shift.
        return pool if self._moving() and not self.r.relative.shifts else []

    def _relative_only(self) -> bool:
        """"the second one, a week later": a new slot said only relative to the booking, so an ordinal is the
        booking's (it cannot also pick a new slot)."""
        relative = self.r.relative
        return bool(relative.shifts or relative.following_week or self.r.same_time) and not self.r.times

    def _named(self, item: AppointmentItem) -> bool:
        """Whether the booking fits the specialties, doctors and clinics the message names."""
        r = self.r
        clinic = self.registry.get(item.clinic)
        doctors = self._clue("doctor", [d.name for d in r.doctors])
        return ((not r.specialties or (clinic is not None and clinic.specialty.key in r.specialties))
                and (not doctors or item.doctor in doctors) and (not r.clinics or item.clinic in r.clinics))

    def _clue(self, key: str, named: list[str]) -> set[str]:
        """What the message names, else what the patient named before the bookings were looked up."""
        return set(named) if named else {self._pending(key)} if self._pending(key) else set()

    @staticmethod
    def _best_mentioned(pool: list[AppointmentItem], days: set[str], times: set[str],
                        weekdays: set[int]) -> list[AppointmentItem]:
        """The bookings whose date (or weekday) and time the message names best (none when it names neither)."""
        scores = [(a.date in days or date.fromisoformat(a.date).weekday() in weekdays) + (a.time in times)
                  for a in pool]
        best = max(scores, default=0)
        return [a for a, score in zip(pool, scores) if score == best] if best else []

    def _moving(self) -> bool:
        r = self.r  # a relative change's day or time is the new slot's, never the booking's
        return (r.wants_reschedule or r.moves_to or r.instead or r.relative.moves or r.proposes
                or self._pending("action") == "reschedule")

    # -- the new slot of a reschedule ------------------------------------------------------------
    def _clues_to_carry(self, action: ChangeAction) -> dict[str, str | None]:
        """What the message says about the booking (or its new slot), kept for after the lookup."""
        r = self.r
        doctor = r.doctor.name if r.doctor else None
        if action == "reschedule":  # its date and time are the new slot's; the doctor is the booking's
            return {"doctor": doctor, "new_date": r.days[-1] if r.days else None,
                    "new_time": r.times[-1] if r.times else None}
        return {"doctor": doctor, "date": r.days[0] if len(r.days) == 1 else None,
                "time": r.times[0] if len(r.times) == 1 else None}

    def _offer_next_free(self, original: AppointmentItem) -> None:
        """"o próximo horário livre depois desse": list the doctor's slots from the booking on; the first one after
        it is offered for a yes once the clinic has answered (`awaited_change`)."""
        self.out.note("The next free slot after the booking, or another part of its day: list its doctor's slots there.")
        same_day = self.r.relative.same_day or self.target.to_part_of_day(original)
        day = {"date": original.date} if same_day else {"date_from": original.date}
        self.out.step(original.clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=original.doctor, **day)
        self.out.intend(Intent.RESCHEDULE, pending=PendingAction(action="reschedule", appointment=original),
                        next_free_after=self._with_code(original), sooner=self.r.relative.sooner,
                        next_in_part=self.r.relative.next_free and self.r.day_part is not None)

    def _offer_in_day(self, original: AppointmentItem) -> None:
        """"o último q tiver nesse dia", "her earliest slot that same morning", "o primeiro da sexta": list the
        doctor's slots that day; its first or last free one (in the part of the day said) is offered for a yes."""
        day = self.target.position_day(original)
        self.out.note(f"The {self.r.relative.day_position} free slot of {day}: list its doctor's slots that day.")
        self.out.step(original.clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=original.doctor, date=day)
        self.out.intend(Intent.RESCHEDULE, pending=PendingAction(action="reschedule", appointment=original),
                        next_free_after=self._with_code(original), day_position=self.r.relative.day_position,
                        day_part=self.r.day_part)

    def _shown_free(self, original: AppointmentItem, new: tuple[str, str]) -> bool:
        """Whether the last listing showed the new slot free with the booking's doctor."""
        return any((s.doctor, s.date, s.time) == (original.doctor, *new) for s in self.conv.state.listed)

    def _check_first(self, change: PendingChange) -> None:
        """A new slot no listing showed ("uma hora depois", "same time on Thursday"): ask its doctor's clinic for that
        day; the move waits for a yes only if the slot is free there (`awaited_change`), else that day's slots show."""
        a = change.appointment
        self.out.note(f"{change.new_date} {change.new_time} was not shown free: list {a.doctor}'s slots that day first.")
        self.out.step(a.clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=a.doctor, date=change.new_date)
        self.out.intend(Intent.RESCHEDULE, checked_move=change, asked_slot=SlotOffer(
            clinic=a.clinic, doctor=a.doctor, date=change.new_date or a.date, time=change.new_time or a.time),
            pending=PendingAction(action="reschedule", appointment=a, new_date=change.new_date))

    def _offer_new_slots(self, original: AppointmentItem) -> None:
        self.out.note("The new date or time is missing: list the doctor's free slots to choose from.")
        filters = self.target.new_slot_filter(original)
        self.out.step(original.clinic, Tool.LIST_AVAILABLE_SLOTS, doctor=original.doctor, **filters)
        self.out.intend(Intent.RESCHEDULE, pending=PendingAction(action="reschedule", appointment=original,
                                                                 new_date=filters.get("date")))
