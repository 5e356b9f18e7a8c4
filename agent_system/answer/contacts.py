"""A person when asked: each clinic's phone, hours and rules, the callback offer, and a callback's outcome."""
from __future__ import annotations

from agent_system.domain.results import parsed, successes
from agent_system.domain.tools import Tool
from agent_system.language.phrasebook import Wording
from agent_system.domain.plan import StepResult
from clinic_servers.contract.schemas import CallbackRequested, ClinicInfo

INFO, CALLBACK = Tool.GET_CLINIC_INFO, Tool.REQUEST_CALLBACK


def contact_paragraphs(results: list[StepResult], words: Wording, callback_clinic: str | None) -> list[str]:
    """Who to call (phone and hours of each clinic that answered), then how to be called back instead."""
    infos = [info for r in results if r.action == INFO and (info := parsed(r, ClinicInfo)) is not None]
    if not infos:
        return []
    lines = [words.say("person_intro")]
    lines += [words.phrase("contact_line", clinic=words.clinic(i.clinic), phone=i.phone,
                           specialty=words.specialty_of(i.clinic, ", ".join(i.specialties)), hours=hours(i, words))
              for i in infos if i.phone]
    offer = "callback_offer" if callback_clinic is not None or len(infos) == 1 else "callback_which"
    return ["\n".join(lines), words.say(offer)]


def hours(info: ClinicInfo, words: Wording) -> str:
    """The clinic's opening hours in a line."""
    return "; ".join(words.phrase(f"hours_{h.days}", opens=h.opens, closes=h.closes) for h in info.hours) or "—"


def rules_line(info: ClinicInfo, words: Wording) -> str:
    """The clinic's notice and booking limit, as the patient should know them before booking."""
    if not info.min_notice_hours and info.max_future_bookings is None:
        return ""
    most = words.phrase("rules_most", most=info.max_future_bookings) if info.max_future_bookings else ""
    return words.say("rules_line", clinic=words.clinic(info.clinic), hours=info.min_notice_hours, most=most)


def callback_paragraphs(results: list[StepResult], words: Wording) -> list[str]:
    """Each callback request the clinics took, with its reference."""
    return [words.say("callback_requested", clinic=words.clinic(result.clinic), reference=taken.reference,
                      best=words.phrase("callback_best", best=result.parameters["best_time"])
                      if result.parameters.get("best_time") else "")
            for result, taken in successes(results, CALLBACK, CallbackRequested)]
