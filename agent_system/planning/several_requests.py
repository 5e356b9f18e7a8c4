"""One plan for a message that makes several requests: each request planned on its own, then put together in order.

Steps keep their order and are numbered again; intents are the union in order of first appearance; the facts the
answer and the next turn need (a change waiting for a yes, a question, a slot offered) come from the first
request that has them, so one yes never answers two questions.
"""
from __future__ import annotations

from agent_system.domain.plan import Plan, Step
from agent_system.domain.tools import Tool

_MERGED = {"steps", "intents", "source", "reasoning"}
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
    return Plan(steps=steps, intents=intents, source=plans[0].source, reasoning=reasoning, **facts)


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
