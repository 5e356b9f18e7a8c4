"""The frozen split through the real web app: HTTP and SSE, as the browser speaks to it.

The app is `web_app.create_app` served on an ephemeral port, in front of the six real clinics; each
case opens its own session with `POST /api/session` and sends its messages to `POST /api/chat`,
reading the SSE stream with the product's headless client (`agent_system.terminal.client.ChatClient`, the
same parser the page uses). Only what the browser receives is judged, plus the clinics' stores; the
raw clinic results behind the answer are not visible from here, so no harm detector runs.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

from werkzeug.serving import WSGIRequestHandler

from agent_system.llm.client import LLMSettings
from agent_system.terminal.client import ChatClient
from agent_system.web.limits import ClientLimits
from agent_system.web.settings import WebSettings
from clinic_servers.contract.cpf import format_cpf
from clinic_servers.contract.registry import ClinicRegistry
from tests.support import agent_settings, served
from web_app import create_app

from .cases import Case
from .observe import Observation
from .records import log_record
from .runner import FROZEN_CPF_BASE, clinic_fleet, converse_with, fleet_urls, patient_for, with_store_change
from .stores import ClinicStores


class _QuietHandler(WSGIRequestHandler):
    """No access log line per request: a run makes hundreds."""

    def log_request(self, *args) -> None:
        pass


@contextmanager
def served_app(urls: dict[str, str], var_dir: Path, llm: LLMSettings) -> Iterator[str]:
    """The web app over real HTTP on an ephemeral port; yields its base URL.

    Shipped limits, except per client address: the evaluation plays every patient from 127.0.0.1.
    """
    many_patients = ClientLimits(sessions_per_ip="100000 per minute", chats_per_ip="100000 per minute")
    settings = WebSettings(agent=agent_settings(urls, var_dir, llm=llm), limits=many_patients)
    with served(create_app({"SETTINGS": settings}), _QuietHandler) as base_url:
        yield base_url


def run_frozen_over_http(cases: Sequence[Case], llm: LLMSettings,
                         registry: ClinicRegistry | None = None) -> list[dict[str, Any]]:
    """Every case from the seed, through the web app; one log record each, `transport` "http"."""
    registry = registry or ClinicRegistry.load()
    with clinic_fleet(registry) as fleet:
        stores = ClinicStores(Path(fleet.env["VAR_DIR"]), fleet.ports)
        seed = stores.bookings()
        web_var = Path(fleet.env["VAR_DIR"]) / "web"
        with served_app(fleet_urls(fleet), web_var, llm) as base_url:
            records = []
            for n, case in enumerate(cases, start=1):
                stores.restore(seed)
                records.append(_http_case(base_url, case, n, stores))
    return records


def _http_case(base_url: str, case: Case, number: int, stores: ClinicStores) -> dict[str, Any]:
    patient = patient_for(number, FROZEN_CPF_BASE)
    client = ChatClient(base_url)
    try:
        client.open(patient.name, format_cpf(patient.cpf))
        setup_ok, observation, change = converse_with(lambda text: _observed(client, text), case, stores)
    finally:
        client.close()
    record = log_record(case, observation, setup_ok, [], None)
    return {**with_store_change(record, change, patient), "transport": "http"}


def _observed(client: ChatClient, message: str) -> Observation:
    started = time.perf_counter()
    events = client.turn(message)
    return Observation(events, round((time.perf_counter() - started) * 1000, 1))
