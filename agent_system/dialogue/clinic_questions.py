"""Questions about the clinics themselves (where, phone, hours, health plans, what a visit costs): their own
information answers them, or says who to ask."""
from __future__ import annotations

import re

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.tools import Tool
from agent_system.dialogue.context_clinic import clinic_in_context
from agent_system.dialogue.draft import PlanDraft
from agent_system.domain.plan import Intent
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.reading import Reading

# "onde ficam as clínicas?", "where are your clinics?": every clinic, whatever the conversation is about.
_PLURAL = re.compile(r"\b(?:clinicas|clinics|unidades|locations)\b")


def about_the_clinics(r: Reading) -> bool:
    """Where a clinic is, its plans, what a visit costs: what the clinics' own information answers (or points to)."""
    if r.asks_price and not r.asks_to_write:
        return True
    return r.wants_clinic_info and not (r.wants_book or r.wants_cancel or r.wants_reschedule)


def plan_clinic_info(out: PlanDraft, r: Reading, registry: ClinicRegistry, conversation: Conversation) -> None:
    """Ask the clinics named, of a specialty, the one of the request before ("… e qual o endereço de lá?"), the one
    the conversation is about ("onde fica?" after a booking), or all of them for their information; a price gets
    who to ask."""
    named = [d.clinic_id for d in r.doctors] + r.clinics + [c.id for key in r.specialties
                                                             for c in registry.for_specialty(key)]
    in_context = None if named or _PLURAL.search(r.text) else r.clinic_before or clinic_in_context(conversation)
    clinics = list(dict.fromkeys(named)) or ([in_context] if in_context else registry.ids())
    out.note(f"A question about the clinics themselves: ask {', '.join(clinics)} for their information.")
    for clinic_id in clinics:
        out.step(clinic_id, Tool.GET_CLINIC_INFO)
    if r.wants_clinic_info or not r.asks_price:
        out.intend(Intent.CLINIC_INFO, health_plan=r.health_plan)
    if r.asks_price:
        out.note("No clinic's data has prices: say so, and give the clinics' phones to ask.")
        out.intend(Intent.PRICE)
