"""The cancel or reschedule that waits for the patient's yes once the clinics have answered.

Planning decides what waits before any clinic is asked; four answers change that, each read by the handler of
the family that planned the call (`after_results`). A listing for a move to the next free slot offers the one
that fits; a listing that checks a computed move lets it wait for a yes only when it shows the slot free. A
lookup that finds the patient's one booking for a pending cancel or reschedule asks "É esta a consulta…?", so
that change now waits for a yes or its booking code. A confirmed change the clinic refused because the typed
code was wrong keeps waiting, so the patient can type the right one.
"""
from __future__ import annotations

from agent_system.domain.results import appointment_items, booked_slots, offered_slots, tool_error
from agent_system.domain.plan import Intent, Plan, StepResult
from agent_system.domain.pending import PendingChange
from agent_system.domain.tools import CHANGE_TOOLS
from clinic_servers.contract.error_codes import ToolErrorCode


def after_next_free(plan: Plan, results: list[StepResult]) -> Plan:
    """A move to the next free slot after the booking: the first one the listing shows after it waits for a yes (to
    another part of its day: the only free slot there)."""
    booked = plan.next_free_after
    if booked is None or plan.awaiting is not None:
        return plan
    if plan.day_position:  # "o último desse dia": the first or last free slot of the day listed, in its part of it
        there = [(s.date, s.time) for s in offered_slots(results, plan.day_part)
                 if s.doctor == booked.doctor and (s.date, s.time) != (booked.date, booked.time)]
        later = there[:1] if plan.day_position == "first" else there[-1:]
    elif plan.day_part:  # "his next one after it, same morning": the next there; another part: its one free slot
        there = [(s.date, s.time) for s in offered_slots(results, plan.day_part) if s.doctor == booked.doctor]
        after = [s for s in there if s > (booked.date, booked.time)] if plan.next_in_part else []
        later = after[:1] or (there if len(there) == 1 else [])
    elif plan.sooner:  # "mais cedo": the free slot right before it that day
        later = sorted((s.date, s.time) for s in offered_slots(results) if s.doctor == booked.doctor
                       and s.date == booked.date and s.time < booked.time)[-1:]
    else:
        later = sorted((s.date, s.time) for s in offered_slots(results)
                       if s.doctor == booked.doctor and (s.date, s.time) > (booked.date, booked.time))
    if not later:
        return plan
    change = PendingChange(action="reschedule", appointment=booked, new_date=later[0][0], new_time=later[0][1])
    return plan.model_copy(update={"awaiting": change, "pending": None, "intents": [*plan.intents, Intent.CONFIRM]})


def after_checked_move(plan: Plan, results: list[StepResult]) -> Plan:
    """A move to a slot no listing had shown waits for a yes only when its doctor's listing shows it free; when it
    does not, that day's real slots are the answer and the move still waits for a new time."""
    move = plan.checked_move
    if move is None or plan.awaiting is not None:
        return plan
    wanted = (move.appointment.doctor, move.new_date, move.new_time)
    if wanted not in {(s.doctor, s.date, s.time) for s in offered_slots(results)}:
        return plan
    return plan.model_copy(update={"awaiting": move, "pending": None, "intents": [*plan.intents, Intent.CONFIRM]})


def after_lookup(plan: Plan, results: list[StepResult], typed_code: str | None) -> Plan:
    """A lookup found the one booking of a pending cancel (or a reschedule with its new time): it waits for a yes.

    A code typed for the lookup is the one that opened that booking: a yes then needs no second typing.
    """
    pending = plan.pending
    looked_up = Intent.MY_APPOINTMENTS in plan.intents and len(booked_slots(results)) == 1
    if plan.awaiting or pending is None or not looked_up:
        return plan
    if pending.action not in ("cancel", "reschedule") or (pending.action == "reschedule" and not pending.new_time):
        return plan
    found = next(a for a in appointment_items(results) if a.status == "booked")
    found = found.model_copy(update={"code": found.code or typed_code})
    moved = {"new_date": pending.new_date or found.date, "new_time": pending.new_time}
    change = PendingChange(action=pending.action, appointment=found,
                           **(moved if pending.action == "reschedule" else {}))
    return plan.model_copy(update={"awaiting": change})


def after_wrong_code(plan: Plan, results: list[StepResult], before: PendingChange | None,
                      typed_code: str | None) -> Plan:
    """A change confirmed with a typed code the clinic did not recognise: ask for the code again."""
    if before is None or typed_code is None:
        return plan
    action = CHANGE_TOOLS[before.action]
    if not any(r.action == action and tool_error(r) == ToolErrorCode.APPOINTMENT_NOT_FOUND for r in results):
        return plan
    return plan.model_copy(update={"awaiting": before, "intents": [*plan.intents, Intent.CONFIRM]})
