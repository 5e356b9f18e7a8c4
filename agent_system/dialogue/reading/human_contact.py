"""A patient who wants a person: "quero falar com um atendente", "talk to a human", and a callback with a phone."""
from __future__ import annotations

import re

from agent_system.language.text import normalize

# On normalised text: "atendente", "falar / conversar com alguem / uma pessoa / um humano", "talk to a human / someone".
_PERSON = re.compile(
    r"\b(?:atendentes?|atendimento humano|recepcionista|recepcao|secretaria|operador[a]?|"
    r"(?:falar|conversar|trocar uma ideia) com (?:alguem|uma pessoa|um ser humano|um humano|gente|a clinica|um funcionario|"
    r"uma funcionaria)|"
    r"pessoa de verdade|humano de verdade|alguem da clinica|de carne e osso|"
    r"com gente,? (?:e )?nao com (?:uma |um |a |o )?(?:maquina|robo|bot)|"
    r"(?:me )?(?:passa|transfere|encaminha)\w* (?:pra |para |pro )?(?:alguem|uma pessoa|um humano|o? ?atendimento)|"
    r"(?:talk|speak|chat|have a word) (?:to|with) (?:a |an |some )?(?:human|person|someone|somebody|real person|agent|operator|"
    r"receptionist|staff|the clinic)|real person|human agent|customer service|front desk|receptionist|"
    r"put me through|(?:a |any )?(?:staff member|member of staff|someone on staff)|actual (?:person|human)|human being|"
    r"(?:need|want) (?:a |an )?(?:human|real person|person to talk to)|"
    r"(?:ring|call|phone) (?:the |that )?(?:clinic|office|reception)|what s the (?:phone )?number|"
    # "get hold of a human", "reach someone there", "who can I call at that clinic?", "what number do I ring?"
    r"(?:reach|get hold of|get through to|get me) (?:a |an )?(?:human|person|someone|somebody)|"
    r"who (?:can|do|should) i (?:call|ring|phone)|what (?:phone )?number (?:can|do|should) i (?:call|ring|dial)|"
    r"(?:human|person|someone|somebody) (?:i can|to) (?:talk|speak|chat)|"
    # refusing the assistant itself, or a complaint about the service
    r"nao quero (?:falar|conversar) com (?:um |o )?(?:robo|bot|maquina)|(?:don t|dont|do not) want (?:to talk to |"
    r"to speak to )?(?:a |the )?(?:bot|robot|machine)|reclama(?:cao|coes|r)|complain\w*|ouvidoria)\b")
# Asking to be called: "me liga", "me ligue", "retorno", "ligar de volta", "call me back".
_CALL_ME = re.compile(r"\b(?:me (?:liga|ligue|ligar|ligam|liguem|retorn\w*)|liga(?:r)? (?:pra|para) mim|"
                      r"ligar de volta|ligue de volta|retorno|retornar|retornem|call me|callback|call back|"
                      r"ring me|give me a call|me chamar?)\b")
# A Brazilian phone with its area code: "(11) 98765-4321", "11987654321", "+55 11 3251-4100".
_PHONE = re.compile(r"(?<!\d)(?:\+?55\s*)?\(?\s*[1-9][0-9]\s*\)?\s*(?:9\s*)?[2-9][0-9]{3}[\s.-]?[0-9]{4}(?!\d)")
_BEST_TIME = re.compile(r"\b(?:de manha|pela manha|a tarde|de tarde|pela tarde|a noite|de noite|depois das \d{1,2}h?|"
                        r"antes das \d{1,2}h?|in the morning|in the afternoon|in the evening|after \d{1,2}(?: ?[ap]m)?|"
                        r"before \d{1,2}(?: ?[ap]m)?)\b")


# Asking to be called without a phone yet: answered with the clinics' phones and the callback offer ("retorno" alone
# is also a follow-up visit, so it does not count here).
_CALL_ME_BACK = re.compile(r"\b(?:call me|ring me|give me a call|me (?:liga|ligue|ligar|ligam|liguem)|"
                           r"liga(?:r)? (?:pra|para) mim|ligar de volta|ligue de volta|call (?:me )?back)\b")


def asks_person(text: str) -> bool:
    """Whether a normalised message asks for a person rather than the assistant, or to be called by one."""
    return bool(_PERSON.search(text) or _CALL_ME_BACK.search(text))


def phone_in(message: str) -> str | None:
    """The phone number a message gives, as typed, or None."""
    found = _PHONE.search(message)
    return found.group(0).strip() if found else None


def asks_callback(message: str) -> bool:
    """Whether the message asks to be called back and gives the phone to call: only then may a turn request it."""
    return phone_in(message) is not None and bool(_CALL_ME.search(normalize(message)) or asks_person(normalize(message)))


def best_time_in(text: str) -> str | None:
    """When the patient would like the call, in their words ("de manhã", "after 5 pm"), or None."""
    found = _BEST_TIME.search(text)
    return found.group(0) if found else None
