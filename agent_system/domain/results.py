"""Reading a turn's clinic results: which calls succeeded, which slots were offered, which bookings changed."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.domain.plan import DayPart, StepResult, part_of_day
from agent_system.domain.tools import Tool
from clinic_servers.contract.booking_codes import CODE_PATTERN
from clinic_servers.contract.error_codes import REFUSALS
from clinic_servers.contract.schemas import Appointment, BookedSlot, Booking, Cancellation, MyAppointments, Rescheduling, \
    SlotListing

LIST_SLOTS = Tool.LIST_AVAILABLE_SLOTS
MY_APPOINTMENTS = Tool.LIST_MY_APPOINTMENTS
# The codes of a refused call: the clinic's own refusals (the contract's) and the router's, when the
# patient did not ask for or confirm the write. Anything else (-32000, a protocol error, a timeout,
# a clinic's internal error) means the clinic did not answer usefully.
ROUTER_REFUSALS = frozenset({"write_not_requested", "not_confirmed", "identity_not_allowed"})
TOOL_ERRORS = REFUSALS | ROUTER_REFUSALS

TRANSPORT_FAILURE = -32000
# What a failed identity check reads as, whatever failed (an unknown CPF, a name bound to another, a wrong
# code, a locked name): a booking's "the name does not fit", a change's "no such booking".
IDENTITY_REFUSALS = frozenset({"identity_mismatch", "appointment_not_found"})

Data = TypeVar("Data", bound=BaseModel)


def parsed(result: StepResult, model: type[Data]) -> Data | None:
    """A successful step's data in its schema; None when the call failed or the data has another shape."""
    if result.status != "ok" or result.data is None:
        return None
    cache = result.parsed_as
    if model not in cache:
        try:
            cache[model] = model.model_validate(result.data)
        except ValidationError:
            cache[model] = None
    found: Data | None = cache[model]
    return found


def tool_error(result: StepResult) -> str | None:
    """The clinic's error code when it refused the call itself (None for success or a transport failure)."""
    code = (result.error or {}).get("code") if result.status == "error" else None
    return code if code in TOOL_ERRORS else None


def unanswered(result: StepResult) -> bool:
    """Whether the call timed out or never reached the clinic (the router's -32000)."""
    return result.status == "timeout" or (result.error or {}).get("code") == TRANSPORT_FAILURE


def successes(results: list[StepResult], action: str, model: type[Data]) -> Iterator[tuple[StepResult, Data]]:
    """Each successful step of one action, with its parsed data."""
    for result in results:
        data = parsed(result, model) if result.action == action else None
        if data is not None:
            yield result, data


def offered_slots(results: list[StepResult], day_part: DayPart | None = None) -> list[SlotOffer]:
    """Every free slot of every successful listing (in `day_part` if given), once each, by date, time, clinic, doctor."""
    keys = {(slot.date, slot.time, result.clinic, slot.doctor)
            for result, listing in successes(results, LIST_SLOTS, SlotListing)
            for slot in listing.available_slots
            if slot.available and (day_part is None or part_of_day(slot.time) == day_part)}
    return [SlotOffer(clinic=clinic, doctor=doctor, date=day, time=time) for day, time, clinic, doctor in sorted(keys)]


# Booking -> confirmed; cancellation -> cancelled; a reschedule reports the original as "moved" and the
# new one as "rescheduled", so the UI and the session drop the old booking and show the new one.
Change = Booking | Rescheduling | Cancellation  # what a write the clinic made answers
_CHANGES: dict[str, tuple[type[Change], Callable[[Any], list[tuple[Appointment, str]]]]] = {
    Tool.BOOK_APPOINTMENT: (Booking, lambda d: [(d.appointment, "confirmed")]),
    Tool.RESCHEDULE_APPOINTMENT: (Rescheduling, lambda d: [(d.original_appointment, "moved"),
                                                        (d.new_appointment, "rescheduled")]),
    Tool.CANCEL_APPOINTMENT: (Cancellation, lambda d: [(d.cancelled_appointment, "cancelled")]),
}
CHANGE_ACTIONS = tuple(_CHANGES)


