"""The page end to end in headless Chromium: an emergency answer is marked and offers numbers to tap."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.support import make_cpf, store_bookings
from tests.web.browser_support import identify, send, serious_violations, shot


def test_emergency_answers_are_marked(page, live_server):
    identify(page, live_server, "Luiza Helena Prado", make_cpf(340))
    answer = send(page, "estou com dor no peito muito forte")
    expect(answer).to_have_attribute("data-emergency", "true")
    expect(answer.locator(".answer-text")).to_contain_text("192")
    expect(answer.locator(".timeline")).to_have_count(0)  # nothing technical under an emergency
    assert serious_violations(page, "emergency") == []
    shot(page, "08-emergency")


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
