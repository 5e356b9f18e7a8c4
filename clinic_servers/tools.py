"""The tools every clinic serves, as typed functions over the clinic's desk (store, clock, registry)."""
from __future__ import annotations

import json
import logging
import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from clinic_servers.catalog import ToolCatalog
from clinic_servers.contract.clock import Clock
from clinic_servers.contract.cpf import mask_cpf, normalize_cpf
from clinic_servers.contract.registry import Clinic
from clinic_servers.contract.schemas import (Appointment, BookedSlot, Booking, Callback, CallbackClosed,
                                             CallbackList, CallbackRequested, Cancellation, ClinicInfo,
                                             ConditionSearch, Erasure, MyAppointments, OpeningHours, PatientList,
                                             PatientLookup, PatientRecord, PatientSummary, Rescheduling,
                                             SlotListing)
from clinic_servers.contract.tools import (Arguments, BookAppointment, CancelAppointment, CloseCallback, ErasePatient,
                                           GetPatient, ListAvailableSlots, ListCallbacks, ListMyAppointments, Query,
                                           RequestCallback, RescheduleAppointment)
from clinic_servers.errors import ToolError
from clinic_servers.store import CallbackRow, Patient, SlotRow, SlotStore

log = logging.getLogger(__name__)
catalog = ToolCatalog()


@dataclass(frozen=True)
class ClinicDesk:
    """Everything a tool needs: the clinic, its store, its clock, its patient registry and its retention."""
    clinic: Clinic
    store: SlotStore
    clock: Clock
    patients: tuple[dict, ...]
    retention_days: int = 0  # 0: personal data of past appointments is kept until erased by staff

    @classmethod
    def open(cls, clinic: Clinic, store: SlotStore, clock: Clock, retention_days: int = 0) -> "ClinicDesk":
        """Load the clinic's seed data, create its slots, apply the seed bookings once and the retention rule."""
        seed = json.loads(clinic.data_file.read_text(encoding="utf-8"))
        patients = tuple(seed["patients"])
        store.materialise(clock.today())
        registered = {p["patient_id"]: Patient(p["name"], _seed_cpf(p)) for p in patients}
        store.seed_once(list(registered.values()),
                        [(b["doctor"], b["nth_slot"], registered[b["patient_id"]]) for b in seed["prebooked"]])
        desk = cls(clinic, store, clock, patients, retention_days)
        desk.now()
        return desk

    def now(self):
        """The current time, after the day's upkeep: today's 14-day window exists, expired personal data is gone."""
        now = self.clock.now()
        self.store.materialise(now.date())
        if self.retention_days:
            forgotten = self.store.forget_before(now.date() - timedelta(days=self.retention_days))
            if any(forgotten):
                log.info("%s: retention erased the personal data of %d past bookings and %d unused names",
                         self.clinic.id, *forgotten)
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
                           booking_code=row.booking_code if with_code else None,
                           booked_by=mask_cpf(row.booked_by_cpf) if row.booked_by_cpf else None)


def _seed_cpf(patient: dict) -> str:
    """A seed patient's CPF as its 11 digits; an invalid one is a broken seed file, refused when the clinic opens."""
    cpf = normalize_cpf(patient["cpf"])
    if cpf is None:
        raise ValueError(f"seed patient {patient['patient_id']}: the CPF is not valid")
    return cpf


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@catalog.tool
def list_available_slots(desk: ClinicDesk, arguments: ListAvailableSlots) -> SlotListing:
    """Free slots of this clinic, optionally for one doctor or dates."""
    a = arguments
    name = desk.doctor(a.doctor) if a.doctor else None
    rows = desk.store.available(desk.now(), name, a.date or a.date_from, a.date or a.date_to)
    # Validated whole, in one call: a model per slot cost more than the store's query.
    return SlotListing.model_validate({
        "clinic": desk.clinic.id, "specialty": desk.clinic.specialty.name_pt,
        "available_slots": [{"doctor": r.doctor, "specialty": r.specialty, "date": r.date, "time": r.time,
                             "available": True} for r in rows],
        "note": "Para agendar, informe o médico, a data e o horário desejados."})


@catalog.tool
def book_appointment(desk: ClinicDesk, arguments: BookAppointment) -> Booking:
    """Book a free slot for the patient (their own slot again: the existing booking, without its code)."""
    a = arguments
    row, already = desk.store.book(desk.now(), desk.doctor(a.doctor), a.date, a.time, Patient(a.patient_name, a.cpf),
                                   a.idempotency_key, a.booked_by_cpf)
    message = "Você já tem esta consulta agendada." if already else "Consulta agendada com sucesso."
    return Booking(status="confirmed", appointment=desk.appointment(row), already_booked=already, message=message)


@catalog.tool
def reschedule_appointment(desk: ClinicDesk, arguments: RescheduleAppointment) -> Rescheduling:
    """Move the patient's appointment to another free slot, atomically."""
    a = arguments
    old, new = desk.store.reschedule(desk.now(), desk.doctor(a.doctor), (a.original_date, a.original_time),
                                     (a.new_date, a.new_time), Patient(a.patient_name, a.cpf), a.booking_code,
                                     a.idempotency_key)
    return Rescheduling(status="rescheduled", original_appointment=desk.appointment(old, with_code=False),
                        new_appointment=desk.appointment(new), message="Consulta remarcada com sucesso.")


