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

from agent_system.errors import LLMBudgetSpent, LLMError
from agent_system.events import VerificationEvent
from agent_system.language.registry import language_pack
from agent_system.language.text import Language
from agent_system.llm.client import LLM
from agent_system.planning.plan import StepResult
from agent_system.sessions.conversation import Patient
from agent_system.verification.pii import (Leaf, doctor_keys, field_leaks, fold, foreign_names, mentions, pii_kinds,
                                           stale_date, suspect_leaves)
from agent_system.verification.verdict import VERDICT_SCHEMA, Opinion, grounded_opinion

log = logging.getLogger(__name__)

OK_NOTE = "OK"
MAX_TOKENS = 160  # a verdict with two short quotes

# Patterns match `fold` output: lower case, no accents ("remédio" -> "remedio"), punctuation kept.
_DRUGS = (r"amoxicilina|amoxicillin|dipirona|paracetamol|acetaminophen|ibuprofeno|ibuprofen|aspirina|aspirin|aas"
          r"|losartana|losartan|carvedilol|furosemida|furosemide|amiodarona|amiodarone|anlodipino|amlodipine"
          r"|metoprolol|ciclobenzaprina|alendronato|metronidazol|clobetasol|adapaleno|tacrolimo|omeprazol"
          r"|prednisona|prednisone|dexametasona|diclofenaco|nimesulida|azitromicina|azithromycin|cefalexina"
          r"|insulina|insulin|metformina|metformin|captopril|enalapril|hidroclorotiazida|varfarina|warfarin"
          r"|clopidogrel|isotretinoina|isotretinoin|minoxidil|cetoconazol|fluconazol|corticoides?"
          # Invented or unlisted drugs still wear the family suffixes.
          r"|\w{3,}(?:cilina|micina|prazol|statina|sartana|floxacino|azepam|olol)")
_MEDICINE = (r"remedios?|medicamentos?|medicac(?:ao|oes)|comprimidos?|capsulas?|antibioticos?|analgesicos?"
             r"|anti-?inflamatorios?|antialergicos?|xaropes?|medicines?|medications?|meds|pills?|tablets?"
             r"|antibiotics?|painkillers?|" + _DRUGS)
# "2 unidades" (clinic branches) and "por semana" (doctors' schedules) are ordinary scheduling talk.
_UNITS = (r"(?:mg|mcg|[µμ]g|ug|g|ml|ui|iu|gotas?|drops?|comprimidos?|capsulas?|pilulas?|pills?|tablets?"
          r"|capsules?|ampolas?|puffs?|jatos?)")

# The one tool whose contact details describe a clinic, not a person.
PUBLIC_INFO_ACTION = "get_clinic_info"


def _at_word_start(pattern: str) -> re.Pattern[str]:
    """Compile a pattern whose every alternative begins a word (after its own lookbehinds).

    The leading guard changes no match; it lets the engine skip the positions inside words
    instead of trying every alternative there, which makes a long answer 2-4x cheaper to check.
    """
    return re.compile(rf"(?=\w)\b(?:{pattern})")


_DOSE = _at_word_start(
    rf"(?<![\w.,])\d+(?:[.,]\d+)?\s?{_UNITS}\b"
    r"|\b(?:um|uma|dois|duas|tres|meio|meia|one|two|three|half an?)\s+"
    r"(?:comprimidos?|capsulas?|gotas?|pilulas?|pills?|tablets?|capsules?|drops?)\b"
    r"|\bde \d+ em \d+\s?(?:horas|h)\b|\ba cada \d+\s?(?:horas|h)\b|\bevery \d+ hours?\b"
    r"|(?<![\w.,])\d+\s?x\s?(?:ao|por|/)\s?dia\b|\b(?:\d+|uma|duas|tres) vez(?:es)? (?:ao|por) dia\b"
    r"|\b(?:once|twice|three times|\d+ times) (?:a|per) day\b|\b(?:once|twice) daily\b")
_PRESCRIPTION = re.compile(
    r"\bprescrevo\b|\bvou (?:te |lhe )?(?:prescrever|receitar)\b|\breceito\b"
    r"|\brecomendo (?:que (?:voce )?(?:tome|use)|tomar|usar|o uso)\b|\b(?:deve|deveria) tomar\b"
    r"|\b(?:aument|diminu|reduz|dobr)(?:e|a|ar) (?:a|sua) dose\b"
    r"|\bi(?:'ll| will)? prescribe\b|\bi recommend taking\b|\byou should (?:take|start taking)\b"
    r"|\b(?:increase|decrease|double|reduce|lower|raise) (?:your|the) (?:dose|dosage)\b"
    # Imperatives only: "você está tomando algum remédio?" is a fair question, not a prescription.
    rf"|\b(?:tome|tomem|take)\b(?:\W+\w+){{0,4}}?\W+(?:{_MEDICINE})\b")
