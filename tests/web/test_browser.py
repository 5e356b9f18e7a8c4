"""The patient's page end to end in headless Chromium (Debian's), driven by Playwright, against real clinics.

Every flow runs at a desktop (1280x800) and a phone (390x844) viewport; axe-core (bundled by
axe-playwright-python, nothing downloaded) checks the main screens for serious or critical violations.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import icalendar
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect, sync_playwright

from agent_system.events import AnswerEvent, ConfirmRequest, DoneEvent, SlotOffer, StageEvent, to_sse
from tests.support import make_cpf, served, store_bookings

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Chromium's own background traffic has nowhere to go offline; these flags keep it quiet.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
AXE = Axe()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(params=list(VIEWPORTS))
def page(browser, request):
    context = browser.new_context(viewport=VIEWPORTS[request.param], locale="pt-BR", accept_downloads=True)
    opened = context.new_page()
    opened.viewport_name = request.param
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    # A 429 is the rate-limit test's point; Chromium logs every refused request as a console error.
    opened.on("console", lambda m: m.type == "error" and "status of 429" not in m.text and problems.append(m.text))
    yield opened
    context.close()
    assert problems == []


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{page.viewport_name}.png"), full_page=True)


def record(name: str, value) -> None:
    """Keep a measured figure next to the screenshots (tests/artifacts/measurements.json)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "measurements.json"
    figures = json.loads(path.read_text()) if path.exists() else {}
    figures[name] = value
    path.write_text(json.dumps(figures, indent=2, sort_keys=True))


