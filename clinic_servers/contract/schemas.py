"""Argument types and result models of the clinic tools; the MCP schemas are generated from them."""
from __future__ import annotations

import unicodedata
from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field

from clinic_servers.contract.booking_codes import canonical
from clinic_servers.contract.cpf import normalize_cpf


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


class MyAppointments(BaseModel):
    appointments: list[BookedSlot]


class OpeningHours(BaseModel):
    days: Literal["weekdays", "saturday", "sunday"]
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
