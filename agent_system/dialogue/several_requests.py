"""One plan for a message that makes several requests: each request planned on its own, then put together in order.

Steps keep their order and are numbered again; intents are the union in order of first appearance, the answer notes
every request's in order; the facts the
answer and the next turn need (a change waiting for a yes, a question, a slot offered) come from the first
request that has them, so one yes never answers two questions; a part of the day filters the listings only when
every request that lists asked for it.
"""
from __future__ import annotations

from dataclasses import replace

from agent_system.dialogue.reading.reading import Reading
from agent_system.domain.plan import Plan, Step
from agent_system.domain.tools import Tool

_MERGED = {"steps", "intents", "source", "reasoning", "notes"}
_READS = {Tool.LIST_AVAILABLE_SLOTS, Tool.LIST_MY_APPOINTMENTS, Tool.GET_CLINIC_INFO}


def combined(plans: list[Plan]) -> Plan:
    """The plans of a message's requests as one plan, in the order the patient asked."""
    steps = [Step(step_id=n, clinic=s.clinic, action=s.action, parameters=s.parameters)
             for n, s in enumerate(_reads_once([s for p in plans for s in p.steps]), 1)]
    intents = list(dict.fromkeys(i for p in plans for i in p.intents))
    reasoning = [f"Request {n} of {len(plans)}: {line}" for n, p in enumerate(plans, 1) for line in p.reasoning]
    facts = {}
    for name in Plan.model_fields.keys() - _MERGED:
        values = [getattr(p, name) for p in plans if getattr(p, name) != Plan.model_fields[name].get_default(
            call_default_factory=True)]
        if values:
            facts[name] = values[0]
    if not _one_day_part(plans):
        facts.pop("day_part", None)
    notes = [note for p in plans for note in p.notes]
    return Plan(steps=steps, intents=intents, source=plans[0].source, reasoning=reasoning, notes=notes, **facts)


def at_the_clinic_before(requests: tuple[Reading, ...]) -> tuple[Reading, ...]:
    """"agenda a Dra. X na quinta às 10h, e onde fica?": a clinic question that names no clinic is about
    the one clinic of the request before it (its doctor's, or the one it names)."""
    carried: list[Reading] = []
    for request in requests:
        before = carried[-1] if carried else None
        clinics = list(dict.fromkeys([d.clinic_id for d in before.doctors] + before.clinics)) if before else []
        if request.asks_about_a_clinic and not (request.clinics or request.doctors) and len(clinics) == 1:
            request = replace(request, clinic_before=clinics[0])
        carried.append(request)
    return tuple(carried)


def _one_day_part(plans: list[Plan]) -> bool:
    """The answer filters every listing by one part of the day: only when each request that lists asked for it
    ("cardio de manhã e dermato na sexta" lists Friday whole)."""
    return len({p.day_part for p in plans if any(s.action == Tool.LIST_AVAILABLE_SLOTS for s in p.steps)}) <= 1


def _reads_once(steps: list[Step]) -> list[Step]:
    """"deu certo? ficou marcado?" asks one thing twice: a read asked again with the same parameters is made once."""
    seen: set[tuple[str, str, str]] = set()
    kept = []
    for step in steps:
        key = (step.clinic, step.action, repr(sorted(step.parameters.items())))
        if step.action in _READS and key in seen:
            continue
        seen.add(key)
        kept.append(step)
    return kept
