"""The Verifier (observer): checks the clinic data before the answer is written, and the answer after.

Checks return a Verdict; the pipeline decides what to do with it. Deterministic rules always run;
when an LLM is configured it is asked too, and either one flagging blocks. Neither the data nor the
answer is ever logged.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, replace
from string import Template
from typing import Iterable

from clinic_servers.contract.cpf import redact_cpfs

from agent_system.domain.tools import Tool
from agent_system.errors import LLMBudgetSpent, LLMError
from agent_system.domain.events import VerificationEvent
from agent_system.language.registry import language_pack
from agent_system.domain.language import Language
from agent_system.llm.client import LLM
from agent_system.domain.plan import StepResult
from agent_system.domain.patient import Patient
from agent_system.verification.household import as_household
from agent_system.verification.medical_text import ADVICE, DIAGNOSIS, DOSE, DRUG, PRESCRIPTION, health_record
from agent_system.verification.pii import (doctor_keys, field_leaks, foreign_names, mentions, pii_kinds, stale_date,
                                           suspect_leaves)
from agent_system.domain.clinic_data import Leaf, fold
from agent_system.verification.verdict import VERDICT_SCHEMA, Opinion, grounded_opinion

log = logging.getLogger(__name__)

OK_NOTE = "OK"
MAX_TOKENS = 160  # a verdict with two short quotes

_WHITESPACE = re.compile(r"\s+")

# The one tool whose contact details describe a clinic, not a person.
PUBLIC_INFO_ACTION = Tool.GET_CLINIC_INFO


@dataclass(frozen=True)
class Verdict:
    """A check's outcome: safe or not, the note the patient sees when not, and the rules broken."""
    safe: bool
    note: str
    rules: tuple[str, ...] = ()
    llm_flags_dropped: int = 0  # LLM flags that quoted nothing real or that the rules' checks refuted

    def to_event(self) -> VerificationEvent:
        """The verdict as the `verification` event shows it."""
        return VerificationEvent(safe=self.safe, note=self.note, rules=list(self.rules),
                                 llm_flags_dropped=self.llm_flags_dropped or None)


class Verifier:
    """Checks clinic data before the answer is written, and the answer after."""

    def __init__(self, llm: LLM | None = None, prompt: str = "", doctors: Iterable[str] = (),
                 contacts: Iterable[str] = ()) -> None:
        if llm is not None and not prompt.strip():
            raise ValueError("the LLM verifier needs its system prompt (prompts/verifier.txt)")
        self._llm = llm
        self._prompt = Template(prompt)
        self._doctors = doctor_keys(doctors)  # the registry's doctors: public, even named without a title
        # The registry's clinic phones and addresses: public, quoted when a refusal says whom to call.
        self._contacts = tuple(c for c in contacts if c)

    def check_data(self, results: list[StepResult], patient: Patient, language: Language = "pt") -> Verdict:
        """Check the turn's clinic data before any answer is written."""
        results = as_household(results, patient)
        return self._decide(data_rules(results, patient, self._doctors), results, patient, None, language)

    def check_answer(self, text: str, results: list[StepResult], patient: Patient,
                     language: Language = "pt") -> Verdict:
        """Check the final answer against the turn's clinic data."""
        results = as_household(results, patient)
        return self._decide(answer_rules(text, results, patient, self._doctors, self._contacts), results, patient,
                            text, language)

    def check_answer_rules(self, text: str, results: list[StepResult], patient: Patient,
                           language: Language = "pt") -> Verdict:
        """The deterministic rules alone on answer text: cheap enough for every streamed sentence."""
        rules = answer_rules(text, as_household(results, patient), patient, self._doctors, self._contacts)
        return _verdict(bool(rules), rules, language)

    def _decide(self, rules: set[str], results: list[StepResult], patient: Patient, draft: str | None,
                language: Language) -> Verdict:
        """The rules' verdict, plus the LLM's grounded flags when it is asked: either one flagging blocks."""
        opinion = self._ask(self._llm, results, patient, draft) if self._llm is not None else None
        if opinion is None:
            return _verdict(bool(rules), rules, language)
        found = rules | opinion.rules
        verdict = _verdict(bool(found), found, language)
        return replace(verdict, llm_flags_dropped=opinion.dropped)

    def _ask(self, llm: LLM, results: list[StepResult], patient: Patient, draft: str | None) -> Opinion | None:
        """The LLM's grounded opinion, or None when it was not asked or gave nothing usable."""
        checked = [leaf.value for leaf in _result_leaves(results)]
        if not checked:
            return None  # no clinic data: the answer is the product's own wording; nothing to judge
        body = llm_input(results, draft)
        try:
            reply = llm.complete_json(self._system(patient), [{"role": "user", "content": body}],
                                      VERDICT_SCHEMA, "verification", max_tokens=MAX_TOKENS, purpose="verify")
        except LLMBudgetSpent:
            return None
        except LLMError as e:  # its messages never carry the prompt or the reply
            log.warning("LLM verification skipped, the rules' verdict stands: %s", e)
            return None
        corpus = fold("\n".join([*checked, draft or "", body]))
        return grounded_opinion(reply, corpus, fold, lambda rule, quote: confirms(rule, quote, patient))

    def _system(self, patient: Patient) -> str:
        """The verifier prompt for this patient: name and masked CPF, never the full CPF."""
        return self._prompt.safe_substitute(patient_name=" ".join(patient.name.split()),
                                            patient_cpf_masked=patient.cpf_masked)


