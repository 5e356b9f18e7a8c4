"""The page end to end in headless Chromium: the form, the language, limits, a new chat, clinic questions, themes."""
from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.support import make_cpf, served
from tests.web.browser_support import finished, identify, mine, send, serious_violations, shot


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


def test_the_dark_theme_keeps_the_listing_readable(page, live_server):
    page.emulate_media(color_scheme="dark")
    identify(page, live_server, "Vera Lucia Campos", make_cpf(390))
    listing = send(page, "horários de ortopedia")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background not in ("rgb(255, 255, 255)", "rgb(243, 247, 247)")  # the dark tokens apply
    expect(listing.locator(".slot-button").first).to_be_visible()
    assert serious_violations(page, "dark-listing") == []
    shot(page, "13-dark")
