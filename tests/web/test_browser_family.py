"""The page for a parent booking for a child, in headless Chromium against real clinics: the confirmation card
and the .ics file say whom the appointment is for, and the card shows the clinic's own rules."""
from __future__ import annotations

from pathlib import Path

import icalendar

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import call_tool, make_cpf
from tests.web.browser_support import identify, send

PAULO = "Dr. Paulo Henrique Lima"  # clinic_b


def test_a_card_booked_for_a_child_names_the_child_and_the_clinics_rules(page, live_server, clinics):
    offset = 2 * (page.viewport_name == "phone")
    parent, child = make_cpf(96501 + offset), make_cpf(96502 + offset)
    identify(page, live_server, "Carla Mendes Duarte", parent)
    asked = send(page, "Quero marcar dermatologia pra minha filha")
    assert "CPF de sua filha" in asked.locator(".answer-text").inner_text()
    send(page, f"Beatriz Mendes Duarte, {child}")
    free = call_tool(clinics.url("clinic_b"), "list_available_slots", {"doctor": PAULO})["structuredContent"]
    slot = free["available_slots"][offset]
    day = f"{slot['date'][8:]}/{slot['date'][5:7]}"
    booked = send(page, f"Quero agendar com {PAULO} no dia {day} às {slot['time']}")
    card = booked.locator(".appointment-card[data-status='confirmed']")
    assert card.get_attribute("data-patient") == "Beatriz Mendes Duarte"
    assert card.locator(".appointment-patient dd").inner_text() == "Beatriz Mendes Duarte"
    assert "2 h" in card.locator(".appointment-rules dd").inner_text()
    with page.expect_download() as download:
        card.locator(".card-calendar").click()
    calendar = icalendar.Calendar.from_ical(Path(download.value.path()).read_bytes())
    [event] = calendar.walk("VEVENT")
    assert "Beatriz Mendes Duarte" in str(event["SUMMARY"])
    assert normalize_cpf(child) not in Path(download.value.path()).read_text(encoding="utf-8")
    code = card.get_attribute("data-code")
    call_tool(clinics.url("clinic_b"), "cancel_appointment", {
        "doctor": PAULO, "date": slot["date"], "time": slot["time"], "patient_name": "Carla Mendes Duarte",
        "cpf": parent, "booking_code": code})
