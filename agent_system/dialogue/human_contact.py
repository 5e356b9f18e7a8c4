"""A person when asked: the clinics' phones and hours, and a request to be called back left at a clinic."""
from __future__ import annotations

from agent_system.domain.plan import Intent, Plan, Step
from agent_system.domain.tools import Tool
from agent_system.dialogue.context_clinic import clinic_in_context
from agent_system.sessions.conversation import Conversation
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.human_contact import asks_callback, asks_person, best_time_in, phone_in
from agent_system.dialogue.reading.reading import Reading
from clinic_servers.contract.registry import ClinicRegistry

INFO, CALLBACK = Tool.GET_CLINIC_INFO, Tool.REQUEST_CALLBACK
MAX_REASON = 500
NO_REASON = "Pedido de contato pelo assistente"


def plan_human_contact(reading: Reading, conversation: Conversation, registry: ClinicRegistry,
                       federation: FederationWords) -> Plan | None:
    """The plan when the patient asks for a person or to be called back; None for anything else (a message after
    someone's records or trying to change the rules is refused by the planner, whatever it claims to be)."""
    if reading.wants_privacy or reading.injection or reading.foreign_cpf:
        return None
    asked_about = clinics_asked_about(reading, conversation, registry, federation)
    clinic = asked_about[0] if len(asked_about) == 1 else None
    if asks_callback(reading.message) and clinic is not None:
        phone = phone_in(reading.message) or ""
        reason = " ".join(reading.message.replace(phone, " ").split())[:MAX_REASON]
        parameters = {"phone": phone, "reason": reason if len(reason) >= 2 else NO_REASON}
        if best := best_time_in(reading.text):
            parameters["best_time"] = best
        return Plan(steps=[Step(step_id=1, clinic=clinic, action=CALLBACK, parameters=parameters)],
                    intents=[Intent.CALLBACK], callback_clinic=clinic,
                    reasoning=[f"The patient asks {clinic} to call them back, with a phone: request it there."])
    if not (asks_person(reading.text) or asks_callback(reading.message)):
        return None
    return Plan(steps=[Step(step_id=n, clinic=c, action=INFO) for n, c in enumerate(asked_about, 1)],
                intents=[Intent.PERSON], callback_clinic=clinic,
                reasoning=[f"The patient asks for a person: the phone and hours of {', '.join(asked_about)}."])


def clinics_asked_about(reading: Reading, conversation: Conversation, registry: ClinicRegistry,
                        federation: FederationWords) -> list[str]:
    """The clinics whose phones answer the message: those it names; of a specialty it names ("a clínica do
    cardiologista", not a word that only points to one), the one the conversation is about, else all of that
    specialty; else the one the conversation is about, or every clinic."""
    named = list(dict.fromkeys([*reading.clinics, *(d.clinic_id for d in reading.doctors)]))
    if named:
        return named
    of_specialty = [c.id for key in federation.specialties_named(reading.text) for c in registry.for_specialty(key)]
    in_context = clinic_in_context(conversation, within=of_specialty or None)
    if in_context is not None:
        return [in_context]
    return of_specialty or registry.ids()
