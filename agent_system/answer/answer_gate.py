"""Whether an LLM answer may stand in for the deterministic one: never worse, by construction.

The deterministic rendering is the reference. An LLM answer is shown only when it
- carries every fact of the rendering: each slot and booking it shows (doctor, clinic, date, time),
  each booking code, and the outcome of each write (booked, cancelled, moved),
- names nothing else: no other doctor, clinic, date, time, code or outcome,
- reads as the patient's language: every word is a common word of that language (or one the rendering
  or the language pack itself uses), so a sentence with an invented or foreign word is not shown, and
- has no sentence the rendering cannot ground: each sentence names one of its facts, or says only what
  the rendering or the pack's own phrases say ("Para ao caso de mensagens, esteja que não pode ser o que
  deseja" names nothing and grounds nothing).
Otherwise the rendering is the answer. A sentence is judged as it ends, so a stream shows only
sentences that passed; the facts the answer must carry are counted when it ends.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Protocol

from clinic_servers.contract.booking_codes import CODE_PATTERN

from agent_system.answer.responder import Rendering
from agent_system.domain.appointments import AppointmentItem, SlotOffer
from agent_system.language.registry import language_pack
from agent_system.language.text import normalize
from agent_system.language.words import common_words

__all__ = ["AnswerGate", "FactReader", "Reference", "MISSING_FACT", "OTHER_FACT", "UNKNOWN_WORD", "UNGROUNDED_SENTENCE"]

# Why an answer was not shown, as the audit and the evaluation count them.
MISSING_FACT, OTHER_FACT = "missing_fact", "other_fact"
UNKNOWN_WORD, UNGROUNDED_SENTENCE = "unknown_word", "ungrounded_sentence"

_CODE = re.compile(r"(?<![\w-])[A-Za-z0-9]{6}(?![\w-])")
_WORDS = re.compile(r"[a-z]+")
# What a write did, in either language. An answer must mention each write of the turn (any form of its verb),
# and may tell as done only what was done: "foi cancelada" after a booking names another fact, while
# "para remarcar ou cancelar" only names what the patient may do next.
_MENTIONED = {
    "booked": re.compile(r"\b(?:confirm|agend|marcad|reserv|book|schedul)\w*"),
    "cancelled": re.compile(r"\b(?:cancel|desmarc)\w*"),
    "moved": re.compile(r"\b(?:remarc|reagend|reschedul|moved?\b)\w*"),
}
_TOLD = {
    "booked": re.compile(r"\b(?:confirmad|agendad|marcad|reservad|booked\b|confirmed\b|scheduled\b)"),
    "cancelled": re.compile(r"\b(?:cancelad|desmarcad|cancell?ed\b)"),
    "moved": re.compile(r"\b(?:remarcad|reagendad|rescheduled\b|moved\b)"),
}
# A write of this turn: its answer must mention it, and may tell it as done.
_DONE = {"confirmed": "booked", "cancelled": "cancelled", "rescheduled": "moved", "moved": "moved"}
# A write the answer asks the patient to confirm (a booking offered, a cancel or move awaiting a yes): its answer
# must mention it, and may not tell it as done.
_ASKED = {"book": "booked", "cancel": "cancelled", "reschedule": "moved"}
_LISTED = "booked"  # a booking shown by a lookup: it may be told as booked, and need not be


@dataclass(frozen=True)
class Reference:
    """The deterministic answer an LLM answer is measured against."""
    doctors: frozenset[str]
    clinics: frozenset[str]
    dates: frozenset[str]  # ISO
    times: frozenset[str]  # HH:MM
    codes: frozenset[str]
    outcomes: frozenset[str]  # what the turn's writes did, or the write it asks to confirm: to be mentioned
    told: frozenset[str]  # what an answer may tell as done: the writes done, and what the rendering tells as done
    words: frozenset[str]  # the rendering's and the language pack's words
    language: str


class FactReader(Protocol):
    """Reads the facts a normalised text names, as a patient's message is read (the assembly hands one in)."""
    doctor_names: list[str]

    def doctors_in(self, folded: str) -> set[str]: ...
    def clinics_in(self, folded: str) -> list[str]: ...
    def dates_in(self, folded: str, today: date) -> list[date]: ...
    def times_in(self, folded: str) -> list[str]: ...


