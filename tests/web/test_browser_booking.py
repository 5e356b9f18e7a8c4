"""The page end to end in headless Chromium against real clinics: book, reschedule and cancel from the cards."""
from __future__ import annotations

import json
from pathlib import Path

import icalendar
from playwright.sync_api import expect

from agent_system.domain.events import AnswerEvent, ConfirmRequest, DoneEvent, StageEvent, to_sse
from agent_system.domain.appointments import SlotOffer
from tests.support import call_tool, make_cpf, store_bookings
from tests.web.browser_support import VIEWPORTS, finished, identify, mine, record, send, serious_violations, shot


# Was the timeline on screen when the answer's text first appeared?
_TIMELINE_SEEN = """() => {
  window.timelineSeen = null;
  new MutationObserver(() => {
    const answer = document.querySelector('.msg-assistant:last-of-type .answer-text');
    if (window.timelineSeen === null && answer && answer.textContent.trim()) {
      const timeline = answer.closest('.msg-assistant').querySelector('.timeline');
      window.timelineSeen = !!timeline && timeline.open;
    }
  }).observe(document.getElementById('messages'), {subtree: true, childList: true, characterData: true});
}"""


def test_listing_chips_book_then_reschedule_and_cancel_from_the_cards(page, live_server, clinics):
    cpf = make_cpf(310 + (page.viewport_name == "phone"))
    identify(page, live_server, "Helena Prado Costa", cpf)
    listing = _listing_chips(page, clinics)
    card, (doctor, day, time, clinic) = _book_the_earliest(page, listing, clinics, cpf)
    moved, (new_day, new_time) = _reschedule_from_the_card(page, card, clinics, clinic, cpf, (doctor, day, time))
    _cancel_from_the_card(page, moved, clinics, clinic, cpf, (doctor, new_day, new_time))


def _listing_chips(page, clinics):
    """A listing answers with one summary and a grid of chips, one tab stop, that fits a phone."""
    page.evaluate(_TIMELINE_SEEN)
    listing = send(page, "Quero ver horários de cardiologia")
    assert page.evaluate("window.timelineSeen") is True
    text = listing.locator(".answer-text").inner_text()
    assert "•" not in text and "acima" not in text and "Horário mais cedo" in text  # one summary, no list
    assert "clinic_" not in listing.inner_text() and " 0 ms" not in listing.inner_text()
    chips = listing.locator(".slot-button")
    # Every free cardiology slot of the two clinics is a chip (other tests share the clinics: ask them).
    free = [s for clinic in ("clinic_a", "clinic_c") for s in call_tool(
        clinics.url(clinic), "list_available_slots", {})["structuredContent"]["available_slots"]]
    assert chips.count() == len(free) >= 30
    assert listing.locator(".slot-button[tabindex='0']").count() == 1  # the grid is one tab stop
    expect(listing.locator(".timeline[data-folded='true']")).to_have_count(1)  # folds once it has been seen
    height = listing.bounding_box()["height"]
    record(f"listing-{page.viewport_name}", {"chips": chips.count(), "bubble_px": round(height),
                                             "screen_px": VIEWPORTS[page.viewport_name]["height"]})
    if page.viewport_name == "phone":
        assert height <= 1.5 * 844
        full_row = listing.locator(".slot-day:not([hidden])").filter(
            has=page.locator(".slot-button:nth-child(3)")).first.locator(".slot-button")
        tops = {round(full_row.nth(i).bounding_box()["y"]) for i in range(3)}
        assert len(tops) == 1  # three chips side by side
    listing.locator(".slot-button[tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.tabIndex") == 0
    assert listing.locator(".slot-button[tabindex='0']").count() == 1
    more = listing.locator(".slot-more").first
    hidden_before = listing.locator(".slot-day[hidden]").count()
    more.click()
    assert listing.locator(".slot-day[hidden]").count() < hidden_before
    assert serious_violations(page, "listing") == []
    shot(page, "02-listing")
    return listing