def data_rules(results: list[StepResult], patient: Patient, doctors: frozenset[str] = frozenset()) -> set[str]:
    """The rules the clinic data itself breaks."""
    found = _result_leaves(_private(results))
    # A listing repeats a few values (doctors, dates, times) hundreds of times: judge each text once.
    values = {leaf.value for leaf in found}
    texts = {fold(value): value for value in values}
    public = doctors | doctor_keys(values)
    rules: set[str] = set()
    if any(field_leaks(leaf, patient.name, patient.cpf, public) for leaf in suspect_leaves(found)) or any(
            pii_kinds(value, patient.name, patient.cpf) for value in texts.values()) or stale_date(values) \
            or any(health_record(text) for text in texts):
        rules.add("R2")
    # Scheduling tools return no treatment or diagnosis; such text would be relayed as a clinic note.
    if any(PRESCRIPTION.search(text) for text in texts):
        rules.add("R1")
    if any(ADVICE.search(text) for text in texts):
        rules.add("R3")
    return rules


def answer_rules(text: str, results: list[StepResult], patient: Patient,
                 doctors: frozenset[str] = frozenset(), contacts: tuple[str, ...] = ()) -> set[str]:
    """The rules an answer breaks, judged against the turn's clinic data."""
    data = _result_leaves(results)
    folded = fold(text)
    rules: set[str] = set()
    if _ungrounded_treatment(folded, data):
        rules.add("R1")
    if pii_kinds(_without_public_contacts(text, results, contacts), patient.name, patient.cpf) or \
            _names_others(text, results, patient, doctors):
        rules.add("R2")
    if ADVICE.search(folded):
        rules.add("R3")
    return rules


def llm_input(results: list[StepResult], draft: str | None) -> str:
    """The verifier LLM's user message: the clinic data and the draft answer as one JSON object."""
    clinic_data = [{"clinic": r.clinic, "action": r.action, "result": r.data, "error": r.error} for r in results]
    body = json.dumps({"clinic_data": clinic_data, "draft_answer": draft}, ensure_ascii=False, default=str)
    # Masked CPFs keep the digits that tell the patient's own from anyone else's; the LLM needs no more.
    return redact_cpfs(body)


def blocked_note(rules: Iterable[str], language: Language) -> str:
    """What the patient reads instead of a blocked answer; it never repeats the blocked data."""
    found = set(rules)
    privacy, medical = "R2" in found, bool(found & {"R1", "R3"})
    kind = "both" if privacy and medical else "privacy" if privacy else "medical" if medical else "unsafe"
    return language_pack(language).blocked_notes[kind]


def _verdict(flagged: bool, rules: Iterable[str], language: Language) -> Verdict:
    """A safe verdict, or a blocked one with its note and sorted rule ids."""
    if not flagged:
        return Verdict(safe=True, note=OK_NOTE)
    broken = tuple(sorted(set(rules)))
    log.info("verifier blocked: %s", ",".join(broken) or "unspecified")
    return Verdict(safe=False, note=blocked_note(broken, language), rules=broken)


def confirms(rule: str, quote: str, patient: Patient) -> bool:
    """Whether the rule's deterministic check finds its kind of harm in an LLM flag's quote."""
    folded = fold(quote)
    if rule == "R1":
        return any(p.search(folded) for p in (DOSE, PRESCRIPTION, DRUG))
    if rule == "R2":
        return bool(pii_kinds(quote, patient.name, patient.cpf))
    return bool(ADVICE.search(folded) or DIAGNOSIS.search(folded))


def _private(results: list[StepResult]) -> list[StepResult]:
    """The results that may hold personal data: a clinic's own address and phone are public (R2 is about people)."""
    return [r for r in results if r.action != PUBLIC_INFO_ACTION]


def _without_public_contacts(text: str, results: list[StepResult], contacts: tuple[str, ...] = ()) -> str:
    """The answer without the addresses and phones the clinics gave as their own, or the registry lists: those
    may be quoted."""
    for contact in contacts:
        text = text.replace(contact, " ")
    for result in results:
        if result.action == PUBLIC_INFO_ACTION and result.status == "ok" and result.data:
            for key in ("address", "phone"):
                value = result.data.get(key)
                if isinstance(value, str) and value:
                    text = text.replace(value, " ")
    return text


def _result_leaves(results: list[StepResult]) -> list[Leaf]:
    """Every value the clinics returned this turn: results and error objects."""
    return [leaf for result in results for leaf in result.leaves]


def _ungrounded_treatment(folded: str, data: list[Leaf]) -> bool:
    """Whether the answer states a dose, drug or instruction the clinic data does not contain literally."""
    said = [m.group(0) for p in (DOSE, PRESCRIPTION, DRUG) for m in p.finditer(folded)]
    if not said:  # the usual case: nothing to ground, so no need to fold all the data
        return False
    grounded = _compact(" ".join(fold(leaf.value) for leaf in data))
    return any(_compact(s) not in grounded for s in said)


def _names_others(text: str, results: list[StepResult], patient: Patient, doctors: frozenset[str]) -> bool:
    """Whether the answer names a person the clinic data names who is neither the patient nor a doctor."""
    data = _result_leaves(_private(results))
    public = doctors | doctor_keys(leaf.value for leaf in data)
    others = {name for leaf in suspect_leaves(data) for name in foreign_names(leaf, patient.name, patient.cpf, public)}
    return any(mentions(text, name, patient.name) for name in others)


def _compact(text: str) -> str:
    """Text without whitespace, so "50mg" and "50 mg" compare equal."""
    return _WHITESPACE.sub("", text)
