"""The codes of a failed tool call (`structuredContent.error.code` in an `isError` result)."""
from __future__ import annotations

from enum import StrEnum


class ToolErrorCode(StrEnum):
    INVALID_ARGUMENTS = "invalid_arguments"
    FORBIDDEN = "forbidden"
    UNKNOWN_DOCTOR = "unknown_doctor"
    SLOT_TAKEN = "slot_taken"
    SLOT_NOT_FOUND = "slot_not_found"
    SLOT_IN_PAST = "slot_in_past"
    SAME_SLOT = "same_slot"
    APPOINTMENT_NOT_FOUND = "appointment_not_found"
    APPOINTMENT_IN_PAST = "appointment_in_past"
    IDENTITY_MISMATCH = "identity_mismatch"
    LOCKED = "locked"
    CLINIC_BUSY = "clinic_busy"
    PATIENT_NOT_FOUND = "patient_not_found"
    UPCOMING_APPOINTMENTS = "upcoming_appointments"
    NOTICE_TOO_SHORT = "notice_too_short"
    TOO_MANY_BOOKINGS = "too_many_bookings"
    TOO_MANY_CALLBACKS = "too_many_callbacks"
    CALLBACK_NOT_FOUND = "callback_not_found"
    INTERNAL_ERROR = "internal_error"


# The clinic looked at the call and said no: the patient can be told why. An internal error is not
# a refusal: the clinic failed, as if it had not answered.
REFUSALS = frozenset(ToolErrorCode) - {ToolErrorCode.INTERNAL_ERROR}
