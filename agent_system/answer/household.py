"""How answers name the relative an appointment is for: "seu filho", "sua mãe", "your mom"."""
from __future__ import annotations

from agent_system.language.phrasebook import Wording
from agent_system.domain.plan import Plan

# The relation as the normalised message has it -> as Portuguese writes it, and whether it takes "sua".
_PT = {"mae": ("mãe", True), "mamae": ("mamãe", True), "irma": ("irmã", True), "irmao": ("irmão", False),
       "avo": ("avó", True), "vo": ("vó", True), "vovo": ("vovó", True), "bebe": ("bebê", False)}
_FEMININE_ENDINGS = ("a", "as")


def relative(relation: str, words: Wording) -> str:
    """The relative as the answer names them, in the answer's language."""
    if words.language != "pt":
        return f"your {relation}"
    written, feminine = _PT.get(relation, (relation, relation.endswith(_FEMININE_ENDINGS) or relation == "mulher"))
    return f"{'sua' if feminine else 'seu'} {written}"


def ask_dependant_note(plan: Plan, words: Wording) -> str:
    """Whose full name and CPF the booking needs (again, when the CPF given was not valid), or the part still
    missing when the other was given alone."""
    who = relative(plan.relation or "", words)
    if plan.cpf_invalid:
        key = "ask_dependant_cpf_invalid" if plan.named_so_far else "ask_dependant_invalid"
        return words.say(key, relative=who, name=plan.named_so_far or "")
    if plan.named_so_far:
        return words.say("ask_dependant_cpf", name=plan.named_so_far)
    if plan.cpf_so_far:
        return words.say("ask_dependant_name", relative=who)
    return words.say("ask_dependant", relative=who)