def _book_the_earliest(page, listing, clinics, cpf: str):
    """The earliest chip books that slot: its card, the store, and the calendar file agree."""
    earliest = listing.locator(".slot-button.is-earliest")
    doctor, day, time, clinic = (earliest.get_attribute(f"data-{a}") for a in ("doctor", "date", "time", "clinic"))
    earliest.click()
    expect(earliest).to_have_class("slot-button is-earliest is-chosen")
    booked = finished(page)
    card = booked.locator(".appointment-card")
    expect(card).to_have_attribute("data-status", "confirmed")
    assert (card.get_attribute("data-doctor"), card.get_attribute("data-date"), card.get_attribute("data-time")) == \
        (doctor, day, time)
    assert mine(clinics, clinic, cpf) == [(doctor, day, time)]
    expect(card.locator(".appointment-code dd")).to_have_text(card.get_attribute("data-code"))  # the booking code
    expect(card.locator(".card-reschedule")).to_be_visible()
    expect(card.locator(".card-cancel")).to_be_visible()
    expect(card.locator("a[href^='tel:']")).to_be_visible()
    with page.expect_download() as download:
        card.locator(".card-calendar").click()
    calendar = icalendar.Calendar.from_ical(Path(download.value.path()).read_bytes())
    event = next(iter(calendar.walk("VEVENT")))
    start = event.decoded("DTSTART")
    assert (start.date().isoformat(), start.strftime("%H:%M"), str(start.tzinfo)) == (day, time, "America/Sao_Paulo")
    assert "Paulista" in str(event["LOCATION"]) or clinic != "clinic_a"
    assert [c.name for c in calendar.walk("VTIMEZONE")] == ["VTIMEZONE"]
    assert card.get_attribute("data-code") in str(event["DESCRIPTION"])
    assert serious_violations(page, "booking") == []
    shot(page, "03-booked")
    return card, (doctor, day, time, clinic)


def _reschedule_from_the_card(page, card, clinics, clinic: str, cpf: str, booked: tuple[str, str, str]):
    """The card's reschedule lists the doctor's other days; a chip, then yes, moves the booking."""
    doctor, day, time = booked
    card.locator(".card-reschedule").click()
    options = finished(page)
    expect(page.locator(".msg-user .msg-text").last).to_have_text(f"Quero remarcar minha consulta com {doctor}")
    assert options.locator(".slots").get_attribute("data-mode") == "reschedule"
    target = options.locator(f".slot-button:not([data-date='{day}'])").first
    new_day, new_time = target.get_attribute("data-date"), target.get_attribute("data-time")
    target.click()
    asked = finished(page).locator(".confirm-box")  # the reschedule is confirmed first: old struck, new shown
    expect(asked.locator("s.confirm-old")).to_contain_text(time)
    expect(asked.locator(".confirm-new")).to_contain_text(new_time)
    assert mine(clinics, clinic, cpf) == [(doctor, day, time)]
    asked.locator(".confirm-yes").click()
    moved = finished(page).locator(".appointment-card")
    expect(moved).to_have_attribute("data-status", "rescheduled")
    expect(moved.locator(".appointment-was dd")).to_contain_text(time)
    assert moved.locator(".appointment-was dd").evaluate("n => getComputedStyle(n).textDecorationLine") == \
        "line-through"
    assert mine(clinics, clinic, cpf) == [(doctor, new_day, new_time)]
    shot(page, "04-rescheduled")
    return moved, (new_day, new_time)


