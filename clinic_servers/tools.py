"""The nine tools every clinic serves, as typed functions over the clinic's desk (store, clock, registry)."""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass

from .catalog import Role, ToolCatalog
from .clock import Clock
from .cpf import mask_cpf, normalize_cpf
from .errors import ToolError
from .registry import Clinic
from .schemas import (Appointment, BookedSlot, Booking, BookingCode, Cancellation, ClinicInfo, ClockTime,
                      ConditionSearch, Cpf, DoctorName, IdempotencyKey, IsoDate, MyAppointments, OpeningHours,
                      PatientId, PatientList, PatientLookup, PatientName, PatientRecord, PatientSummary,
                      Rescheduling, SearchText, Slot, SlotListing)
from .store import Patient, SlotRow, SlotStore

catalog = ToolCatalog()


@dataclass(frozen=True)
class ClinicDesk:
    """Everything a tool needs: the clinic, its store, its clock and its patient registry."""
    clinic: Clinic
    store: SlotStore
    clock: Clock
    patients: tuple[dict, ...]

    @classmethod
    def open(cls, clinic: Clinic, store: SlotStore, clock: Clock) -> "ClinicDesk":
        """Load the clinic's seed data, create its slots and apply the seed bookings once."""
        seed = json.loads(clinic.data_file.read_text(encoding="utf-8"))
        patients = tuple(seed["patients"])
        store.materialise(clock.today())
        registered = {p["patient_id"]: Patient(p["name"], normalize_cpf(p["cpf"])) for p in patients}
        store.seed_once(list(registered.values()),
                        [(b["doctor"], b["nth_slot"], registered[b["patient_id"]]) for b in seed["prebooked"]])
        return cls(clinic, store, clock, patients)

    def now(self):
        """The current time, after making sure today's 14-day window exists."""
        now = self.clock.now()
        self.store.materialise(now.date())
        return now

    def doctor(self, name: str) -> str:
        """The full name of the clinic's doctor meant by `name` (exact, or one unambiguous partial match)."""
        if self.clinic.doctor(name):
            return name
        wanted = _fold(name)
        matches = [d.name for d in self.clinic.doctors if wanted in _fold(d.name)]
        if len(matches) != 1:
            names = ", ".join(d.name for d in self.clinic.doctors)
            raise ToolError("unknown_doctor", f"Médico não encontrado nesta clínica: {name}. Médicos: {names}.")
        return matches[0]

    def appointment(self, row: SlotRow, with_code: bool = True) -> Appointment:
        """A booked row as the patient may see it (CPF masked; the code only where the patient needs it)."""
        return Appointment(clinic=self.clinic.id, doctor=row.doctor, specialty=row.specialty, date=row.date,
                           time=row.time, patient_name=row.patient_name or "", cpf_masked=mask_cpf(row.cpf or ""),
                           booking_code=row.booking_code if with_code else None)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@catalog.tool(Role.PATIENT, "List available slots")
def list_available_slots(desk: ClinicDesk, doctor: DoctorName | None = None, date: IsoDate | None = None,
                         date_from: IsoDate | None = None, date_to: IsoDate | None = None) -> SlotListing:
    """Free appointment slots of this clinic for the next 14 days, optionally for one doctor or dates."""
    name = desk.doctor(doctor) if doctor else None
    rows = desk.store.available(desk.now(), name, date or date_from, date or date_to)
    slots = [Slot(doctor=r.doctor, specialty=r.specialty, date=r.date, time=r.time, available=True) for r in rows]
    return SlotListing(clinic=desk.clinic.id, specialty=desk.clinic.specialty.name_pt, available_slots=slots,
                       note="Para agendar, informe o médico, a data e o horário desejados.")


@catalog.tool(Role.PATIENT, "Book an appointment")
def book_appointment(desk: ClinicDesk, doctor: DoctorName, date: IsoDate, time: ClockTime,
                     patient_name: PatientName, cpf: Cpf, idempotency_key: IdempotencyKey | None = None) -> Booking:
    """Book a free slot for the patient; the answer carries the booking code needed to cancel or reschedule.

    The first booking of a CPF records the patient's name; later calls must bring the same name.
    Booking your own slot again confirms it, without the code (only the booking's own answer has it).
    """
    row, already = desk.store.book(desk.now(), desk.doctor(doctor), date, time, Patient(patient_name, cpf),
                                   idempotency_key)
    message = "Você já tem esta consulta agendada." if already else "Consulta agendada com sucesso."
    return Booking(status="confirmed", appointment=desk.appointment(row), already_booked=already, message=message)


