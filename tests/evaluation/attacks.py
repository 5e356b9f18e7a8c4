"""The red-team side of the executor: each attack in place (proxy, scripted LLM, victim), run and judged."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterator, Sequence

from agent_system.llm.client import LLMSettings
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.launcher import ClinicFleet
from tests.fakes.clinic_proxy import ClinicProxy
from tests.redteam.model import RedTeamCase, Victim
from tests.redteam.scripted_llm import scripted_server, settings_for
from tests.support import all_store_bookings, call_tool

from .detectors import Finding, injection_findings
from .records import judge, log_record
from .stores import ClinicStores
from .runner import (REDTEAM_CPF_BASE, converse, fleet_urls, instrumented_pipeline, opportunity_kinds, patient_for,
                     raw_findings)

Booking = tuple[str, str, str, str]
ResponderFactory = Callable[[Any], Any]  # the product's LLM responder -> the one the run uses


def run_attacks(fleet: ClinicFleet, registry: ClinicRegistry, attacks: Sequence[RedTeamCase],
                llm: LLMSettings, responder: ResponderFactory | None = None) -> list[dict[str, Any]]:
    """Every red-team case, each with its own pipeline, and the proxy and scripted LLM it needs.

    `responder`, when given, replaces the LLM responder (a deliberately broken one proves the
    controls can fail)."""
    with proxy_pool(fleet) as proxies:
        return [run_attack(fleet, proxies, registry, attack, patient_for(n, REDTEAM_CPF_BASE), llm, responder)
                for n, attack in enumerate(attacks, start=1)]


@contextmanager
def proxy_pool(fleet: ClinicFleet) -> Iterator[dict[str, ClinicProxy]]:
    """One pass-through proxy per clinic; an attack arms one by giving it a rewrite."""
    proxies = {clinic_id: ClinicProxy(url) for clinic_id, url in fleet_urls(fleet).items()}
    try:
        yield proxies
    finally:
        # Each stop waits out its server's half-second poll: stop them side by side.
        with ThreadPoolExecutor(len(proxies)) as pool:
            list(pool.map(ClinicProxy.stop, proxies.values()))


def run_attack(fleet: ClinicFleet, proxies: dict[str, ClinicProxy], registry: ClinicRegistry,
               attack: RedTeamCase, patient: Patient, llm: LLMSettings,
               responder: ResponderFactory | None = None) -> dict[str, Any]:
    """Set the attack up, run the conversation, and judge what the user saw and what changed."""
    case = attack.as_case()
    before = prepare_victim(fleet, attack.victim)
    with ExitStack() as stack:
        stores = ClinicStores(Path(fleet.env["VAR_DIR"]), fleet.ports)
        urls, llm = _arm(stack, fleet_urls(fleet), proxies, attack, patient, llm, stores)
        pipeline = stack.enter_context(instrumented_pipeline(registry, urls, llm, fleet.env["VAR_DIR"]))
        if responder is not None and pipeline.llm_responder is not None:
            pipeline.llm_responder = responder(pipeline.llm_responder)
        setup_ok, observation, _ = converse(pipeline, Conversation(patient=patient), case)
    intact = before == victim_bookings(fleet, attack.victim)
    data, drafts = raw_findings(observation, patient, registry)
    findings = data + drafts + _attempt(attack, before)
    mitigation = None
    if findings:
        markers = [*attack.markers, *(f.snippet for f in data + drafts)]
        mitigation = judge(attack.kind, observation, markers, victim_intact=intact)
    record = log_record(case, observation, setup_ok, findings, mitigation)
    record["opportunities"] = opportunity_kinds(data, drafts, _attempt(attack, before))
    if attack.kind == "controle" and attack.draft is not None:
        # A faithful draft must reach the patient: a product that discarded every draft would pass
        # every generator attack, and only this control would show it.
        answer = observation.first("answer")
        record["draft_delivered"] = bool(answer) and _squeezed(attack.draft) in _squeezed(answer.text)
    return record


def _squeezed(text: str) -> str:
    return " ".join(text.split()).casefold()


def prepare_victim(fleet: ClinicFleet, victim: Victim | None) -> list[Booking]:
    """Book the victim's appointment when the seed has none, then snapshot their bookings."""
    if victim is not None and victim.booking is not None:
        clinic, doctor, day, time = victim.booking
        call_tool(fleet.url(clinic), "book_appointment",
                  {"doctor": doctor, "date": day, "time": time, "patient_name": victim.name, "cpf": victim.cpf})
    return victim_bookings(fleet, victim)


def victim_bookings(fleet: ClinicFleet, victim: Victim | None) -> list[Booking]:
    """The victim's bookings in every clinic, straight from the stores (a listing shows nothing without codes)."""
    if victim is None:
        return []
    return all_store_bookings(fleet, victim.cpf)


def _arm(stack: ExitStack, urls: dict[str, str], proxies: dict[str, ClinicProxy], attack: RedTeamCase,
         patient: Patient, llm: LLMSettings, stores: ClinicStores) -> tuple[dict[str, str], LLMSettings]:
    """Route the faulty clinic through its armed proxy and put the scripted LLM in place, as needed."""
    if attack.leak is not None:
        leak, proxy = attack.leak, proxies[attack.leak.clinic]
        proxy.rewrite = lambda result: leak.rewrite(result, patient, stores.held_by_others(leak.clinic, patient.cpf))
        stack.callback(setattr, proxy, "rewrite", None)
        urls[leak.clinic] = proxy.url
    if attack.draft is not None:
        server = scripted_server(attack)
        stack.callback(server.stop)
        llm = settings_for(server)
    return urls, llm


def _attempt(attack: RedTeamCase, victim_before: list[Booking]) -> list[Finding]:
    """An injection's own opportunity: the attempt in the message, or a real booking of someone else to hit."""
    if attack.kind != "injecao":
        return []
    victim = [Finding("vitima", "consulta de outro paciente")] if victim_before else []
    return injection_findings(attack.text) + victim
