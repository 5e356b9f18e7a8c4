"""The answer to a question about the clinics themselves (get_clinic_info): one block per clinic."""
from __future__ import annotations

from agent_system.answer.contacts import hours, rules_line
from agent_system.domain.results import parsed, unanswered
from agent_system.domain.tools import Tool
from agent_system.language.phrasebook import Wording
from agent_system.language.text import normalize
from agent_system.domain.plan import StepResult
from clinic_servers.contract.schemas import ClinicInfo

CLINIC_INFO = Tool.GET_CLINIC_INFO


def clinic_info_paragraphs(results: list[StepResult], words: Wording, plan: str | None = None,
                           phones_only: bool = False) -> list[str]:
    """Address, phone, opening hours and health plans of each clinic that answered (those taking `plan`, when
    one is asked about), or only their phones (who to ask what the data does not tell); who did not answer, after."""
    asked = [r for r in results if r.action == CLINIC_INFO]
    infos = [info for r in asked if (info := parsed(r, ClinicInfo)) is not None]
    if phones_only:
        paragraphs = [_phones(infos, words)] if infos else []
    else:
        paragraphs = [_block(info, words) for info in infos if plan is None or _takes(info, plan)]
    if plan is not None and infos and not phones_only:
        paragraphs.insert(0, words.say("plan_accepted" if paragraphs else "plan_not_accepted", plan=plan))
    silent = [words.clinic(r.clinic) for r in asked if unanswered(r)]
    if silent:
        paragraphs.append(words.say("info_unavailable", count=len(silent), who=words.clinics(silent)))
    return paragraphs


def _takes(info: ClinicInfo, plan: str) -> bool:
    """Whether the clinic's own list of health plans has this one."""
    return normalize(plan) in {normalize(p) for p in info.health_plans}


def _block(info: ClinicInfo, words: Wording) -> str:
    block = words.phrase("clinic_info", clinic=words.clinic(info.clinic),
                         specialty=words.specialty_of(info.clinic, ", ".join(info.specialties)),
                         address=info.address, phone=info.phone, hours=hours(info, words),
                         plans=words.join(info.health_plans) or "—")
    rules = rules_line(info, words)
    return f"{block}\n{rules}" if rules else block


def _phones(infos: list[ClinicInfo], words: Wording) -> str:
    """One line per clinic with the phone it gave, then the offer to show open slots."""
    lines = [words.phrase("phone_line", clinic=words.clinic(info.clinic), phone=info.phone,
                          specialty=words.specialty_of(info.clinic, ", ".join(info.specialties)))
             for info in infos if info.phone]
    return "\n".join([*lines, words.say("offer_slots")])