def change_data(result: StepResult) -> Change | None:
    """A successful booking, reschedule or cancellation's data; None for anything else."""
    model = _CHANGES[result.action][0] if result.action in _CHANGES else None
    return parsed(result, model) if model else None


def appointment_items(results: list[StepResult]) -> list[AppointmentItem]:
    """Bookings made, changed or cancelled (in step order), then the ones listed ("booked", by date)."""
    changed = [AppointmentItem(clinic=result.clinic, doctor=a.doctor, date=a.date, time=a.time, status=status,
                               code=a.booking_code if status in ("confirmed", "rescheduled") else None,
                               patient=dependant_of(a))
               for result in results if (data := change_data(result)) is not None
               for a, status in _CHANGES[result.action][1](data)]
    listed = [AppointmentItem(clinic=clinic, doctor=s.doctor, date=s.date, time=s.time, status="booked",
                              patient=s.patient_name)
              for clinic, s in booked_slots(results)]
    return changed + listed


def dependant_of(appointment: Appointment) -> str | None:
    """Whom a booking is for when someone booked it for them (a parent for a child): their name."""
    return appointment.patient_name if appointment.booked_by else None


def booked_slots(results: list[StepResult]) -> list[tuple[str, BookedSlot]]:
    """The patient's listed bookings as (clinic id, slot), once each, by date, time, clinic and doctor."""
    unique = {(s.date, s.time, result.clinic, s.doctor): (result.clinic, s)
              for result, mine in successes(results, MY_APPOINTMENTS, MyAppointments) for s in mine.appointments}
    return [unique[key] for key in sorted(unique)]


def known_booked_slots(results: list[StepResult]) -> list[tuple[str, BookedSlot]]:
    """The patient's bookings the turn knows of: those listed, with those booked or moved to in this very turn (a
    lookup asked beside a booking ran with the codes known before it), once each, by date, time, clinic and doctor."""
    made = {(item.date, item.time, item.clinic, item.doctor): (item.clinic, BookedSlot(
        clinic=item.clinic, doctor=item.doctor, specialty="", date=item.date, time=item.time, patient_name=item.patient))
        for item in appointment_items(results) if item.status in ("confirmed", "rescheduled")}
    listed = {(s.date, s.time, clinic, s.doctor): (clinic, s) for clinic, s in booked_slots(results)}
    merged = {**made, **listed}
    return [merged[key] for key in sorted(merged)]


def written_items(results: list[StepResult]) -> list[AppointmentItem]:
    """The writes that succeeded, from what was asked (the plan's parameters), not from the clinic's data.

    When the verifier must hide a clinic's answer, this is what can still be told safely: the doctor,
    date and time the patient asked for, and the booking code.
    """
    items: list[AppointmentItem] = []
    for result in results:
        data, p = change_data(result), result.parameters
        if data is None:
            continue
        code = _code(data)
        if result.action == Tool.BOOK_APPOINTMENT:
            items.append(_item(result, p.get("date"), p.get("time"), "confirmed", code))
        elif result.action == Tool.CANCEL_APPOINTMENT:
            items.append(_item(result, p.get("date"), p.get("time"), "cancelled", None))
        else:
            items += [_item(result, p.get("original_date"), p.get("original_time"), "moved", None),
                      _item(result, p.get("new_date"), p.get("new_time"), "rescheduled", code)]
    return items


def _item(result: StepResult, day: object, time: object, status: str, code: str | None) -> AppointmentItem:
    return AppointmentItem(clinic=result.clinic, doctor=str(result.parameters.get("doctor") or ""), date=str(day),
                           time=str(time), status=status, code=code)


def _code(data: BaseModel) -> str | None:
    appointment = getattr(data, "appointment", None) or getattr(data, "new_appointment", None)
    code = getattr(appointment, "booking_code", None)
    return code if isinstance(code, str) and CODE_PATTERN.match(code) else None
