"""No overlapping bookings: a booking in the same hour, or a second one of a specialty in a week, waits for a yes."""
from __future__ import annotations

from tests.agent_system.test_flows import bookings
from tests.support import make_cpf, run_turn


def digits(cpf: str) -> str:
    return cpf.replace(".", "").replace("-", "")


def test_a_booking_in_the_same_hour_elsewhere_waits_for_yes(pipeline, clinics, new_conversation):
    cpf = make_cpf(130)
    conversation = new_conversation("Ana Paula Teixeira", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 09:00")
    _, held = run_turn(pipeline, conversation, "Quero agendar com Dr. Marcelo Tavares no dia 30/11/2026 às 09:30")
    assert "09:00" in held.text and "sim ou não" in held.text and held.appointments == []
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "09:00")]
    _, booked = run_turn(pipeline, conversation, "sim")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "09:00"),
                                      ("clinic_d", "Dr. Marcelo Tavares", "2026-11-30", "09:30")]


def test_a_second_cardiology_booking_in_a_week_can_be_declined(pipeline, clinics, new_conversation):
    cpf = make_cpf(131)
    conversation = new_conversation("Bruno Dias Costa", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 08:00")
    _, held = run_turn(pipeline, conversation, "Book with Dra. Juliana Castro on 2026-12-03 at 08:00")
    assert held.lang == "en" and "Cardiology appointment that week" in held.text
    _, declined = run_turn(pipeline, conversation, "não")
    assert "não marquei" in declined.text
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "08:00")]
    _, later = run_turn(pipeline, conversation, "sim")  # nothing is held any more: no booking from a stray yes
    assert later.appointments == []
    assert len(bookings(clinics, cpf)) == 1


def test_a_booking_far_from_the_others_is_made_at_once(pipeline, clinics, new_conversation):
    cpf = make_cpf(132)
    conversation = new_conversation("Carla Nunes Prado", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 14:00")
    _, booked = run_turn(pipeline, conversation, "Quero agendar com Dra. Camila Rocha no dia 30/11/2026 às 09:00")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert len(bookings(clinics, cpf)) == 2
