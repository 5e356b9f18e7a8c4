"""The tools every clinic serves: names, who may call them, their argument and result schemas.

The clinic server implements each tool as a typed function over these argument models; the
orchestrator plans, checks and injects arguments from the same table.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pydantic import BaseModel, ConfigDict

from clinic_servers.contract.schemas import (BestTime, Booking, BookingCode, BookingCodes, CallbackClosed,
                                             CallbackList, CallbackReason, CallbackReference, CallbackRequested,
                                             Cancellation, ClinicInfo, ClockTime, Phone,
                                             ConditionSearch, Cpf, DoctorName, Erasure, IdempotencyKey, IsoDate,
                                             MyAppointments, PatientId, PatientList, PatientLookup, PatientName,
                                             Rescheduling, SearchText, SlotListing)

# The caller's identity: the router fills these from the session, a plan never carries them.
IDENTITY_ARGUMENTS = ("patient_name", "cpf")
# Proof that a booking is the caller's (from the patient's own confirmation, never from a plan).
CODE_ARGUMENT = "booking_code"
# The codes the caller holds, which alone open bookings to a listing (from the session, never from a plan).
CODES_ARGUMENT = "booking_codes"
# Who booked for someone else (a parent for a child): the router sets it, from the session holder.
BOOKER_ARGUMENT = "booked_by_cpf"
# A write's retry key: the same key returns the first call's outcome instead of writing again.
RETRY_KEY_ARGUMENT = "idempotency_key"


class Role(str, Enum):
    PATIENT = "patient"
    STAFF = "staff"


class Arguments(BaseModel):
    # No docstring: pydantic would publish it as every input schema's description.
    model_config = ConfigDict(extra="forbid")


class ListAvailableSlots(Arguments):
    doctor: DoctorName | None = None
    date: IsoDate | None = None
    date_from: IsoDate | None = None
    date_to: IsoDate | None = None


class BookAppointment(Arguments):
    doctor: DoctorName
    date: IsoDate
    time: ClockTime
    patient_name: PatientName
    cpf: Cpf
    booked_by_cpf: Cpf | None = None
    idempotency_key: IdempotencyKey | None = None


class RescheduleAppointment(Arguments):
    doctor: DoctorName
    original_date: IsoDate
    original_time: ClockTime
    new_date: IsoDate
    new_time: ClockTime
    patient_name: PatientName
    cpf: Cpf
    booking_code: BookingCode
    idempotency_key: IdempotencyKey | None = None


class CancelAppointment(Arguments):
    doctor: DoctorName
    date: IsoDate
    time: ClockTime
    patient_name: PatientName
    cpf: Cpf
    booking_code: BookingCode
    idempotency_key: IdempotencyKey | None = None


class ListMyAppointments(Arguments):
    cpf: Cpf
    patient_name: PatientName
    booking_codes: BookingCodes = []


class RequestCallback(Arguments):
    patient_name: PatientName
    cpf: Cpf
    phone: Phone
    reason: CallbackReason
    best_time: BestTime | None = None
    idempotency_key: IdempotencyKey | None = None


class ListCallbacks(Arguments):
    include_closed: bool = False


class CloseCallback(Arguments):
    reference: CallbackReference


class ErasePatient(Arguments):
    cpf: Cpf


class GetPatient(Arguments):
    patient_id: PatientId


class Query(Arguments):
    query: SearchText


@dataclass(frozen=True)
class ToolSpec:
    """One tool as both sides know it."""
    name: str
    title: str
    description: str
    role: Role
    arguments: type[Arguments]
    result: type[BaseModel]

    @property
    def identified(self) -> bool:
        """Whether the tool acts for the caller's identity (name and CPF)."""
        return set(IDENTITY_ARGUMENTS) <= set(self.arguments.model_fields)

    @property
    def writes(self) -> bool:
        """Whether the tool changes a booking (and so takes a retry key)."""
        return RETRY_KEY_ARGUMENT in self.arguments.model_fields


