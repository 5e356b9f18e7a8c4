"""Bookings for someone else: who the appointment is for, their full name and CPF, then the request itself.

"Quero marcar dermato pro meu filho" is answered with a question (the son's full name and CPF); the
reply that gives them names the dependant for the rest of the conversation and plans the request it
answered. Bookings then name the dependant's CPF, which the router accepts only for a person named here.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from agent_system.domain.dialogue import AskingWho
from agent_system.domain.plan import Intent, Plan
from agent_system.domain.tools import Tool
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Dependant
from agent_system.dialogue.reading.write_intent import is_question
from agent_system.language.lexicon import words
from agent_system.dialogue.reading.family import PersonSaid, for_self, person_in, person_said, relation_in
from agent_system.dialogue.reading.named_person import NamedPerson, person_named_in
from agent_system.dialogue.reading.reading import Reading

BOOK = Tool.BOOK_APPOINTMENT

PlanFor = Callable[[Reading], Plan]
Reread = Callable[[str], Reading]


def plan_for_family(reading: Reading, conversation: Conversation, plan_for: PlanFor,
                    reread: Reread) -> tuple[Plan, Reading]:
    """The turn's plan, and the reading it was made from (the earlier request, once its person is named)."""
    asked = conversation.state if isinstance(conversation.state, AskingWho) else None
    if asked is not None:
        part = person_said(reading.message) if _only_a_person(reading) else None
        if part is not None and not (part.name and part.cpf_typed):  # "Sofia Lima", then "cpf 123...": one at a time
            return _in_parts(part, asked, reading, conversation, plan_for, reread)
        inside = None if person_in(reading.message) else person_named_in(reading.message, _doctor_words(reading))
        named = person_in(reading.message) or _person(inside)
        if named is not None:  # "Ela se chama Renata Lima, CPF ... Pode ser com o Dr. X sexta às 8h": more of the request
            request = f"{asked.request} {inside.rest}" if inside is not None and inside.rest.strip() else asked.request
            return _named(named, asked.relation, request, reading, conversation, plan_for, reread)
        if _adds_to_the_request(reading, conversation):  # "a dra patricia amanhã às 15h": the same request, in full
            return _ask(asked.relation, f"{asked.request} {reading.message}",
                        "More of the request for the patient's relative: ask their name and CPF again."), reading
        # Anything else moves on: the answer to it asks nothing about the person, and the question can be asked again.
    relation = relation_in(reading.text) if _asks_an_appointment(reading, conversation) else None
    if relation is None:
        if for_self(reading.text):
            conversation.book_for(None)
        return addressed(plan_for(reading), conversation), reading
    inside = person_named_in(reading.message, _doctor_words(reading))
    if inside is not None:  # "pro meu filho, ele se chama Pedro Duarte, cpf ...": named with the request
        return _named((inside.name, inside.cpf), relation, inside.rest, reading, conversation, plan_for, reread)
    known = conversation.relative(relation)
    if known is None:
        return _ask(relation, reading.message,
                    f"The appointment is for the patient's {relation}: ask their full name and CPF."), reading
    conversation.book_for(known)
    planned = booked_for_them(reading)
    return addressed(plan_for(planned), conversation), planned


def _asks_an_appointment(reading: Reading, conversation: Conversation) -> bool:
    """A request for a new appointment or a listing, or a pick of a listed slot ("o das 14h, é pra minha mãe");
    "meu pai passou mal" alone books nothing for anyone."""
    picks = bool(conversation.state.listed) and (bool(reading.times) or reading.ordinal is not None)
    wants = reading.wants_book or reading.wants_list or bool(reading.specialties or reading.doctors) or picks
    return wants and not (reading.wants_mine or reading.wants_cancel or reading.wants_reschedule)


def booked_for_them(reading: Reading) -> Reading:
    """A slot said for a relative ("ricardo lopes quarta 25 10h30 pra minha mãe", "the 3 PM one, it's for my
    dad") is a request to book it for them: saying whom it is for is the go-ahead a bare slot lacks. A question
    ("tem às 15h pra minha mãe?") stays a question."""
    if reading.parts:
        parts = tuple(booked_for_them(part) for part in reading.parts)
        return replace(reading, parts=parts, asks_to_write=any(p.asks_to_write for p in parts))
    said_for = relation_in(reading.text) is not None and bool(reading.times or reading.ordinal is not None)
    if not said_for or reading.asks_to_write or is_question(reading.message):
        return reading
    return replace(reading, asks_to_write=True)


