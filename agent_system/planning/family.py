"""Bookings for someone else: who the appointment is for, their full name and CPF, then the request itself.

"Quero marcar dermato pro meu filho" is answered with a question (the son's full name and CPF); the
reply that gives them names the dependant for the rest of the conversation and plans the request it
answered. Bookings then name the dependant's CPF, which the router accepts only for a person named here.
"""
from __future__ import annotations

from typing import Callable

from agent_system.domain.plan import Intent, Plan
from agent_system.domain.tools import Tool
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Dependant
from agent_system.understanding.family import for_self, person_in, relation_in
from agent_system.understanding.reading import Reading

BOOK = Tool.BOOK_APPOINTMENT

PlanFor = Callable[[Reading], Plan]
Reread = Callable[[str], Reading]


def plan_for_family(reading: Reading, conversation: Conversation, plan_for: PlanFor,
                    reread: Reread) -> tuple[Plan, Reading]:
    """The turn's plan, and the reading it was made from (the earlier request, once its person is named)."""
    asked = conversation.family_ask
    if asked is not None:
        person = person_in(reading.message)
        if person is not None:
            return _named(person, reading, conversation, plan_for, reread)
        conversation.forget_who()  # anything else moves on; the question can be asked again
    relation = relation_in(reading.text) if _asks_an_appointment(reading) else None
    if relation is None:
        if for_self(reading.text):
            conversation.book_for(None)
        return addressed(plan_for(reading), conversation), reading
    known = conversation.relative(relation)
    if known is None:
        conversation.ask_who(relation, reading.message)
        return Plan(intents=[Intent.ASK_DEPENDANT], relation=relation,
                    reasoning=[f"The appointment is for the patient's {relation}: ask their full name and CPF."]), reading
    conversation.book_for(known)
    return addressed(plan_for(reading), conversation), reading


def _asks_an_appointment(reading: Reading) -> bool:
    """A request for a new appointment or a listing ("meu pai passou mal" alone books nothing for anyone)."""
    wants = reading.wants_book or reading.wants_list or bool(reading.specialties or reading.doctors)
    return wants and not (reading.wants_mine or reading.wants_cancel or reading.wants_reschedule)


def addressed(plan: Plan, conversation: Conversation) -> Plan:
    """Bookings of the plan made for the dependant the conversation books for now (a CPF a plan names stays)."""
    cpf = conversation.booking_for
    if cpf is None or not any(s.action == BOOK and "cpf" not in s.parameters for s in plan.steps):
        return plan
    steps = [s.model_copy(update={"parameters": {**s.parameters, "cpf": cpf}})
             if s.action == BOOK and "cpf" not in s.parameters else s for s in plan.steps]
    return plan.model_copy(update={"steps": steps})


def _named(person: tuple[str, str | None], reading: Reading, conversation: Conversation, plan_for: PlanFor,
           reread: Reread) -> tuple[Plan, Reading]:
    (name, cpf), relation, request = person, conversation.family_ask.relation, conversation.family_ask.request
    if cpf is None or cpf == conversation.patient.cpf:
        return Plan(intents=[Intent.ASK_DEPENDANT], relation=relation, cpf_invalid=True,
                    reasoning=["The CPF given is not a valid CPF, or is the patient's own: ask again."]), reading
    conversation.book_for(Dependant(name=name, cpf=cpf, relation=relation))
    earlier = reread(request)
    plan = addressed(plan_for(earlier), conversation)
    return plan.model_copy(update={"intents": [Intent.FOR_DEPENDANT, *plan.intents], "dependant": name,
                                   "reasoning": [f"The {relation} is named: plan the request they were asked for.",
                                                 *plan.reasoning]}), earlier