def _cancel_from_the_card(page, moved, clinics, clinic: str, cpf: str, booked: tuple[str, str, str]) -> None:
    """The card's cancel asks first; yes frees the slot in the clinic's store."""
    doctor, new_day, new_time = booked
    moved.locator(".card-cancel").click()
    asked = finished(page)
    expect(asked.locator(".confirm-box")).to_be_visible()  # a cancel is confirmed first
    assert store_bookings(clinics, clinic, cpf) == [(clinic, doctor, new_day, new_time)]
    asked.locator(".confirm-yes").click()
    expect(page.locator(".msg-user .msg-text").last).to_have_text("sim")
    cancelled = finished(page)
    expect(cancelled.locator(".appointment-card")).to_have_attribute("data-status", "cancelled")
    expect(cancelled.locator(".card-cancel")).to_have_count(0)
    assert store_bookings(clinics, clinic, cpf) == []
    shot(page, "05-cancelled")


CONFIRM_ANSWER = AnswerEvent(
    text="Quer mesmo remarcar a consulta com Dra. Camila Rocha de 25/11 às 09:00 para 26/11 às 14:00?",
    confirm=ConfirmRequest(action="reschedule",
                           appointment=SlotOffer(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-25",
                                                 time="09:00"),
                           new=SlotOffer(clinic="clinic_b", doctor="Dra. Camila Rocha", date="2026-11-26",
                                         time="14:00")),
    lang="pt")


def test_a_confirmation_request_gets_confirm_and_keep_buttons(page, live_server):
    """The answer of a recorded stream awaits yes/no: Confirmar sends "sim" in the conversation's language."""
    sent: list[str] = []

    def recorded_stream(route):
        sent.append(json.loads(route.request.post_data)["message"])
        events = [StageEvent(stage="answer", status="start"), CONFIRM_ANSWER, DoneEvent(ms=3.0)]
        route.fulfill(status=200, content_type="text/event-stream",
                      body="".join(to_sse(e, n) for n, e in enumerate(events, 1)))

    identify(page, live_server, "Camila Duarte Reis", make_cpf(320))
    page.route("**/api/chat", recorded_stream)
    answer = send(page, "Quero remarcar")
    box = answer.locator(".confirm-box")
    expect(box.locator("s.confirm-old")).to_contain_text("09:00")
    expect(box.locator(".confirm-new")).to_contain_text("14:00")
    expect(box.locator(".confirm-no")).to_have_text("Manter")
    box.locator(".confirm-yes").click()
    finished(page)
    assert sent == ["Quero remarcar", "sim"]
    expect(box.locator("button").first).to_be_disabled()
    shot(page, "06-confirm")


def test_an_overlapping_booking_waits_for_the_patient(page, live_server, clinics):
    cpf = make_cpf(380 + (page.viewport_name == "phone"))
    identify(page, live_server, "Tiago Mendes Rocha", cpf)
    hour = "08:00" if page.viewport_name == "desktop" else "11:00"
    send(page, f"Quero agendar com Dr. Marcelo Tavares no dia 30/11/2026 às {hour}")
    other = "Dra. Mariana Alves" if page.viewport_name == "desktop" else "Dra. Camila Rocha"
    held = send(page, f"Quero agendar com {other} no dia {'04/12/2026' if hour == '08:00' else '30/11/2026'} "
                      f"às {'09:00' if hour == '08:00' else '11:00'}")
    if hour == "08:00":  # another day, another specialty: booked at once
        expect(held.locator(".appointment-card")).to_have_attribute("data-status", "confirmed")
        held = send(page, "Quero agendar com Dr. Rafael Moreira no dia 01/12/2026 às 08:00")  # ortopedia again
    expect(held.locator(".answer-text")).to_contain_text("Responda sim ou não")
    expect(held.locator(".appointment-card")).to_have_count(0)
    # The overlap check's reads ran; the booking they held back is shown as never made, not as still waiting.
    expect(held.locator('.timeline-clinic[data-action="list_my_appointments"]')).to_have_count(6)
    expect(held.locator('.timeline-clinic[data-action="book_appointment"]')).to_have_attribute("data-status", "skipped")
    shot(page, "12-overlap")
    booked = send(page, "sim")
    expect(booked.locator(".appointment-card")).to_have_attribute("data-status", "confirmed")
    assert len(mine(clinics, "clinic_d", cpf)) == 1