_DRUG = _at_word_start(rf"\b(?:{_DRUGS})\b")  # the guard saves a fifth: "\w{3,}(?:cilina|...)" backtracks

_DISEASES_PT = (r"gripe|resfriado|covid|dengue|diabetes|hipertensao|pressao alta|arritmia|infarto|angina"
                r"|insuficiencia cardiaca|artrose|artrite|tendinite|bursite|hernia|fratura|entorse|lesao"
                r"|psoriase|dermatite|eczema|acne|rosacea|melasma|vitiligo|micose|alergia|infeccao|inflamacao"
                r"|sinusite|rinite|gastrite|otite|conjuntivite|bronquite|fascite|epicondilite|foliculite"
                r"|enxaqueca|ansiedade|depressao|cancer|tumor|osteoporose|virose"
                r"|algo (?:grave|serio|simples)|nada (?:grave|serio|preocupante)|benigno|maligno")
_DISEASES_EN = (r"flu|cold|covid|diabetes|hypertension|high blood pressure|arrhythmia|heart attack|heart disease"
                r"|heart failure|angina|arthrosis|hernia|fracture|sprain|psoriasis|eczema|acne|rosacea|melasma"
                r"|vitiligo|allergy|infection|inflammation|migraine|anxiety|depression|cancer|tumou?r"
                r"|osteoporosis|gout|melanoma|\w+itis|something (?:serious|minor)|nothing serious|benign|malignant")
_FINDING_PT = (r"(?:(?:so|apenas|somente|um|uma|o|a|de|quadro de|caso de|sinais de|sintomas de)\s+)*"
               rf"(?:{_DISEASES_PT})\b")
_FINDING_EN = rf"(?:(?:just|only|a|an|the|some|case of|kind of|signs of)\s+)*(?:{_DISEASES_EN})\b"
_CARE = r"(?:medico|medica|doutora?|hospital|pronto[- ]socorro|emergencia|upa)"
_ADVICE = _at_word_start(
    # "se você tem", "if you have": the doctor will find out whether; that is not a diagnosis.
    rf"(?<!\bse )\b(?:voce|vc) (?:(?:provavelmente|talvez|certamente) (?:tem|tenha|esta com|sofre de)"
    rf"|tem|esta com|sofre de) {_FINDING_PT}"
    rf"|\b(?:talvez|provavelmente) (?:voce|vc) (?:tem|tenha|esta com|esteja com|sofre de|sofra de) {_FINDING_PT}"
    rf"|\bprovavelmente (?:e|seja|tem|esta com|se trata de) {_FINDING_PT}"
    rf"|\b(?:parece|deve) ser {_FINDING_PT}|\bparece que (?:voce|vc) (?:tem|esta com) {_FINDING_PT}"
    rf"|\bseu (?:provavel )?diagnostico (?:provavel )?(?:e|seria|parece ser|:)\s*{_FINDING_PT}"
    r"|\bdiagnostico provavel\b"
    r"|\bnao (?:precisa|e necessario|ha necessidade)(?: de)? (?:ir (?:ao|a um|a uma|no|na|a) "
    r"|procurar (?:um |uma |o |a )?|consultar (?:um |uma |o |a )?|ver (?:um |uma |o |a )?"
    rf"|passar (?:por|com|no|na) (?:um |uma |o |a )?)?{_CARE}\b"
    r"|\b(?:pare|parar|suspenda|suspender|interrompa|interromper|deixe|deixar) "
    rf"(?:de tomar |de usar |o |a |os |as |seu |sua |seus |suas )*(?:{_MEDICINE})\b"
    rf"|\b(?:comece|comecar|inicie|iniciar) (?:a tomar |a usar |o |a |um |uma |seu |sua )*(?:{_MEDICINE})\b"
    rf"|(?<!\bif )(?<!\bwhether )\byou (?:probably |likely |most likely |may |might |could |definitely )?"
    rf"(?:have|have got|'ve got|are suffering from|suffer from) {_FINDING_EN}"
    rf"|\bit (?:sounds|looks|seems) like (?:you (?:have|'ve got|might have|may have) )?{_FINDING_EN}"
    rf"|\b(?:this|that|it) (?:is|'s) (?:probably|likely|most likely) {_FINDING_EN}"
    rf"|\byour (?:likely |probable )?diagnosis (?:is|would be|seems to be|:)\s*{_FINDING_EN}"
    r"|\b(?:probable|likely) diagnosis\b"
    r"|\byou (?:don't|do not|dont|won't|will not) need (?:to (?:see|go to|visit|consult) )?(?:an? |the |any )?"
    r"(?:doctor|physician|hospital|emergency room)\b|\bno need (?:to (?:see|go to|visit) )?(?:an? |the )?"
    r"(?:doctor|physician|hospital)\b"
    rf"|\b(?:stop|quit|discontinue|start|begin) (?:taking |using )?(?:your |the |a |an |any |this |that )*"
    rf"(?:{_MEDICINE})\b")