class AnswerGate:
    """Judges LLM sentences and answers against the turn's deterministic rendering."""

    def __init__(self, facts: FactReader):
        self.facts = facts
        # A doctor is named by the surname: first names are shared with patients ("Ana", "Paulo").
        self._surnames = {name: normalize(name).split()[-1] for name in facts.doctor_names}

    def reference(self, rendering: Rendering, language: str) -> Reference:
        """What an answer standing in for this rendering must carry, and the words it may use besides."""
        shown: list[SlotOffer | AppointmentItem] = [*rendering.slots, *rendering.appointments]
        if rendering.confirm is not None:
            shown += [rendering.confirm.appointment, *filter(None, [rendering.confirm.new])]
        done = {_DONE[a.status] for a in rendering.appointments if a.status in _DONE}
        asked = {_ASKED[rendering.confirm.action]} if rendering.confirm is not None else set()
        listed = {"booked"} if any(a.status == _LISTED for a in rendering.appointments) else set()
        folded = normalize(rendering.text)
        return Reference(
            doctors=frozenset(s.doctor for s in shown), clinics=frozenset(s.clinic for s in shown),
            dates=frozenset(s.date for s in shown), times=frozenset(s.time for s in shown),
            # A code the rendering tells (a booking's, or one a handler's note repeats) must be told, and may be.
            codes=frozenset(a.code for a in rendering.appointments if a.code) | _codes(rendering.text),
            outcomes=frozenset(done | asked), told=frozenset(done | listed) | _outcomes(folded, _TOLD),
            words=frozenset(_WORDS.findall(folded)) | _pack_words(language), language=language)

    def sentence(self, sentence: str, reference: Reference, today: date) -> str | None:
        """Why this finished sentence may not be shown (a reason code), or None when it may."""
        folded = normalize(sentence)
        if self._others(sentence, folded, reference, today):
            return OTHER_FACT
        words = _WORDS.findall(folded)
        known = common_words(reference.language)
        if any(w not in known and w not in reference.words for w in words):
            return UNKNOWN_WORD
        if not self._names_a_fact(sentence, folded, reference) and any(w not in reference.words for w in words):
            return UNGROUNDED_SENTENCE
        return None

    def answer(self, text: str, reference: Reference) -> str | None:
        """Why the whole answer may not stand in for the rendering (it lacks a fact), or None when it may."""
        folded = normalize(text)
        words = _words_of(folded)
        carried = (all(self._surnames.get(d, normalize(d)) in words for d in reference.doctors)
                   and set(self.facts.clinics_in(folded)) >= reference.clinics
                   and all(_has_date(folded, d) for d in reference.dates)
                   and set(self.facts.times_in(folded)) >= reference.times
                   and all(code in text.upper() for code in reference.codes)
                   and _outcomes(folded, _MENTIONED) >= reference.outcomes)
        return None if carried else MISSING_FACT

    def _others(self, text: str, folded: str, reference: Reference, today: date) -> bool:
        """Whether the text names a doctor, clinic, date, time, code or outcome the rendering does not."""
        words = _words_of(folded)
        doctors = {d for d, surname in self._surnames.items() if surname in words}
        dates = {d.isoformat() for d in self.facts.dates_in(folded, today)}
        return bool(doctors - reference.doctors or set(self.facts.clinics_in(folded)) - reference.clinics
                    or dates - reference.dates or set(self.facts.times_in(folded)) - reference.times
                    or _codes(text) - reference.codes or _outcomes(folded, _TOLD) - reference.told)

    def _names_a_fact(self, text: str, folded: str, reference: Reference) -> bool:
        words = _words_of(folded)
        return bool(any(self._surnames.get(d) in words for d in reference.doctors)
                    or set(self.facts.clinics_in(folded)) & reference.clinics
                    or any(_has_date(folded, d) for d in reference.dates)
                    or set(self.facts.times_in(folded)) & reference.times or _codes(text) & reference.codes)


def _words_of(folded: str) -> set[str]:
    return {w.strip(".:/-") for w in folded.split()}


def _has_date(folded: str, iso: str) -> bool:
    """Whether the text writes this date as ISO, dd/mm or d/m (a year may follow)."""
    year, month, day = iso.split("-")
    forms = (iso, f"{day}/{month}", f"{int(day)}/{int(month)}")
    return any(re.search(rf"(?<![\d/-]){re.escape(form)}(?![\d-])", folded) for form in forms)


def _codes(text: str) -> set[str]:
    return {c for c in _CODE.findall(text) if CODE_PATTERN.match(c)
            and any(ch.isdigit() for ch in c) and any(ch.isalpha() for ch in c)}


def _outcomes(folded: str, forms: dict[str, re.Pattern]) -> frozenset[str]:
    return frozenset(kind for kind, said in forms.items() if said.search(folded))


@cache
def _pack_words(language: str) -> frozenset[str]:
    """Every word the language pack's own phrases use: the product's sentences ground an LLM's."""
    pack = language_pack(language)
    texts = [*pack.phrases.values(), *pack.blocked_notes.values()]
    return frozenset(w for text in texts for w in _WORDS.findall(normalize(re.sub(r"\{[^}]*\}", " ", text))))
