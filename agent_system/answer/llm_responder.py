"""The LLM response generator: streams the model's answer as it arrives, never an unchecked entity.

A sentence streams word by word up to its first word that could begin a doctor, clinic, date or
time ("Dr.", "Clínica", a capitalised or digit-bearing word, a month, a weekday, a doctor's name):
each shown prefix has passed the Verifier's rules and the grounding check. The rest of the sentence
waits for its end, when the whole sentence is checked, because an entity can grow over several
tokens ("Dra. Camila" + "Souza", "25" + "/11"): showing it earlier could show one the data does not
hold. The whole answer is checked again at the end (with the LLM verifier too). Any failure returns
None and the pipeline answers with the deterministic rendering instead (its `answer` event replaces
whatever streamed).
"""
from __future__ import annotations

import json
import re
from datetime import date
from typing import Any, Iterator

from agent_system.dispatch.results import IDENTITY_REFUSALS
from agent_system.errors import LLMError, UnfaithfulAnswer
from agent_system.events import TokenEvent
from agent_system.language.text import normalize
from agent_system.planning.plan import StepResult
from agent_system.sessions.conversation import Patient
from agent_system.understanding.dates import MONTH_NAMES, WEEKDAY_NAMES, find_dates
from agent_system.understanding.federation_words import FederationWords
from agent_system.understanding.times import find_times
from agent_system.understanding.vocabulary import DoctorIndex

TEMPERATURE = 0.3
MAX_LISTED = 60  # slots per clinic given to the model; a small context holds them as ~15 lines
MAX_TOKENS = 200  # a short answer: a small model on two cores writes ~200 tokens in seconds, not minutes
# A sentence ends at . ! ? before a space, or at a line break; "Dr." and "09:00" do not end one.
_SENTENCE_END = re.compile(r"(?<!\bDr)(?<!\bDra)(?<!\bSr)(?<!\bSra)(?<!\bAv)[.!?](?=\s)|\n")
_DOCTOR_TITLE = re.compile(r"\b(?:Dra?\.|Doutora?|Dr)\s+([A-ZÁÉÍÓÚÂÊÔÃÕÇ][\wÀ-ÿ]+)")
_WORD = re.compile(r"\S+\s+")  # a complete word: the space after it has arrived
# Lower-case words that can begin a doctor, clinic, date or time.
_ENTITY_WORDS = frozenset({*MONTH_NAMES, *WEEKDAY_NAMES, "hoje", "today", "amanha", "tomorrow", "depois", "day",
                           "meio", "meia", "noon", "midnight", "dr", "dra", "doutor", "doutora", "doctor",
                           "clinica", "clinicas", "clinic", "clinics"})


class LLMResponder:
    """Generates the answer with the LLM, never letting an unchecked sentence through."""

    def __init__(self, llm, prompt: str, verifier, doctors: DoctorIndex, federation: FederationWords):
        self.llm, self.prompt, self.verifier = llm, prompt, verifier
        self.doctors, self.federation = doctors, federation

    def generate(self, message: str, results: list[StepResult], patient: Patient, language: str, today: date):
        """Yield TokenEvents of checked text as it arrives; return the full text, or None to use the rendering."""
        if not results:
            return None  # refusals, greetings, questions: the deterministic wording is the answer
        check = _Checker(self, results, patient, language, today)
        emitted: list[str] = []
        try:
            stream = self.llm.stream_text(self.prompt, [_payload(message, results, language)],
                                          temperature=TEMPERATURE, max_tokens=MAX_TOKENS, purpose="answer")
            for piece in _shown(stream, check, self.doctors.name_words):
                emitted.append(piece)
                yield TokenEvent(text=piece)
        except (LLMError, UnfaithfulAnswer):
            return None
        text = "".join(emitted).strip()
        return text if text and check.whole(text) else None


class _Checker:
    def __init__(self, responder: LLMResponder, results: list[StepResult], patient: Patient, language: str,
                 today: date):
        self.responder, self.results, self.patient, self.language, self.today = \
            responder, results, patient, language, today
        self.facts = _facts(results)

    def sentence(self, text: str) -> bool:
        verdict = self.responder.verifier.check_answer_rules(text, self.results, self.patient, self.language)
        return verdict.safe and not self.ungrounded(text)

    def whole(self, text: str) -> bool:
        verdict = self.responder.verifier.check_answer(text, self.results, self.patient, self.language)
        return verdict.safe and not self.ungrounded(text)

    def ungrounded(self, text: str) -> list[str]:
        """Doctors, clinics, dates and times the text names that the clinic data does not contain."""
        folded = normalize(text)
        named = {d.name for d in self.responder.doctors.named_in(folded)}
        titled = {m for m in _DOCTOR_TITLE.findall(text)
                  if not any(normalize(m) in normalize(d) for d in self.facts["doctor"])}
        missing = [*(named - self.facts["doctor"]), *titled]
        missing += [c for c in self.responder.federation.clinics_in(folded) if c not in self.facts["clinic"]]
        missing += [t for t in find_times(folded) if t not in self.facts["time"]]
        missing += [d.isoformat() for d in find_dates(folded, self.today) if d.isoformat() not in self.facts["date"]]
        return missing


def _shown(deltas: Iterator[str], check: _Checker, name_words: frozenset[str]) -> Iterator[str]:
    """The answer's text as it may be shown: the open sentence's settled words, then each whole checked sentence."""
    buffer, shown = "", 0  # the open sentence, and how much of it is already shown
    for delta in deltas:
        buffer += delta
        ends = [m.end() for m in _SENTENCE_END.finditer(buffer)]
        if ends:
            ready, buffer = buffer[:ends[-1]], buffer[ends[-1]:]
            yield from _passed(ready, shown, check)
            shown = 0
        settled = _settled(buffer, name_words)
        if len(settled) > shown and check.sentence(settled):
            yield settled[shown:]
            shown = len(settled)
    if buffer.strip():  # the last sentence may lack a full stop
        yield from _passed(buffer, shown, check)


def _passed(sentence: str, shown: int, check: _Checker) -> Iterator[str]:
    """The part of a finished sentence not shown yet, once the whole sentence passed the checks."""
    if not check.sentence(sentence):
        raise UnfaithfulAnswer
    if sentence[shown:]:
        yield sentence[shown:]


def _settled(sentence: str, name_words: frozenset[str]) -> str:
    """The sentence's complete words before the first that could begin a doctor, clinic, date or time."""
    end = 0
    for n, match in enumerate(_WORD.finditer(sentence)):
        if _may_begin_entity(match.group().strip(), n == 0, name_words):
            break
        end = match.end()
    return sentence[:end]


def _may_begin_entity(word: str, first: bool, name_words: frozenset[str]) -> bool:
    """Digits, a title, a clinic, month, weekday or day word, a doctor's name, or a capital past the first word."""
    bare = normalize(word).strip(".")
    if any(c.isdigit() for c in word) or "_" in word or bare in name_words:
        return True
    if bare in _ENTITY_WORDS or bare.split("-")[0] in _ENTITY_WORDS:
        return True
    return any(c.isupper() for c in word[1:]) or (word[:1].isupper() and not first)


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
