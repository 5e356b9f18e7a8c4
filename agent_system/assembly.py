"""Assembles the pipeline from settings: the one place that decides rules-only or LLM-backed."""
from __future__ import annotations

from functools import cache

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.answer.llm_responder import LLMResponder
from agent_system.answer.responder import ResponseRenderer
from agent_system.dispatch.router import Router
from agent_system.llm.client import build_llm
from agent_system.pipeline import Pipeline
from agent_system.dialogue.check import PlanCheck
from agent_system.dialogue.front_desk import FrontDesk
from agent_system.dialogue.llm_planner import LLMPlanner
from agent_system.dialogue.overlap import OverlapGuard
from agent_system.dialogue.planner import Planner
from agent_system.dialogue.rules import RulesPlanner
from agent_system.dialogue.reading.write_intent import is_write_request
from agent_system.settings import AgentSettings
from agent_system.triage.encoder_memory import RememberedEncoder
from agent_system.triage.second_net import TriageSecondNet
from agent_system.triage.semantic import SemanticScreen, load_encoder
from agent_system.dialogue.reading.answer_facts import AnswerFacts
from agent_system.verification.verifier import Verifier


def build_pipeline(settings: AgentSettings, registry: ClinicRegistry) -> Pipeline:
    """The five-stage pipeline; without an LLM every stage is deterministic."""
    llm = build_llm(settings.llm)
    doctors = [doctor.name for clinic in registry.clinics for doctor in clinic.doctors]
    contacts = [value for clinic in registry.clinics for value in (clinic.contact.phone, clinic.contact.address)]
    verifier = Verifier(llm, _prompt(settings, "verifier.txt"), doctors, contacts)
    rules = RulesPlanner(registry)
    llm_planner = LLMPlanner(llm, registry, settings.prompts_dir) if llm else None
    check = PlanCheck(registry, rules.doctors, rules.federation, is_write_request)
    responder = None
    if llm and settings.llm_answers:
        responder = LLMResponder(llm, _prompt(settings, "response_generator.txt"), verifier,
                                  AnswerFacts(rules.doctors, rules.federation))
    semantic = semantic_screen()
    triage_net = (TriageSecondNet(llm, _prompt(settings, "triage_check.txt"), semantic)
                  if llm is not None and settings.triage_llm_check else None)
    router = Router(settings.clinic_urls, settings.clinic_token, settings.dispatch_timeout_s,
                    settings.clinic_tls_verify, settings.dispatch_parallel)
    return Pipeline(planner=Planner(rules, llm_planner, cot=settings.planner_cot, check=check), router=router,
                    verifier=verifier, renderer=ResponseRenderer(registry), clock=settings.clock,
                    llm_responder=responder, triage_net=triage_net, overlap=OverlapGuard(registry),
                    doctors=rules.doctors, federation=rules.federation, llm=llm, semantic=semantic,
                    front_desk=FrontDesk(registry, rules.federation))


@cache
def semantic_screen() -> SemanticScreen:
    """The triage's encoder, heads and bank, loaded once per process however many pipelines it builds."""
    return SemanticScreen.load(encoder=RememberedEncoder(load_encoder()))


def _prompt(settings: AgentSettings, name: str) -> str:
    return (settings.prompts_dir / name).read_text(encoding="utf-8")
