"""The answers that need no clinic: a bare yes, a topic no clinic deals with, a question with options."""
from __future__ import annotations

from agent_system.domain.appointments import chronological
from agent_system.domain.plan import Clarification, DoctorChoice, Intent
from agent_system.planning.draft import PlanDraft
from agent_system.sessions.conversation import Conversation
from agent_system.understanding.reading import Reading


def plan_without_steps(out: PlanDraft, r: Reading, conv: Conversation) -> None:
    """What to say when the message asks nothing a clinic can answer."""
    if r.accepts and conv.state.choosing() and conv.state.listed:
        return _ask_which_slot(out, conv)
    if (r.accepts or r.agrees) and conv.state.alternatives_offered() is not None:
        out.note("A yes to 'another day, another doctor or another clinic?': ask which of them, plan nothing.")
        return out.intend(Intent.TRY_WHICH, tried=conv.state.alternatives_offered())
    if (r.accepts or r.agrees) and conv.state.just_booked() is not None:
        out.note("A yes right after a confirmed booking: it is booked already, nothing more to do.")
        return out.intend(Intent.ALREADY_BOOKED, just_booked=conv.state.just_booked())
    if r.off_topic and not (r.wants_book or r.wants_list):
        out.note("A topic no clinic deals with: explain the scope.")
        return out.intend(Intent.OUT_OF_SCOPE)
    if conv.appointments and r.points_at_booking and not r.specialties:
        return _ask_with_options(out, conv)
    if r.wants_book or r.wants_list or r.ordinal is not None or r.dates or r.times or r.date_range:
        out.note("A booking, listing or day without any specialty, doctor or clinic: ask which specialty.")
        return out.intend(Intent.MISSING_SPECIALTY)
    if r.greets or r.agrees:
        return out.intend(Intent.GREETING)
    if r.about_appointments or r.wants_cancel or r.moves_to or r.instead or r.day_part or r.some_doctor:
        return _ask_with_options(out, conv)
    out.note("Nothing the clinics can help with: explain the scope.")
    out.intend(Intent.OUT_OF_SCOPE)


def _ask_which_slot(out: PlanDraft, conv: Conversation) -> None:
    """A bare yes to a listing that offered no one slot: ask which (the earliest as the example); book nothing."""
    out.note("A yes to a listing without one slot offered: ask which of the listed times, book nothing.")
    out.intend(Intent.CHOOSE_SLOT, slot_example=min(conv.state.listed, key=chronological))


def _ask_with_options(out: PlanDraft, conv: Conversation) -> None:
    """About appointments but not understood: ask, offering the bookings, the doctors just listed or the specialties."""
    out.note("About appointments, but not enough to act on: ask, with concrete options.")
    if conv.appointments:
        return out.intend(Intent.CLARIFY, clarification=Clarification(appointments=conv.appointments))
    listed = dict.fromkeys((s.doctor, s.clinic) for s in conv.state.listed)
    out.intend(Intent.CLARIFY, clarification=Clarification(doctors=[DoctorChoice(doctor=d, clinic=c) for d, c in listed]))