TOOLS = (
    ToolSpec("list_available_slots", "List available slots",
             "Free appointment slots of this clinic for the next 14 days, optionally for one doctor or dates.",
             Role.PATIENT, ListAvailableSlots, SlotListing),
    ToolSpec("book_appointment", "Book an appointment",
             "Book a free slot for the patient; the answer carries the booking code needed to cancel or "
             "reschedule.\n\nThe first booking of a CPF records the patient's name; later calls must bring the "
             "same name.\nBooking your own slot again confirms it, without the code (only the booking's own "
             "answer has it).\nBooking for someone else (a child, a parent): their name and CPF, and the "
             "booker's CPF as booked_by_cpf; the booker may then list, move and cancel it with its code.\n"
             "Refused past the clinic's max_future_bookings per patient.", Role.PATIENT, BookAppointment, Booking),
    ToolSpec("reschedule_appointment", "Reschedule an appointment",
             "Move the patient's appointment (name, CPF and booking code must match; the booker's own name and "
             "CPF for a booking made for someone else) to another free slot, atomically. Refused inside the "
             "clinic's min_notice_hours.", Role.PATIENT, RescheduleAppointment, Rescheduling),
    ToolSpec("cancel_appointment", "Cancel an appointment",
             "Cancel the patient's appointment (name, CPF and booking code must match; the booker's own name and "
             "CPF for a booking made for someone else); the slot becomes free again. Refused inside the clinic's "
             "min_notice_hours.", Role.PATIENT, CancelAppointment, Cancellation),
    ToolSpec("list_my_appointments", "List my appointments",
             "The patient's future appointments at this clinic whose booking codes are given (none without a code,"
             " or unless the name fits the CPF), those the patient booked for someone else included; codes never "
             "listed.", Role.PATIENT, ListMyAppointments,
             MyAppointments),
    ToolSpec("get_clinic_info", "Clinic information",
             "Where the clinic is, its phone, opening hours, accepted health plans (convênios), specialties, and its "
             "rules: minimum notice in hours to cancel or reschedule, most future bookings per patient.",
             Role.PATIENT, Arguments, ClinicInfo),
    ToolSpec("request_callback", "Request a call back",
             "Ask the clinic's staff to call the patient back: phone with area code, what it is about, and when "
             "suits (a few requests a day per patient).", Role.PATIENT, RequestCallback, CallbackRequested),
    ToolSpec("list_callbacks", "List callback requests",
             "Staff only: patients' requests to be called back (the open ones, or all), oldest first.",
             Role.STAFF, ListCallbacks, CallbackList),
    ToolSpec("close_callback", "Close a callback request",
             "Staff only: mark a callback request as done, by its reference.", Role.STAFF, CloseCallback,
             CallbackClosed),
    ToolSpec("list_patients", "List patients",
             "Staff only: the clinic's patients as ids and conditions (no names or documents).",
             Role.STAFF, Arguments, PatientList),
    ToolSpec("get_patient", "Get a patient record", "Staff only: one patient's full record by id.",
             Role.STAFF, GetPatient, PatientLookup),
    ToolSpec("erase_patient", "Erase a patient's personal data",
             "Staff only (LGPD Art. 18): after the patient's last appointment, erase their name, CPF and booking "
             "codes from this clinic (the write log included); their past slots stay booked, anonymously, in the "
             "schedule's history. Refused while the patient has an upcoming appointment.",
             Role.STAFF, ErasePatient, Erasure),
    ToolSpec("query", "Search patients by condition",
             "Staff only: patients whose condition mentions the text, as ids and conditions.",
             Role.STAFF, Query, ConditionSearch),
)
TOOLS_BY_NAME = {spec.name: spec for spec in TOOLS}


def tool_names(role: Role | None = None, identified: bool | None = None, writes: bool | None = None) -> tuple[str, ...]:
    """The names of the tools with these traits (None: either way), in catalog order."""
    return tuple(s.name for s in TOOLS if (role is None or s.role is role)
                 and (identified is None or s.identified is identified) and (writes is None or s.writes is writes))
