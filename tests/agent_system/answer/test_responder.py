"""The deterministic response generator's outputs besides the text: the slots offered and the bookings reported."""
from __future__ import annotations

from agent_system.answer.responder import Rendering, appointment_items, offered_slots
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from tests.agent_system.answer.responder_support import (CLINIC_A, CLINIC_C, LIST, TODAY, booking, cancellation, failed,
                                                  listing, mine, refused, rescheduling, slot)


def test_offered_slots_are_every_listed_slot_by_date_time_clinic_and_doctor():
    assert offered_slots([CLINIC_C, CLINIC_A])[:5] == [
        SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00"),
        SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="10:30"),
        SlotOffer(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="15:00"),
        SlotOffer(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-26", time="08:00"),
        SlotOffer(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-26", time="09:30"),
    ]
    assert len(offered_slots([CLINIC_A, CLINIC_C])) == 12


def test_offered_slots_skip_failures_other_actions_duplicates_and_taken_slots():
    taken = {**slot("Dra. Juliana Castro", "2026-11-26", "11:00"), "available": False}
    again = listing("clinic_c", [slot("Dra. Juliana Castro", "2026-11-26", "08:00"), taken], step_id=3)
    results = [CLINIC_C, again, failed("clinic_a"), booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")]
    assert offered_slots(results) == offered_slots([CLINIC_C])
    assert offered_slots([listing("clinic_a", [{"doctor": "no date"}])]) == []


def test_appointment_items_report_bookings_changes_and_cancellations_in_step_order():
    results = [booking("Dr. Ricardo Lopes", "2026-11-25", "09:00"),
               rescheduling("Dra. Juliana Castro", ("2026-11-26", "08:00"), ("2026-11-30", "13:30"), "clinic_c"),
               cancellation("Dra. Ana Beatriz Souza", "2026-11-26", "13:00")]
    assert appointment_items(results) == [
        AppointmentItem(clinic="clinic_a", doctor="Dr. Ricardo Lopes", date="2026-11-25", time="09:00",
                        status="confirmed", code="K7M4QP"),
        AppointmentItem(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-26", time="08:00",
                        status="moved"),
        AppointmentItem(clinic="clinic_c", doctor="Dra. Juliana Castro", date="2026-11-30", time="13:30",
                        status="rescheduled"),
        AppointmentItem(clinic="clinic_a", doctor="Dra. Ana Beatriz Souza", date="2026-11-26", time="13:00",
                        status="cancelled"),
    ]


def test_appointment_items_list_the_patients_bookings_by_date():
    results = [mine("clinic_c", ("Dr. Fernando Mendes", "2026-12-01", "09:00"), step_id=2),
               mine("clinic_b", ("Dra. Camila Rocha", "2026-11-26", "14:00"), specialty="Dermatologia"),
               failed("clinic_d", "list_my_appointments"), refused("book_appointment", "slot_taken")]
    assert appointment_items(results) == [
        AppointmentItem(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-26", time="14:00",
                        status="booked"),
        AppointmentItem(clinic="clinic_c", doctor="Dr. Fernando Mendes", date="2026-12-01", time="09:00",
                        status="booked"),
    ]


def test_rendering_carries_the_offered_slots_and_the_reported_bookings(renderer):
    results = [CLINIC_A, booking("Dr. Ricardo Lopes", "2026-11-25", "09:00")]
    rendering = renderer.render(LIST, results, "pt", TODAY)
    assert isinstance(rendering, Rendering)
    assert rendering.slots == offered_slots(results)
    assert rendering.appointments == appointment_items(results)