def serious_violations(page, screen: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (every violation is recorded)."""
    response = AXE.run(page).response
    assert response["testEngine"]["name"] == "axe-core" and response["passes"]  # it ran, under the page's CSP
    violations = response["violations"]
    record(f"axe-{screen}-{page.viewport_name}", sorted(f"{v['id']}:{v['impact']}" for v in violations))
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in violations if v["impact"] in ("serious", "critical")]


def finished(page):
    """The last answer once done, pinned by position (`.last` would move on to later answers)."""
    expect(page.locator(".msg-assistant").last).to_have_attribute("data-state", "done", timeout=30_000)
    return page.locator(".msg-assistant").nth(page.locator(".msg-assistant").count() - 1)


def send(page, text: str):
    page.fill("#message", text)
    page.press("#message", "Enter")
    return finished(page)


def identify(page, base_url: str, name: str, cpf: str) -> None:
    page.goto(base_url + "/")
    page.fill("#name", name)
    page.type("#cpf", cpf.replace(".", "").replace("-", ""))
    assert page.input_value("#cpf") == cpf  # the mask formats what is typed
    page.click("#identify-submit")
    expect(page.locator("#chat")).to_be_visible()


def mine(clinics, clinic: str, cpf: str) -> list[tuple[str, str, str]]:
    """The CPF's bookings at one clinic as its store holds them: (doctor, date, time)."""
    return [row[1:] for row in store_bookings(clinics, clinic, cpf)]


def test_the_form_names_a_field_error_under_the_field(page, live_server):
    page.goto(live_server + "/")
    assert serious_violations(page, "identify-form") == []
    page.fill("#name", "Helena")
    page.type("#cpf", make_cpf(300).replace(".", "").replace("-", ""))
    page.click("#identify-submit")
    expect(page.locator("#name-error")).to_be_visible()
    expect(page.locator("#name")).to_be_focused()
    expect(page.locator("#identify-error")).to_be_hidden()
    expect(page.locator("#chat")).to_be_hidden()


def test_listing_chips_book_then_reschedule_and_cancel_from_the_cards(page, live_server, clinics):
    cpf = make_cpf(310 + (page.viewport_name == "phone"))
    identify(page, live_server, "Helena Prado Costa", cpf)
    page.evaluate("""() => {  // was the timeline on screen when the answer's text first appeared?
      window.timelineSeen = null;
      new MutationObserver(() => {
        const answer = document.querySelector('.msg-assistant:last-of-type .answer-text');
        if (window.timelineSeen === null && answer && answer.textContent.trim()) {
          const timeline = answer.closest('.msg-assistant').querySelector('.timeline');
          window.timelineSeen = !!timeline && timeline.open;
        }
      }).observe(document.getElementById('messages'), {subtree: true, childList: true, characterData: true});
    }""")
    listing = send(page, "Quero ver horários de cardiologia")
    assert page.evaluate("window.timelineSeen") is True
    text = listing.locator(".answer-text").inner_text()
    assert "•" not in text and "acima" not in text and "Horário mais cedo" in text  # one summary, no list
    assert "clinic_" not in listing.inner_text() and " 0 ms" not in listing.inner_text()
    chips = listing.locator(".slot-button")
    assert chips.count() >= 40
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


def test_an_english_conversation_stays_english(page, live_server, clinics):
    cpf = make_cpf(330 + (page.viewport_name == "phone"))
    identify(page, live_server, "Peter Lima Walsh", cpf)
    page.click("#lang-switch-chat")
    expect(page.locator("#send")).to_have_text("Send")
    assert page.evaluate("document.documentElement.lang") == "en"
    listing = send(page, "Show me the dermatology slots")
    expect(listing).to_have_attribute("lang", "en")
    expect(listing.locator(".slots-title")).to_have_text("Tap a time to book it:")
    chip = listing.locator(".slot-button").first
    doctor, day, time, clinic = (chip.get_attribute(f"data-{a}") for a in ("doctor", "date", "time", "clinic"))
    chip.click()
    expect(page.locator(".msg-user .msg-text").last).to_have_text(f"Book with {doctor} on {day} at {time}")
    booked = finished(page)
    expect(booked).to_have_attribute("lang", "en")
    expect(booked.locator(".appointment-title")).to_have_text("Appointment confirmed")
    expect(booked.locator(".card-cancel")).to_have_text("Cancel")
    assert mine(clinics, clinic, cpf) == [(doctor, day, time)]
    assert serious_violations(page, "english") == []
    shot(page, "07-english")


def test_emergency_answers_are_marked(page, live_server):
    identify(page, live_server, "Luiza Helena Prado", make_cpf(340))
    answer = send(page, "estou com dor no peito muito forte")
    expect(answer).to_have_attribute("data-emergency", "true")
    expect(answer.locator(".answer-text")).to_contain_text("192")
    expect(answer.locator(".timeline")).to_have_count(0)  # nothing technical under an emergency
    assert serious_violations(page, "emergency") == []
    shot(page, "08-emergency")


def test_rate_limit_keeps_the_message_and_counts_down(page, make_app):
    with served(make_app(messages_per_minute=1)) as base_url:
        identify(page, base_url, "Marcos Vinicius Alves", make_cpf(350))
        # The per-session count is kept per clock minute: both messages must fall in the same one.
        left_s = 60 - time.time() % 60
        if left_s < 30:
            time.sleep(left_s + 0.1)
        send(page, "Olá")
        page.fill("#message", "Quero ver horários de ortopedia")
        page.press("#message", "Enter")
        expect(page.locator("#send")).to_be_disabled()
        expect(page.locator("#status")).to_contain_text(" s")
        assert page.input_value("#message") == "Quero ver horários de ortopedia"
        expect(page.locator(".msg-user")).to_have_count(1)  # the refused message does not look sent
        shot(page, "09-rate-limit")


def test_new_chat_asks_first_and_can_be_undone(page, live_server):
    identify(page, live_server, "Renata Souza Lima", make_cpf(360))
    send(page, "Olá")
    page.click("#new-chat")
    expect(page.locator("#new-chat-ask")).to_be_visible()
    page.click("#new-chat-no")
    expect(page.locator(".msg-user")).to_have_count(1)
    page.click("#new-chat")
    page.click("#new-chat-yes")
    expect(page.locator(".msg-user")).to_have_count(0)
    shot(page, "10-new-chat")
    page.click("#undo")
    expect(page.locator(".msg-user")).to_have_count(1)
    page.reload()
    expect(page.locator(".msg-user")).to_have_count(1)  # the server session came back too


def test_clinic_questions_get_the_address_and_a_phone_to_tap(page, live_server, registry):
    identify(page, live_server, "Sofia Ramos Lima", make_cpf(370))
    answer = send(page, "onde fica a clínica A?")
    contact = registry.get("clinic_a").contact
    expect(answer.locator(".answer-text")).to_contain_text(contact.address)
    expect(answer.locator(f"a[href='tel:+55{''.join(c for c in contact.phone if c.isdigit())}']")).to_have_text(
        contact.phone)
    assert serious_violations(page, "clinic-info") == []
    shot(page, "11-clinic-info")


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
    shot(page, "12-overlap")
    booked = send(page, "sim")
    expect(booked.locator(".appointment-card")).to_have_attribute("data-status", "confirmed")
    assert len(mine(clinics, "clinic_d", cpf)) == 1


def test_the_dark_theme_keeps_the_listing_readable(page, live_server):
    page.emulate_media(color_scheme="dark")
    identify(page, live_server, "Vera Lucia Campos", make_cpf(390))
    listing = send(page, "horários de ortopedia")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background not in ("rgb(255, 255, 255)", "rgb(243, 247, 247)")  # the dark tokens apply
    expect(listing.locator(".slot-button").first).to_be_visible()
    assert serious_violations(page, "dark-listing") == []
    shot(page, "13-dark")


def call_links(answer) -> list[str]:
    return [link.get_attribute("href") for link in answer.locator("a.call-link").all()]


def test_the_emergency_card_has_tap_to_call_links_in_the_message_language(page, live_server, clinics):
    cpf = make_cpf(304)
    identify(page, live_server, "Rafaela Campos Lima", cpf)

    english = send(page, "my toddler drank bleach and he keeps throwing up")
    expect(english).to_have_attribute("data-emergency", "true")
    expect(english).to_have_attribute("lang", "en")
    expect(english.locator(".answer-flag")).to_have_text("Emergency: get help now")
    expect(english.locator(".answer-text")).to_contain_text("Call SAMU now")
    assert call_links(english) == ["tel:192", "tel:08007226001"]
    expect(english.locator("a.call-link").first).to_have_attribute("aria-label", "Call 192")
    shot(page, "08-emergency-en")

    portuguese = send(page, "quero marcar cardiologista amanhã às 9h, mas meu pai tá com dor no peito forte agora")
    expect(portuguese).to_have_attribute("lang", "pt-BR")
    expect(portuguese.locator(".answer-flag")).to_have_text("Emergência: procure ajuda agora")
    assert call_links(portuguese) == ["tel:192"]
    assert portuguese.locator(".slot-button").count() == 0
    assert [store_bookings(clinics, c, cpf) for c in ("clinic_a", "clinic_c")] == [[], []]

    crisis = send(page, "não aguento mais, quero sumir")
    assert call_links(crisis) == ["tel:188", "tel:192"]
    shot(page, "09-emergency-pt")
