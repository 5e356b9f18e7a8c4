"""A question about what a visit costs: "quanto custa a consulta particular?", "é caro?", "how much is a visit?".

No clinic's data has prices; the answer says so and points to the clinics. Only the price of a visit counts:
"quanto custa um iphone?" is about something else, and "quanto custa o das 14h?" about a listed slot. Matched on
`text.normalize` output.
"""
from __future__ import annotations

import re

from agent_system.dialogue.reading.phrases import any_phrase

_PRICE = re.compile(r"\b(?:" + "|".join((
    r"(?:quanto|qto|qnto|quant) (?:custa\w*|sai|fica|e|eh|cobra\w*|pago|pagaria|vou pagar|devo pagar|ta|esta|da)",
    r"(?:qual|quais) (?:e |eh |sao )?(?:o |os |a )?(?:valor|valores|preco|precos|custo|custos)",
    r"valor(?:es)?", r"precos?", r"custa\w*", r"custos?", r"(?:e|eh|sai|fica|muito|mt|mto|ta) car[oa]", r"barat[oa]",
    r"how much(?: (?:is|are|does|do|would|will|it|for))*", r"prices?", r"pricing", r"priced", r"costs?", r"fees?",
    r"expensive", r"cheap", r"out of pocket", r"self ?pay")) + r")\b")
# What may stand around the price words: small words, and the visit itself ("a consulta particular", "a visit").
_AROUND = any_phrase(*"""
    o a os as um uma de da do das dos e eh em no na com c pra para pro por me mim minha meu se ser vai vou ta esta sao
    qual quais que q ai la aqui voces vcs mais ou menos media aproximadamente mesmo entao
    essa esse essas esses isso isto aquela aquele this that these those
    the an is are it its of for at with your you per in on i we my me do does what whats s be would will
    roughly about approximately average usually typically so then there here
    consulta consultas atendimento atendimentos visita visitas retorno particular particulares sessao convenio plano
    sem pelo pela medico medica doutor doutora dr dra clinica clinicas
    visit visits appointment appointments consultation consultations session private privately without insurance
    checkup check up doctor doctors clinic clinics
    """.split())


def asks_price(text: str, names_a_provider: bool) -> bool:
    """Whether the (normalised) message asks what a visit costs; a specialty, doctor or clinic named may be whose."""
    if not _PRICE.search(text):
        return False
    return names_a_provider or not _AROUND.sub(" ", _PRICE.sub(" ", text)).strip()
