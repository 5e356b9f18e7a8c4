"""The browser UI end to end in headless Chromium (Debian's), driven by Playwright, against real clinics."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.support import make_cpf, store_bookings

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Chromium's own background traffic has nowhere to go offline; these flags keep it quiet.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    opened = context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    opened.on("console", lambda m: m.type == "error" and problems.append(m.text))
    yield opened
    context.close()
    assert problems == []


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def send(page, text: str):
    page.fill("#message", text)
    page.press("#message", "Enter")
    answer = page.locator(".msg-assistant").last
    expect(answer).to_have_attribute("data-state", "done", timeout=30_000)
    return answer


def identify(page, base_url: str, name: str, cpf: str) -> None:
    page.goto(base_url + "/")
    page.fill("#name", name)
    page.type("#cpf", cpf.replace(".", "").replace("-", ""))
    assert page.input_value("#cpf") == cpf  # the mask formats what is typed
    page.click("#identify-submit")
    expect(page.locator("#chat")).to_be_visible()


def test_identify_list_book_reload_cancel_new_chat(page, live_server, clinics):
    cpf = make_cpf(301)
    identify(page, live_server, "Helena Prado Costa", cpf)
    expect(page.locator("#patient-cpf")).to_contain_text("***." + cpf[4:11] + "-**")
    shot(page, "01-identified")

    listing = send(page, "Quero ver horários de cardiologia")
    assert sorted(r.get_attribute("data-clinic") for r in listing.locator(".timeline-row[data-clinic]").all()) == \
        ["clinic_a", "clinic_c"]
    expect(listing.locator(".timeline-summary")).to_contain_text("2 clínicas")
    assert listing.locator(".slot-button").count() > 10
    shot(page, "02-listing")

    earliest = listing.locator(".slot-button.is-earliest")
    doctor, day, time = (earliest.get_attribute(a) for a in ("data-doctor", "data-date", "data-time"))
    clinic = earliest.get_attribute("data-clinic")
    earliest.click()
    booked = page.locator(".msg-assistant").last
    expect(booked).to_have_attribute("data-state", "done", timeout=30_000)
    card = booked.locator(".appointment-card")
    expect(card).to_have_attribute("data-status", "confirmed")
    assert (card.get_attribute("data-doctor"), card.get_attribute("data-date"), card.get_attribute("data-time")) == \
        (doctor, day, time)
    assert store_bookings(clinics, clinic, cpf) == [(clinic, doctor, day, time)]
    shot(page, "03-booked")

    page.reload()
    expect(page.locator("#chat")).to_be_visible()
    expect(page.locator(".msg-user")).to_have_count(2)
    expect(page.locator(".appointment-card[data-status=confirmed]")).to_have_count(1)
    shot(page, "04-reloaded")

    asked = send(page, "Quero cancelar minha consulta")
    expect(asked).to_contain_text("Responda sim ou não")
    assert store_bookings(clinics, clinic, cpf) == [(clinic, doctor, day, time)]
    cancelled = send(page, "sim")
    expect(cancelled.locator(".appointment-card")).to_have_attribute("data-status", "cancelled")
    assert store_bookings(clinics, clinic, cpf) == []
    shot(page, "05-cancelled")

    page.click("#new-chat")
    expect(page.locator(".msg-user")).to_have_count(0)
    shot(page, "06-new-chat")


def test_a_bad_cpf_is_refused_in_the_browser(page, live_server):
    page.goto(live_server + "/")
    page.fill("#name", "Helena Prado Costa")
    page.type("#cpf", "11111111111")
    page.click("#identify-submit")
    expect(page.locator("#cpf-error")).to_be_visible()
    expect(page.locator("#chat")).to_be_hidden()


def test_the_chat_fits_a_phone_screen(browser, live_server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, locale="pt-BR")
    page = context.new_page()
    identify(page, live_server, "Marcos Vinicius Alves", make_cpf(302))
    send(page, "horários de dermatologia")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "07-phone")
    context.close()


def test_emergency_answers_are_marked(page, live_server):
    identify(page, live_server, "Luiza Helena Prado", make_cpf(303))
    answer = send(page, "estou com dor no peito muito forte")
    expect(answer).to_have_attribute("data-emergency", "true")
    expect(answer.locator(".answer-text")).to_contain_text("192")


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


def test_a_refused_message_shows_how_long_to_wait(browser, make_app):
    from tests.faults.conftest import served
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR")
    page = context.new_page()
    try:
        with served(make_app(messages_per_minute=1)) as base:
            identify(page, base, "Helena Prado Costa", make_cpf(7))
            send(page, "oi")
            page.fill("#message", "oi de novo")
            page.press("#message", "Enter")
            note = page.locator(".msg-assistant").last.locator(".answer-note")
            expect(note).to_be_visible(timeout=10_000)
            expect(note).to_contain_text("Muitas mensagens nesta conversa em pouco tempo. Tente novamente em ")
            expect(note).to_contain_text(" segundo")
            shot(page, "07-refused-with-wait")
    finally:
        context.close()
