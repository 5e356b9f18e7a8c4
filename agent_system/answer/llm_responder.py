"""The LLM response generator: streams the model's answer sentence by sentence, never an unchecked one.

A sentence is shown when it ends and has passed the Verifier's rules, the grounding check (every
doctor, clinic, date and time it names is in the clinics' data) and the answer gate (it names only
facts of the deterministic answer, reads as the patient's language, and is grounded by those facts):
an entity can grow over several tokens ("Dra. Camila" + "Souza", "25" + "/11") and a sentence can turn
incoherent at its last word, so no part of a sentence is shown before all of it is judged. The whole
answer is checked again at the end (with the LLM verifier too) and must carry every fact of the
deterministic answer. Any failure gives no text, with its reason, and the pipeline answers with the
deterministic rendering instead (its `answer` event replaces whatever streamed).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Iterator

from agent_system.answer.answer_gate import AnswerGate, FactReader, Reference
from agent_system.answer.responder import Rendering
from agent_system.domain.results import IDENTITY_REFUSALS
from agent_system.errors import LLMError, UnfaithfulAnswer
from agent_system.domain.events import TokenEvent
from agent_system.language.text import normalize
from agent_system.domain.plan import StepResult
from agent_system.domain.patient import Patient

TEMPERATURE = 0.3
MAX_LISTED = 60  # slots per clinic given to the model; a small context holds them as ~15 lines
MAX_TOKENS = 200  # a short answer: a small model on two cores writes ~200 tokens in seconds, not minutes
# A sentence ends at . ! ? before a space, or at a line break; "Dr." and "09:00" do not end one.
_SENTENCE_END = re.compile(r"(?<!\bDr)(?<!\bDra)(?<!\bSr)(?<!\bSra)(?<!\bAv)[.!?](?=\s)|\n")
_DOCTOR_TITLE = re.compile(r"\b(?:Dra?\.|Doutora?|Dr)\s+([A-ZÁÉÍÓÚÂÊÔÃÕÇ][\wÀ-ÿ]+)")
# Why an answer was not the LLM's, besides the gate's reasons.
UNSAFE, UNGROUNDED, LLM_FAILED, EMPTY = "unsafe", "ungrounded", "llm_failed", "empty"


@dataclass(frozen=True)
class Wording:
    """The LLM's answer when it may be shown; otherwise why the deterministic one is (None: not asked)."""
    text: str | None = None
    replaced: str | None = None

    @property
    def audit(self) -> str | None:
        """"llm", "rules:<reason>", or None when the LLM was not asked: what the audit keeps."""
        if self.text is not None:
            return "llm"
        return None if self.replaced is None else f"rules:{self.replaced}"


class LLMResponder:
    """Generates the answer with the LLM, never letting an unchecked sentence through."""

    def __init__(self, llm, prompt: str, verifier, facts: FactReader):
        self.llm, self.prompt, self.verifier = llm, prompt, verifier
        self.facts = facts
        self.gate = AnswerGate(facts)

    def generate(self, message: str, results: list[StepResult], patient: Patient, language: str, today: date,
                 rendering: Rendering):
        """Yield TokenEvents of checked sentences as they end; return the Wording (its text None: use the rendering)."""
        if not results:
            return Wording()  # refusals, greetings, questions: the deterministic wording is the answer
        check = _Checker(self, results, patient, language, today, self.gate.reference(rendering, language))
        emitted: list[str] = []
        try:
            stream = self.llm.stream_text(self.prompt, [_payload(message, results, language)],
                                          temperature=TEMPERATURE, max_tokens=MAX_TOKENS, purpose="answer")
            for piece in _shown(stream, check):
                emitted.append(piece)
                yield TokenEvent(text=piece)
        except LLMError:
            return Wording(replaced=LLM_FAILED)
        except UnfaithfulAnswer as e:
            return Wording(replaced=e.reason)
        text = "".join(emitted).strip()
        refused = check.whole(text) if text else EMPTY
        return Wording(replaced=refused) if refused else Wording(text=text)