_WHITESPACE = re.compile(r"\s+")
_DIAGNOSIS = _at_word_start(rf"(?:{_DISEASES_PT}|{_DISEASES_EN})\b")

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
    """Checks clinic data before the answer is written, and the answer after (DESIGN §4)."""

    def __init__(self, llm: LLM | None = None, prompt: str = "", doctors: Iterable[str] = ()) -> None:
        if llm is not None and not prompt.strip():
            raise ValueError("the LLM verifier needs its system prompt (prompts/verifier.txt)")
        self._llm = llm
        self._prompt = Template(prompt)
        self._doctors = doctor_keys(doctors)  # the registry's doctors: public, even named without a title

    def check_data(self, results: list[StepResult], patient: Patient, language: Language = "pt") -> Verdict:
        """Check the turn's clinic data before any answer is written."""
        return self._decide(data_rules(results, patient, self._doctors), results, patient, None, language)

    def check_answer(self, text: str, results: list[StepResult], patient: Patient,
                     language: Language = "pt") -> Verdict:
        """Check the final answer against the turn's clinic data."""
        return self._decide(answer_rules(text, results, patient, self._doctors), results, patient, text, language)

    def check_answer_rules(self, text: str, results: list[StepResult], patient: Patient,
                           language: Language = "pt") -> Verdict:
        """The deterministic rules alone on answer text: cheap enough for every streamed sentence."""
        rules = answer_rules(text, results, patient, self._doctors)
        return _verdict(bool(rules), rules, language)

    def _decide(self, rules: set[str], results: list[StepResult], patient: Patient, draft: str | None,
                language: Language) -> Verdict:
        """The rules' verdict, plus the LLM's grounded flags when it is asked: either one flagging blocks."""
        opinion = self._ask(results, patient, draft) if self._llm is not None else None
        if opinion is None:
            return _verdict(bool(rules), rules, language)
        found = rules | opinion.rules
        verdict = _verdict(bool(found), found, language)
        return replace(verdict, llm_flags_dropped=opinion.dropped)

    def _ask(self, results: list[StepResult], patient: Patient, draft: str | None) -> Opinion | None:
        """The LLM's grounded opinion, or None when it was not asked or gave nothing usable."""
        checked = [leaf.value for leaf in _result_leaves(results)]
        if not checked:
            return None  # no clinic data: the answer is the product's own wording; nothing to judge
        body = llm_input(results, draft)
        try:
            reply = self._llm.complete_json(self._system(patient), [{"role": "user", "content": body}],
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
            or any(_health_record(text) for text in texts):
        rules.add("R2")
    # Scheduling tools return no treatment or diagnosis; such text would be relayed as a clinic note.
    if any(_PRESCRIPTION.search(text) for text in texts):
        rules.add("R1")
    if any(_ADVICE.search(text) for text in texts):
        rules.add("R3")
    return rules


def answer_rules(text: str, results: list[StepResult], patient: Patient,
                 doctors: frozenset[str] = frozenset()) -> set[str]:
    """The rules an answer breaks, judged against the turn's clinic data."""
    data = _result_leaves(results)
    folded = fold(text)
    rules: set[str] = set()
    if _ungrounded_treatment(folded, data):
        rules.add("R1")
    if pii_kinds(_without_public_contacts(text, results), patient.name, patient.cpf) or \
            _names_others(text, results, patient, doctors):
        rules.add("R2")
    if _ADVICE.search(folded):
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
        return any(p.search(folded) for p in (_DOSE, _PRESCRIPTION, _DRUG))
    if rule == "R2":
        return bool(pii_kinds(quote, patient.name, patient.cpf))
    return bool(_ADVICE.search(folded) or _DIAGNOSIS.search(folded))


def _private(results: list[StepResult]) -> list[StepResult]:
    """The results that may hold personal data: a clinic's own address and phone are public (R2 is about people)."""
    return [r for r in results if r.action != PUBLIC_INFO_ACTION]


def _without_public_contacts(text: str, results: list[StepResult]) -> str:
    """The answer without the addresses and phones the clinics gave as their own: those may be quoted."""
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
    said = [m.group(0) for p in (_DOSE, _PRESCRIPTION, _DRUG) for m in p.finditer(folded)]
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


def _health_record(folded: str) -> bool:
    """Whether one clinic value pairs a condition with a drug or a dose: someone's health record."""
    return bool((_DRUG.search(folded) or _DOSE.search(folded)) and _DIAGNOSIS.search(folded))


def _compact(text: str) -> str:
    """Text without whitespace, so "50mg" and "50 mg" compare equal."""
    return _WHITESPACE.sub("", text)