@catalog.tool(Role.PATIENT, "Reschedule an appointment")
def reschedule_appointment(desk: ClinicDesk, doctor: DoctorName, original_date: IsoDate, original_time: ClockTime,
                           new_date: IsoDate, new_time: ClockTime, patient_name: PatientName, cpf: Cpf,
                           booking_code: BookingCode, idempotency_key: IdempotencyKey | None = None) -> Rescheduling:
    """Move the patient's appointment (name, CPF and booking code must match) to another free slot, atomically."""
    old, new = desk.store.reschedule(desk.now(), desk.doctor(doctor), (original_date, original_time),
                                     (new_date, new_time), Patient(patient_name, cpf), booking_code, idempotency_key)
    return Rescheduling(status="rescheduled", original_appointment=desk.appointment(old, with_code=False),
                        new_appointment=desk.appointment(new), message="Consulta remarcada com sucesso.")


@catalog.tool(Role.PATIENT, "Cancel an appointment")
def cancel_appointment(desk: ClinicDesk, doctor: DoctorName, date: IsoDate, time: ClockTime,
                       patient_name: PatientName, cpf: Cpf, booking_code: BookingCode,
                       idempotency_key: IdempotencyKey | None = None) -> Cancellation:
    """Cancel the patient's appointment (name, CPF and booking code must match); the slot becomes free again."""
    row = desk.store.cancel(desk.now(), desk.doctor(doctor), date, time, Patient(patient_name, cpf), booking_code,
                            idempotency_key)
    return Cancellation(status="cancelled", cancelled_appointment=desk.appointment(row, with_code=False),
                        message="Consulta cancelada com sucesso.")


@catalog.tool(Role.PATIENT, "List my appointments")
def list_my_appointments(desk: ClinicDesk, cpf: Cpf, patient_name: PatientName) -> MyAppointments:
    """The patient's future appointments at this clinic (none unless the name fits the CPF); codes never listed."""
    rows = desk.store.appointments_of(Patient(patient_name, cpf), desk.now())
    return MyAppointments(appointments=[BookedSlot(clinic=desk.clinic.id, doctor=r.doctor, specialty=r.specialty,
                                                   date=r.date, time=r.time) for r in rows])


@catalog.tool(Role.PATIENT, "Clinic information")
def get_clinic_info(desk: ClinicDesk) -> ClinicInfo:
    """Where the clinic is, its phone, opening hours, accepted health plans (convênios) and specialties."""
    clinic, contact = desk.clinic, desk.clinic.contact
    hours = [OpeningHours(days=days, opens=span[0], closes=span[1]) for days, span in contact.hours.items()]
    return ClinicInfo(clinic=clinic.id, name=clinic.name, address=contact.address, phone=contact.phone,
                      timezone=contact.timezone, hours=hours, health_plans=list(contact.health_plans),
                      specialties=[clinic.specialty.name_pt])


@catalog.tool(Role.STAFF, "List patients")
def list_patients(desk: ClinicDesk) -> PatientList:
    """Staff only: the clinic's patients as ids and conditions (no names or documents)."""
    return PatientList(patients=[PatientSummary(patient_id=p["patient_id"], condition=p["condition"])
                                 for p in desk.patients])


@catalog.tool(Role.STAFF, "Get a patient record")
def get_patient(desk: ClinicDesk, patient_id: PatientId) -> PatientLookup:
    """Staff only: one patient's full record by id."""
    found = next((p for p in desk.patients if p["patient_id"].casefold() == patient_id.strip().casefold()), None)
    if found is None:
        raise ToolError("patient_not_found", f"Paciente {patient_id} não encontrado nesta clínica.")
    record = {k: v for k, v in found.items() if k != "cpf"}
    return PatientLookup(patient=PatientRecord(**record, cpf_masked=mask_cpf(normalize_cpf(found["cpf"]))))


@catalog.tool(Role.STAFF, "Search patients by condition")
def query(desk: ClinicDesk, query: SearchText) -> ConditionSearch:
    """Staff only: patients whose condition mentions the text, as ids and conditions."""
    wanted = _fold(query)
    matches = [PatientSummary(patient_id=p["patient_id"], condition=p["condition"])
               for p in desk.patients if wanted in _fold(p["condition"])]
    return ConditionSearch(specialty=desk.clinic.specialty.name_pt, query=query, matches=matches)