class _Checker:
    def __init__(self, responder: LLMResponder, results: list[StepResult], patient: Patient, language: str,
                 today: date, reference: Reference):
        self.responder, self.results, self.patient, self.language, self.today = \
            responder, results, patient, language, today
        self.facts, self.reference = _facts(results), reference

    def sentence(self, text: str) -> str | None:
        """Why this finished sentence may not be shown, or None."""
        verdict = self.responder.verifier.check_answer_rules(text, self.results, self.patient, self.language)
        if not verdict.safe:
            return UNSAFE
        if self.ungrounded(text):
            return UNGROUNDED
        return self.responder.gate.sentence(text, self.reference, self.today)

    def whole(self, text: str) -> str | None:
        """Why the finished answer may not stand in for the rendering, or None."""
        verdict = self.responder.verifier.check_answer(text, self.results, self.patient, self.language)
        if not verdict.safe:
            return UNSAFE
        if self.ungrounded(text):
            return UNGROUNDED
        return self.responder.gate.answer(text, self.reference)

    def ungrounded(self, text: str) -> list[str]:
        """Doctors, clinics, dates and times the text names that the clinic data does not contain."""
        folded = normalize(text)
        facts = self.responder.facts
        named = facts.doctors_in(folded)
        titled = {m for m in _DOCTOR_TITLE.findall(text)
                  if not any(normalize(m) in normalize(d) for d in self.facts["doctor"])}
        missing = [*(named - self.facts["doctor"]), *titled]
        missing += [c for c in facts.clinics_in(folded) if c not in self.facts["clinic"]]
        missing += [t for t in facts.times_in(folded) if t not in self.facts["time"]]
        missing += [d.isoformat() for d in facts.dates_in(folded, self.today) if d.isoformat() not in self.facts["date"]]
        return missing


def _shown(deltas: Iterator[str], check: _Checker) -> Iterator[str]:
    """The answer's text as it may be shown: each sentence once it has ended and passed the checks."""
    buffer = ""
    for delta in deltas:
        buffer += delta
        start = 0
        for end in (m.end() for m in _SENTENCE_END.finditer(buffer)):
            yield from _passed(buffer[start:end], check)
            start = end
        buffer = buffer[start:]
    if buffer.strip():  # the last sentence may lack a full stop
        yield from _passed(buffer, check)


def _passed(sentence: str, check: _Checker) -> Iterator[str]:
    """A finished sentence, once it passed the checks (a blank one passes as it is)."""
    if sentence.strip():
        refused = check.sentence(sentence)
        if refused:
            raise UnfaithfulAnswer(refused)
    yield sentence


def _payload(message: str, results: list[StepResult], language: str) -> dict:
    clinic_data = [_compact(r) for r in results]
    content = {"user_query": message, "language": language, "clinic_data": clinic_data}
    return {"role": "user", "content": json.dumps(content, ensure_ascii=False)}


def _compact(result: StepResult) -> dict:
    """One clinic's answer in few tokens: a listing becomes one line per doctor and day with its times."""
    data = result.data or {}
    if "available_slots" not in data:
        # An identity refusal is told without the clinic: which clinic knows a CPF is not for whoever is asking.
        refused = (result.error or {}).get("code") in IDENTITY_REFUSALS
        return {"clinic": None if refused else result.clinic, "action": result.action, "result": result.data,
                "error": result.error}
    days: dict[str, list[str]] = {}
    for slot in data["available_slots"][:MAX_LISTED]:
        days.setdefault(f"{slot['doctor']} {slot['date']}", []).append(slot["time"])
    return {"clinic": result.clinic, "specialty": data.get("specialty"),
            "slots": [f"{day}: {', '.join(times)}" for day, times in days.items()]}


def _facts(results: list[StepResult]) -> dict[str, set[str]]:
    """Every doctor, date and time present anywhere in the turn's data and parameters."""
    facts: dict[str, set[str]] = {"doctor": set(), "date": set(), "time": set(),
                                  "clinic": {r.clinic for r in results}}

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str):
            kind = "doctor" if key == "doctor" else "date" if "date" in key else "time" if "time" in key else None
            if kind:
                facts[kind].add(value)

    for result in results:
        walk(result.data)
        walk(result.parameters)
    return facts