def _adds_to_the_request(reading: Reading, conversation: Conversation) -> bool:
    """A doctor, day or time said while the relative's name is awaited, for no one else ("pra mim" is the patient)."""
    return (_asks_an_appointment(reading, conversation) and relation_in(reading.text) is None
            and not for_self(reading.text) and bool(reading.doctors or reading.dates or reading.times))


def _only_a_person(reading: Reading) -> bool:
    """Nothing but a name or a CPF is said: no doctor, day, time, pick, reply or request ("pode ser amanhã").
    A relative may share a doctor's surname ("Antônio Pereira Gomes", "Dra. Patrícia Gomes"): a doctor counts when
    every word said is one of the doctor's, or a title names them."""
    r = reading
    said = frozenset(r.text.replace(",", " ").split())
    doctor = any(said <= frozenset(d.tokens) or said & frozenset(words("doctor_title")) for d in r.doctors)
    return not (doctor or r.dates or r.times or r.specialties or r.clinics or r.ordinal is not None or r.agrees
                or r.confirmation or r.wants_book or r.wants_list or r.wants_mine or r.wants_cancel
                or r.wants_reschedule or is_question(r.message))


def _in_parts(part: PersonSaid, asked: AskingWho, reading: Reading, conversation: Conversation, plan_for: PlanFor,
              reread: Reread) -> tuple[Plan, Reading]:
    """A name or a CPF given alone: with the other part known, the person is named; else the other part is asked."""
    name = part.name or asked.name
    if part.cpf_typed and (part.cpf is None or part.cpf == conversation.patient.cpf):
        return Plan(intents=[Intent.ASK_DEPENDANT], relation=asked.relation, request=asked.request, cpf_invalid=True,
                    named_so_far=name, reasoning=["The CPF given alone is not a valid CPF, or is the patient's own: "
                                                  "ask for it again."]), reading
    cpf = part.cpf or asked.cpf
    if name and cpf:
        return _named((name, cpf), asked.relation, asked.request, reading, conversation, plan_for, reread)
    missing = "CPF" if name else "full name"
    return Plan(intents=[Intent.ASK_DEPENDANT], relation=asked.relation, request=asked.request, named_so_far=name,
                cpf_so_far=cpf, reasoning=[f"Part of the {asked.relation}'s identity is given: ask for the {missing}."]), \
        reading


def _ask(relation: str, request: str, why: str) -> Plan:
    return Plan(intents=[Intent.ASK_DEPENDANT], relation=relation, request=request, reasoning=[why])


def _person(named: NamedPerson | None) -> tuple[str, str | None] | None:
    return (named.name, named.cpf) if named is not None else None


def _doctor_words(reading: Reading) -> frozenset[str]:
    return frozenset(word for doctor in reading.doctors for word in doctor.tokens)


def addressed(plan: Plan, conversation: Conversation) -> Plan:
    """Bookings of the plan made for the dependant the conversation books for now (a CPF a plan names stays)."""
    cpf = conversation.booking_for
    if cpf is None or not any(s.action == BOOK and "cpf" not in s.parameters for s in plan.steps):
        return plan
    steps = [s.model_copy(update={"parameters": {**s.parameters, "cpf": cpf}})
             if s.action == BOOK and "cpf" not in s.parameters else s for s in plan.steps]
    return plan.model_copy(update={"steps": steps})


def _named(person: tuple[str, str | None], relation: str, request: str, reading: Reading, conversation: Conversation,
           plan_for: PlanFor, reread: Reread) -> tuple[Plan, Reading]:
    name, cpf = person
    if cpf is None or cpf == conversation.patient.cpf:
        return Plan(intents=[Intent.ASK_DEPENDANT], relation=relation, request=request, cpf_invalid=True,
                    reasoning=["The CPF given is not a valid CPF, or is the patient's own: ask again."]), reading
    conversation.book_for(Dependant(name=name, cpf=cpf, relation=relation))
    earlier = booked_for_them(reread(request))
    plan = addressed(plan_for(earlier), conversation)
    return plan.model_copy(update={"intents": [Intent.FOR_DEPENDANT, *plan.intents], "dependant": name,
                                   "reasoning": [f"The {relation} is named: plan the request they were asked for.",
                                                 *plan.reasoning]}), earlier
