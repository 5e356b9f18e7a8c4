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
from .schemas import (Appointment, BookedSlot, Booking, Cancellation, ClinicInfo, ClockTime, ConditionSearch, Cpf, DoctorName,
                      IsoDate, MyAppointments, OpeningHours, PatientId, PatientList, PatientLookup, PatientName, PatientRecord,
                      PatientSummary, Rescheduling, SearchText, Slot, SlotListing)
from .store import SlotRow, SlotStore

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
        by_id = {p["patient_id"]: p for p in patients}
        store.materialise(clock.today())
        store.seed_once([(b["doctor"], b["nth_slot"], by_id[b["patient_id"]]["name"],
                          normalize_cpf(by_id[b["patient_id"]]["cpf"])) for b in seed["prebooked"]])
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

    def appointment(self, row: SlotRow) -> Appointment:
        """A booked row as the patient may see it (CPF masked)."""
        return Appointment(clinic=self.clinic.id, doctor=row.doctor, specialty=row.specialty, date=row.date,
                           time=row.time, patient_name=row.patient_name or "", cpf_masked=mask_cpf(row.cpf or ""))


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
                     patient_name: PatientName, cpf: Cpf) -> Booking:
    """Book a free slot for the patient; booking your own slot again returns the same confirmation."""
    row, already = desk.store.book(desk.now(), desk.doctor(doctor), date, time, patient_name, cpf)
    message = "Você já tem esta consulta agendada." if already else "Consulta agendada com sucesso."
    return Booking(status="confirmed", appointment=desk.appointment(row), message=message)


@catalog.tool(Role.PATIENT, "Reschedule an appointment")
def reschedule_appointment(desk: ClinicDesk, doctor: DoctorName, original_date: IsoDate, original_time: ClockTime,
                           new_date: IsoDate, new_time: ClockTime, patient_name: PatientName, cpf: Cpf) -> Rescheduling:
    """Move the patient's appointment with a doctor to another free slot of the same doctor, atomically."""
    old, new = desk.store.reschedule(desk.now(), desk.doctor(doctor), (original_date, original_time),
                                     (new_date, new_time), patient_name, cpf)
    return Rescheduling(status="rescheduled", original_appointment=desk.appointment(old),
                        new_appointment=desk.appointment(new), message="Consulta remarcada com sucesso.")


@catalog.tool(Role.PATIENT, "Cancel an appointment")
def cancel_appointment(desk: ClinicDesk, doctor: DoctorName, date: IsoDate, time: ClockTime,
                       patient_name: PatientName, cpf: Cpf) -> Cancellation:
    """Cancel an appointment booked with this CPF; the slot becomes free again."""
    row = desk.store.cancel(desk.now(), desk.doctor(doctor), date, time, cpf)
    return Cancellation(status="cancelled", cancelled_appointment=desk.appointment(row),
                        message="Consulta cancelada com sucesso.")


@catalog.tool(Role.PATIENT, "List my appointments")
def list_my_appointments(desk: ClinicDesk, cpf: Cpf) -> MyAppointments:
    """The future appointments booked at this clinic with this CPF."""
    rows = desk.store.appointments_of(cpf, desk.now())
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
