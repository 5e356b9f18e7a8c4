"""What the page's browser tests share: Chromium's flags, the viewports, axe-core, and steps a patient takes.

Every flow runs at a desktop (1280x800) and a phone (390x844) viewport; axe-core (bundled by
axe-playwright-python, nothing downloaded) checks the main screens for serious or critical violations.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.support import store_bookings

ARTIFACTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Chromium's own background traffic has nowhere to go offline; these flags keep it quiet.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
AXE = Axe()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{page.viewport_name}.png"), full_page=True)


def record(name: str, value) -> None:
    """Keep a measured figure next to the screenshots (var/screenshots/measurements.json)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
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
