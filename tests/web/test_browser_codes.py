"""The page's memory of booking codes, in headless Chromium: a patient who booked on this device sees her
bookings in a later conversation without typing a code; another device, with the same name and CPF, does not."""
from __future__ import annotations

import json

from tests.support import call_tool, make_cpf
from tests.web.browser_support import identify, send
from tests.web.test_safe_writes import br

OWNER = "Luíza Helena Prado"


def test_the_page_keeps_its_codes_per_patient_and_a_new_device_sees_nothing(page, browser, live_server, clinics):
    cpf = make_cpf(9120 + (page.viewport_name == "phone"))
    identify(page, live_server, OWNER, cpf)
    slot = call_tool(clinics.url("clinic_f"), "list_available_slots",
                     {"doctor": "Dr. Eduardo Nunes"})["structuredContent"]["available_slots"][0]
    booked = send(page, f"Quero agendar com Dr. Eduardo Nunes no dia {br(slot['date'])} às {slot['time']}")
    assert "Consulta confirmada" in booked.inner_text()

    # Logged out and back in: a new session, and the page still holds her code.
    page.click("#logout")
    identify(page, live_server, OWNER, cpf)
    mine = send(page, "minhas consultas").inner_text()
    assert "Eduardo Nunes" in mine and slot["time"] in mine
    stored = page.evaluate("JSON.stringify(window.localStorage)")
    digits = cpf.replace(".", "").replace("-", "")
    assert digits not in stored and cpf not in stored and "Luíza" not in stored and "Prado" not in stored

    # Another device: the same exact name and CPF, and nothing of her bookings.
    elsewhere = browser.new_context(viewport=page.viewport_size, locale="pt-BR").new_page()
    try:
        identify(elsewhere, live_server, OWNER, cpf)
        other = send(elsewhere, "minhas consultas").inner_text()
        assert "Eduardo Nunes" not in other and slot["time"] not in other and "código" in other
        assert json.loads(elsewhere.evaluate("JSON.stringify(Object.keys(window.localStorage))")) is not None
    finally:
        elsewhere.context.close()
