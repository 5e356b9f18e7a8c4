"""A seventh clinic with a new specialty, added by configuration only, is planned, dispatched and shown.

`python web_app.py` runs with `CLINIC_REGISTRY` naming a registry of seven (tests/support/seventh_clinic.py):
it starts seven real clinic processes, and the page in Chromium names the new specialty, lists the new
clinic's slots for a request in Portuguese and in English, and books one into that clinic's store.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest
import requests
from playwright.sync_api import expect

from clinic_servers.contract.registry import ClinicRegistry
from tests.support.seventh_clinic import write_registry
from tests.support import CLINIC_TODAY, free_port, make_cpf
from tests.web.browser_support import finished, identify, send
from tests.web.test_entry_points import ROOT, wait_for


@pytest.fixture(scope="module")
def seven_clinics(tmp_path_factory):
    """The development entry point on a seven-clinic registry; yields (base URL, var dir)."""
    folder = tmp_path_factory.mktemp("seven")
    registry_file = write_registry(folder)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{cid.upper()}_PORT": str(free_port()) for cid in ClinicRegistry.load(registry_file).ids()}
    web_port = free_port()
    env |= {"CLINIC_REGISTRY": str(registry_file), "CLINIC_TODAY": CLINIC_TODAY, "PORT": str(web_port),
            "VAR_DIR": str(folder / "var"), "ENV_FILE": str(folder / "no.env")}
    app = subprocess.Popen([sys.executable, "web_app.py"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{web_port}"
    try:
        health = wait_for(f"{base}/api/health", app).json()
        assert health["clinics"] == {f"clinic_{c}": "up" for c in "abcdefg"}
        yield base, folder / "var"
    finally:
        app.terminate()
        app.wait(timeout=30)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="pt-BR")
    opened = context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    opened.on("console", lambda m: m.type == "error" and problems.append(m.text))
    yield opened
    context.close()
    assert problems == []


def test_the_api_names_the_new_clinic_and_specialty(seven_clinics):
    body = requests.get(seven_clinics[0] + "/api/clinics", timeout=5).json()
    assert [c["id"] for c in body["clinics"]][-1] == "clinic_g" and len(body["clinics"]) == 7
    assert body["specialties"][-1] == {"key": "pediatria", "pt": "Pediatria", "en": "Pediatrics"}


def test_the_page_lists_and_books_the_new_clinic(seven_clinics, page):
    base, var_dir = seven_clinics
    cpf = make_cpf(700)
    identify(page, base, "Marta Okada Ribeiro", cpf)
    expect(page.locator("#identify .brand-subtitle")).to_have_text(
        "Cardiologia · Dermatologia · Ortopedia · Pediatria — 7 clínicas parceiras")
    expect(page.locator(".welcome-text")).to_contain_text("cardiologia, dermatologia, ortopedia e pediatria")
    listing = send(page, "Quais horários de pediatria estão disponíveis?")
    expect(listing.locator(".slot-group-clinic")).to_have_text(["Clínica G · Pediatria"])
    assert {listing.locator(".slot-button").nth(i).get_attribute("data-clinic")
            for i in range(listing.locator(".slot-button").count())} == {"clinic_g"}
    chip = listing.locator(".slot-button").first
    doctor, day, time = (chip.get_attribute(f"data-{a}") for a in ("doctor", "date", "time"))
    assert doctor == "Dra. Beatriz Okamoto"
    chip.click()
    expect(finished(page).locator(".appointment-card")).to_have_attribute("data-status", "confirmed")
    digits = "".join(c for c in cpf if c.isdigit())
    with sqlite3.connect(f"file:{var_dir / 'clinic_g.sqlite3'}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT doctor, date, time FROM slots WHERE cpf = ?", (digits,)).fetchall()
    assert rows == [(doctor, day, time)]
    audit = [json.loads(line) for line in (var_dir / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [["clinic_g", "list_available_slots"]] in [record["steps"] for record in audit]


def test_an_english_request_by_the_specialty_name(seven_clinics, page):
    identify(page, seven_clinics[0], "Peter Okada Walsh", make_cpf(701))
    page.click("#lang-switch-chat")
    expect(page.locator(".welcome-text")).to_contain_text("cardiology, dermatology, orthopedics and pediatrics")
    listing = send(page, "Which pediatrics slots are available?")
    expect(listing).to_have_attribute("lang", "en")
    expect(listing.locator(".slot-group-clinic")).to_have_text(["Clínica G · Pediatrics"])