@catalog.tool
def cancel_appointment(desk: ClinicDesk, arguments: CancelAppointment) -> Cancellation:
    """Cancel the patient's appointment; the slot becomes free again."""
    a = arguments
    row = desk.store.cancel(desk.now(), desk.doctor(a.doctor), a.date, a.time, Patient(a.patient_name, a.cpf),
                            a.booking_code, a.idempotency_key)
    return Cancellation(status="cancelled", cancelled_appointment=desk.appointment(row, with_code=False),
                        message="Consulta cancelada com sucesso.")


@catalog.tool
def list_my_appointments(desk: ClinicDesk, arguments: ListMyAppointments) -> MyAppointments:
    """The patient's future appointments at this clinic that the given codes open (none without a code)."""
    caller = arguments.cpf
    rows = desk.store.appointments_of(Patient(arguments.patient_name, caller), desk.now(), arguments.booking_codes)
    return MyAppointments(appointments=[BookedSlot(
        clinic=desk.clinic.id, doctor=r.doctor, specialty=r.specialty, date=r.date, time=r.time,
        patient_name=r.patient_name if r.cpf != caller else None,
        booked_by=mask_cpf(r.booked_by_cpf) if r.booked_by_cpf and r.cpf == caller else None) for r in rows])


@catalog.tool
def get_clinic_info(desk: ClinicDesk, arguments: Arguments) -> ClinicInfo:
    """The clinic's address, phone, opening hours, health plans and specialties."""
    clinic, contact = desk.clinic, desk.clinic.contact
    hours = [OpeningHours(days=days, opens=span[0], closes=span[1]) for days, span in contact.hours.items()]
    return ClinicInfo(clinic=clinic.id, name=clinic.name, address=contact.address, phone=contact.phone,
                      timezone=contact.timezone, hours=hours, health_plans=list(contact.health_plans),
                      specialties=[clinic.specialty.name_pt], min_notice_hours=clinic.rules.min_notice_hours,
                      max_future_bookings=clinic.rules.max_future_bookings)


@catalog.tool
def request_callback(desk: ClinicDesk, arguments: RequestCallback) -> CallbackRequested:
    """Ask the clinic's staff to call the patient back."""
    a = arguments
    row = desk.store.request_callback(Patient(a.patient_name, a.cpf), a.phone, a.reason, a.best_time,
                                      a.idempotency_key)
    return CallbackRequested(status="requested", reference=row.reference,
                             message=f"Pedido registrado; a equipe da {desk.clinic.name} vai ligar para você.")


@catalog.tool
def list_callbacks(desk: ClinicDesk, arguments: ListCallbacks) -> CallbackList:
    """Patients' requests to be called back, oldest first."""
    return CallbackList(callbacks=[_callback(r) for r in desk.store.callbacks(arguments.include_closed)])


@catalog.tool
def close_callback(desk: ClinicDesk, arguments: CloseCallback) -> CallbackClosed:
    """Mark a callback request as done."""
    return CallbackClosed(status="closed", callback=_callback(desk.store.close_callback(arguments.reference)))


def _callback(row: CallbackRow) -> Callback:
    """A request as the staff see it: the phone to call, the CPF masked."""
    return Callback(reference=row.reference, patient_name=row.patient_name, cpf_masked=mask_cpf(row.cpf),
                    phone=row.phone, reason=row.reason, best_time=row.best_time, requested_at=row.requested_at,
                    status="closed" if row.closed_at else "open")


@catalog.tool
def list_patients(desk: ClinicDesk, arguments: Arguments) -> PatientList:
    """The clinic's patients as ids and conditions."""
    return PatientList(patients=[PatientSummary(patient_id=p["patient_id"], condition=p["condition"])
                                 for p in desk.patients])


@catalog.tool
def get_patient(desk: ClinicDesk, arguments: GetPatient) -> PatientLookup:
    """One patient's full record by id (CPF masked)."""
    patient_id = arguments.patient_id
    found = next((p for p in desk.patients if p["patient_id"].casefold() == patient_id.strip().casefold()), None)
    if found is None:
        raise ToolError("patient_not_found", f"Paciente {patient_id} não encontrado nesta clínica.")
    record = {k: v for k, v in found.items() if k != "cpf"}
    return PatientLookup(patient=PatientRecord(**record, cpf_masked=mask_cpf(_seed_cpf(found))))


@catalog.tool
def erase_patient(desk: ClinicDesk, arguments: ErasePatient) -> Erasure:
    """Erase a patient's name, CPF and booking codes after their last appointment (LGPD Art. 18)."""
    kept = desk.store.erase(arguments.cpf, desk.now())
    return Erasure(status="erased", bookings_anonymised=kept,
                   message="Dados pessoais apagados; as consultas passadas ficam no histórico sem identificação.")


@catalog.tool
def query(desk: ClinicDesk, arguments: Query) -> ConditionSearch:
    """Patients whose condition mentions the text, as ids and conditions."""
    wanted = _fold(arguments.query)
    matches = [PatientSummary(patient_id=p["patient_id"], condition=p["condition"])
               for p in desk.patients if wanted in _fold(p["condition"])]
    return ConditionSearch(specialty=desk.clinic.specialty.name_pt, query=arguments.query, matches=matches)
