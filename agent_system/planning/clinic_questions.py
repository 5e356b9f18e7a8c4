"""Questions about the clinics themselves (where, phone, hours, health plans, what a visit costs): their own
information answers them, or says who to ask."""
from __future__ import annotations

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.domain.tools import Tool
from agent_system.planning.draft import PlanDraft
from agent_system.domain.plan import Intent
from agent_system.understanding.reading import Reading


def about_the_clinics(r: Reading) -> bool:
    """Where a clinic is, its plans, what a visit costs: what the clinics' own information answers (or points to)."""
    if r.asks_price and not r.asks_to_write:
        return True
    return r.wants_clinic_info and not (r.wants_book or r.wants_cancel or r.wants_reschedule)


def plan_clinic_info(out: PlanDraft, r: Reading, registry: ClinicRegistry) -> None:
    """Ask the clinics named, of a specialty, or all of them for their information; a price gets who to ask."""
    named = [d.clinic_id for d in r.doctors] + r.clinics + [c.id for key in r.specialties
                                                             for c in registry.for_specialty(key)]
    clinics = list(dict.fromkeys(named)) or registry.ids()
    out.note(f"A question about the clinics themselves: ask {', '.join(clinics)} for their information.")
    for clinic_id in clinics:
        out.step(clinic_id, Tool.GET_CLINIC_INFO)
    if r.wants_clinic_info or not r.asks_price:
        out.intend(Intent.CLINIC_INFO, health_plan=r.health_plan)
    if r.asks_price:
        out.note("No clinic's data has prices: say so, and give the clinics' phones to ask.")
        out.intend(Intent.PRICE)
