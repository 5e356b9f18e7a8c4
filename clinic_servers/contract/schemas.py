"""Argument types and result models of the clinic tools; the MCP schemas are generated from them."""
from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field

from clinic_servers.contract.booking_codes import canonical
from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.registry import OpeningDays


def _real_date(value: str) -> str:
    date.fromisoformat(value)  # raises ValueError for 2026-02-31
    return value


def _cpf_digits(value: str) -> str:
    digits = normalize_cpf(value)
    if digits is None:
        raise ValueError("CPF inválido")
    return digits


DoctorName = Annotated[str, Field(min_length=2, max_length=100,
                                  description="Doctor's name as listed, e.g. 'Dr. Ricardo Lopes'")]
IsoDate = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="Date, YYYY-MM-DD"),
                    AfterValidator(_real_date)]
ClockTime = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$", description="Time, HH:MM (24h)")]
PatientName = Annotated[str, Field(min_length=2, max_length=120, description="Patient's full name"),
                        AfterValidator(lambda name: unicodedata.normalize("NFC", " ".join(name.split())))]
BookingCode = Annotated[str, Field(min_length=6, max_length=9,
                                   description="The 6-character code given when the appointment was booked"),
                        AfterValidator(canonical)]
# The codes a patient holds: each opens its own booking to a listing, and nothing else.
BookingCodes = Annotated[list[BookingCode], Field(max_length=50,
                                                  description="Booking codes of the patient's bookings")]
IdempotencyKey = Annotated[str, Field(pattern=r"^[A-Za-z0-9-]{8,64}$",
                                      description="Any unique string; a retried call with the same key "
                                                  "returns the first call's outcome instead of writing again")]
def _phone_digits(value: str) -> str:
    digits = re.sub(r"[\s().+-]", "", value)
    if digits.startswith("55") and len(digits) in (12, 13):
        digits = digits[2:]  # the country code, as a patient may write it
    if not re.fullmatch(r"[1-9][0-9][2-9][0-9]{7,8}", digits, re.ASCII):
        raise ValueError("telefone inválido: DDD e número, 10 ou 11 dígitos")
    return digits


Phone = Annotated[str, Field(min_length=10, max_length=25,
                             description="Brazilian phone with area code, e.g. '(11) 98765-4321'"),
                  AfterValidator(_phone_digits)]
CallbackReason = Annotated[str, Field(min_length=2, max_length=500, description="What the patient needs")]
BestTime = Annotated[str, Field(min_length=1, max_length=80, description="When to call, in the patient's words")]
CallbackReference = Annotated[str, Field(min_length=3, max_length=20, description="The request's reference")]
Cpf = Annotated[str, Field(min_length=11, max_length=20,
                           description="Patient's CPF: 11 ASCII digits, with or without dots, dash and spaces"),
                AfterValidator(_cpf_digits)]
PatientId = Annotated[str, Field(min_length=1, max_length=40, description="Patient id, e.g. CARD-001")]
SearchText = Annotated[str, Field(min_length=1, max_length=200, description="Free text to search conditions")]


class Slot(BaseModel):
    doctor: str
    specialty: str
    date: str
    time: str
    available: bool


class SlotListing(BaseModel):
    clinic: str
    specialty: str
    available_slots: list[Slot]
    note: str


class Appointment(BaseModel):
    clinic: str
    doctor: str
    specialty: str
    date: str
    time: str
    patient_name: str
    cpf_masked: str
    booking_code: str | None = None
    # Set when someone else booked it for the patient (a parent for a child): the booker's CPF, masked.
    booked_by: str | None = None


class Booking(BaseModel):
    status: Literal["confirmed"]
    appointment: Appointment
    # True when this patient already held the slot (or the call was a retry): nothing new was booked.
    already_booked: bool = False
    message: str


class Rescheduling(BaseModel):
    status: Literal["rescheduled"]
    original_appointment: Appointment
    new_appointment: Appointment
    message: str


class Cancellation(BaseModel):
    status: Literal["cancelled"]
    cancelled_appointment: Appointment
    message: str


class BookedSlot(BaseModel):
    clinic: str
    doctor: str
    specialty: str
    date: str
    time: str
    # Whom the booking is for, when the caller booked it for someone else (a child, a parent).
    patient_name: str | None = None
    # The booker's CPF, masked, when someone else booked it for the caller.
    booked_by: str | None = None


class MyAppointments(BaseModel):
    appointments: list[BookedSlot]


class OpeningHours(BaseModel):
    days: OpeningDays
    opens: str
    closes: str


class ClinicInfo(BaseModel):
    clinic: str
    name: str
    address: str
    phone: str
    timezone: str
    hours: list[OpeningHours]
    health_plans: list[str]
    specialties: list[str]
    min_notice_hours: int = 0  # a cancel or reschedule closer to the start than this is refused
    max_future_bookings: int | None = None  # future bookings one patient may hold here (None: no limit)


class CallbackRequested(BaseModel):
    status: Literal["requested"]
    reference: str
    message: str


class Callback(BaseModel):
    reference: str
    patient_name: str
    cpf_masked: str
    phone: str
    reason: str
    best_time: str | None = None
    requested_at: str
    status: Literal["open", "closed"]


class CallbackList(BaseModel):
    callbacks: list[Callback]


class CallbackClosed(BaseModel):
    status: Literal["closed"]
    callback: Callback


class PatientSummary(BaseModel):
    patient_id: str
    condition: str


class PatientList(BaseModel):
    patients: list[PatientSummary]


class PatientRecord(BaseModel):
    patient_id: str
    name: str
    cpf_masked: str
    age: int
    condition: str
    medications: list[str]
    address: str


class PatientLookup(BaseModel):
    patient: PatientRecord


class Erasure(BaseModel):
    status: Literal["erased"]
    bookings_anonymised: int  # past bookings kept in the slot history without name, CPF or code
    message: str


class ConditionSearch(BaseModel):
    specialty: str
    query: str
    matches: list[PatientSummary]
