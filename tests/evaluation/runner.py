"""The executor: every case through the real pipeline and the six real clinic processes.

The clinics start on ephemeral ports with fresh stores in a temporary directory and CLINIC_TODAY
fixed (tests/support.py); each case gets its own Conversation and patient (a valid, distinct CPF),
runs its earlier turns first, and is observed on its last turn.
"""
from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from agent_system.assembly import build_pipeline
from agent_system.llm.client import LLMSettings
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.launcher import ClinicFleet, start_fleet
from tests.support import agent_settings, clinic_env, free_port, make_cpf

from .cases import Case
from .detectors import Finding, data_findings, draft_findings, injection_findings, seed_names
from .others import OTHER_PATIENTS
from .observe import Observation, instrument, observe_turn, turn_succeeded
from .records import judge, log_record
from .stores import ClinicStores, change_between

# Realistic patients; none is a seed patient or a doctor, so any name the detectors find is someone else's.
NAMES = ("Ana Paula Teixeira", "Bruno Carvalho Dias", "Carla Mendes Rocha", "Diego Nascimento Luz",
         "Elisa Barros Quintão", "Fábio Pereira Lemos", "Gabriela Sousa Pinheiro", "Henrique Tavares Maia")
CASE_CPF_BASE, REDTEAM_CPF_BASE, FROZEN_CPF_BASE = 1000, 2000, 3000
PlannerFactory = Callable[[Any], Any]  # the product's planner -> the planner the run uses


@contextmanager
def clinic_fleet(registry: ClinicRegistry) -> Iterator[ClinicFleet]:
    """The six clinics with fresh stores in a temporary directory, stopped (and removed) afterwards."""
    with tempfile.TemporaryDirectory(prefix="avaliacao-") as var_dir:
        ports = {c.id: free_port() for c in registry.clinics}
        fleet = start_fleet(registry, clinic_env(var_dir), Path(var_dir), ports=ports)
        try:
            yield fleet
        finally:
            fleet.stop()


@contextmanager
def instrumented_pipeline(registry: ClinicRegistry, urls: dict[str, str], llm: LLMSettings,
                          var_dir: str, triage_llm_check: bool = False) -> Iterator[Any]:
    """The product's pipeline (rules, or LLM when `llm` names one) with the recorders in place."""
    settings = agent_settings(urls, Path(var_dir), llm=llm, triage_llm_check=triage_llm_check)
    pipeline = build_pipeline(settings, registry)
    instrument(pipeline)
    try:
        yield pipeline
    finally:
        pipeline.router.close()


def fleet_urls(fleet: ClinicFleet) -> dict[str, str]:
    """Each clinic's MCP endpoint."""
    return {clinic_id: fleet.url(clinic_id) for clinic_id in fleet.ports}


def patient_for(number: int, base: int) -> Patient:
    """The case's own patient: a name from the pool and a CPF no other case uses."""
    cpf = make_cpf(base + number).replace(".", "").replace("-", "")
    return Patient(name=NAMES[number % len(NAMES)], cpf=cpf)


def run_cases(fleet: ClinicFleet, registry: ClinicRegistry, cases: Sequence[Case], llm: LLMSettings,
              planner: PlannerFactory | None = None, from_seed: bool = False,
              cpf_base: int = CASE_CPF_BASE, triage_llm_check: bool = False) -> list[dict[str, Any]]:
    """The cases, in order, through one pipeline; `from_seed` puts the stores back to the seed before each.

    `planner`, when given, builds the planner the run uses from the product's own (a deliberately
    broken one proves the scores can fail). `triage_llm_check` turns the LLM's triage second net on.
    """
    stores = ClinicStores(Path(fleet.env["VAR_DIR"]), fleet.ports)
    seed = stores.bookings()
    urls, var_dir = fleet_urls(fleet), fleet.env["VAR_DIR"]
    with instrumented_pipeline(registry, urls, llm, var_dir, triage_llm_check) as pipeline:
        if planner is not None:
            pipeline.planner = planner(pipeline.planner)
        records = []
        for n, case in enumerate(cases, start=1):
            if from_seed:
                stores.restore(seed)
            records.append(run_case(pipeline, registry, case, patient_for(n, cpf_base), stores))
        return records


def run_case(pipeline, registry: ClinicRegistry, case: Case, patient: Patient,
             stores: ClinicStores | None = None) -> dict[str, Any]:
    """One case: earlier turns, then the observed turn, judged for any harm that reached the verifier's view.

    Every turn counts: other people's data or invented content in the raw material, or an attempt in
    the patient's own message to reach staff tools or someone else's records.
    """
    conversation = Conversation(patient=patient)
    setup_ok, observation, change = converse(pipeline, conversation, case, stores)
    data, drafts = raw_findings(observation, patient, registry)
    attempt = injection_findings(case.text)
    findings = data + drafts + attempt
    mitigation = None
    if findings:
        kind = "vazamento" if data else "gerador" if drafts else "injecao"
        markers = [f.snippet for f in data + drafts] or list(other_people())
        intact = change is None or not any(cpf != patient.cpf for _, cpf in change[1].booked + change[1].released)
        mitigation = judge(kind, observation, markers, victim_intact=intact)
    record = log_record(case, observation, setup_ok, findings, mitigation)
    record["opportunities"] = opportunity_kinds(data, drafts, attempt)
    return with_store_change(record, change, patient)


def opportunity_kinds(data: list[Finding], drafts: list[Finding], attempt: list[Finding]) -> list[str]:
    """The kinds of harm a turn put before the verifier: a leak, an invented draft, an injection."""
    return [kind for kind, found in (("vazamento", data), ("gerador", drafts), ("injecao", attempt)) if found]


def other_people() -> tuple[str, ...]:
    """What an injection would be after: every other patient's name and CPF the stores hold."""
    return (*seed_names(), *(p.cpf for p in OTHER_PATIENTS))


def with_store_change(record: dict[str, Any], change, patient: Patient) -> dict[str, Any]:
    """The record with what the judged turn changed in the stores, when they were watched."""
    if change is None:
        return record
    after, turn_change = change
    own = sorted(list(slot) for slot, held in after.items() if held.cpf == patient.cpf)
    return {**record, "store_change": turn_change.public(patient.cpf), "own_bookings_after": own}


def converse(pipeline, conversation: Conversation, case: Case, stores: ClinicStores | None = None):
    """Run the earlier turns (all of them, even after a failure), then observe the case's message.

    With the stores given, also what the observed turn changed in them: (bookings after, change).
    """
    return converse_with(lambda text: observe_turn(pipeline, conversation, text), case, stores)


def converse_with(say: Callable[[str], Observation], case: Case, stores: ClinicStores | None = None):
    """`converse` for any way of saying a message: in-process, or over HTTP as a browser does."""
    earlier = [turn_succeeded(say(text)) for text in case.earlier_turns]
    before = stores.bookings() if stores else None
    observation = say(case.text)
    if stores is None:
        return all(earlier), observation, None
    after = stores.bookings()
    return all(earlier), observation, (after, change_between(before, after))


def raw_findings(observation: Observation, patient: Patient,
                 registry: ClinicRegistry) -> tuple[list[Finding], list[Finding]]:
    """(what is harmful in the clinics' data, what is harmful or invented in the LLM drafts)."""
    data = data_findings(observation.results, patient.name, patient.cpf)
    drafts = [f for draft in observation.drafts
              for f in draft_findings(draft, observation.results, patient.name, patient.cpf, registry)]
    return data, drafts
