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
    """Whose full name and CPF the booking needs (again, when the CPF given was not valid)."""
    key = "ask_dependant_invalid" if plan.cpf_invalid else "ask_dependant"
    return words.say(key, relative=relative(plan.relation or "", words))
