"""Slot listings as text (Rule 9): by clinic, then doctor, one line per doctor per day, the earliest highlighted.

Clinics, and doctors within a clinic, come in the order of their earliest slot, so the first slot shown
is the earliest: "o primeiro" means the same whether the patient counts in time or reads top-down.
"""
from __future__ import annotations

from itertools import groupby
from typing import Any

from agent_system.domain.results import LIST_SLOTS, offered_slots, parsed, successes, tool_error
from agent_system.domain.appointments import SlotOffer
from agent_system.language.phrasebook import Wording
from agent_system.domain.plan import DayPart, StepResult
from agent_system.answer.schedule_window import not_open_yet, schedule_not_open
from clinic_servers.contract.registry import Clinic
from clinic_servers.contract.schemas import SlotListing

_DATE_FILTERS = ("date", "date_from", "date_to")


class SlotListingText:
    """Writes the listing part of an answer from a turn's `list_available_slots` results."""

    def __init__(self, words: Wording, rescheduling: bool = False, day_part: DayPart | None = None):
        self.words = words
        self.registry = words.registry
        # A booking moves only within the same doctor's schedule: never suggest another doctor or clinic.
        self.rescheduling = rescheduling
        self.day_part = day_part  # the patient asked for this part of the day only

    def paragraphs(self, results: list[StepResult]) -> list[str]:
        """Intro, each specialty's clinics, clinics with nothing or no answer, then how to book."""
        listings = [r for r in results if r.action == LIST_SLOTS]
        groups = self._by_specialty(listings)
        offers = {key: offered_slots(group, self.day_part) for key, group in groups.items()}  # once: a listing is long
        # Specialties too come in the order of their earliest slot (those with none last).
        order = sorted(groups, key=lambda k: (0, offers[k][0].date, offers[k][0].time) if offers[k] else (1, "", ""))
        shown = [key for key in order if offers[key]]
        paragraphs = [self.words.say("listing_intro", specialties=self._names(shown))] if shown else []
        for key in order:
            paragraphs += self._specialty(key, groups[key], offers[key], listings, several=len(groups) > 1)
        paragraphs += self._unanswered(listings, bool(shown))
        if shown:
            paragraphs.append(self.words.say("how_to_reschedule" if self.rescheduling else "how_to_book"))
        return paragraphs

    def _by_specialty(self, listings: list[StepResult]) -> dict[str, list[StepResult]]:
        groups: dict[str, list[StepResult]] = {}
        answered = sorted(successes(listings, LIST_SLOTS, SlotListing), key=lambda pair: self._rank(pair[0].clinic))
        for result, listing in answered:
            clinic = self.registry.get(result.clinic)
            groups.setdefault(clinic.specialty.key if clinic else listing.specialty, []).append(result)
        return groups

    def _specialty(self, key: str, group: list[StepResult], offers: list[SlotOffer], listings: list[StepResult],
                   several: bool) -> list[str]:
        if not offers:
            return [self._nothing_in_day_part(key, group) or self._nothing(key, group, listings)]
        clinics = list(dict.fromkeys(o.clinic for o in offers))  # offers come earliest first
        paragraphs = [self._earliest(offers[0], key if several else None)] if len(clinics) > 1 else []
        paragraphs += [self._clinic(c, key, [o for o in offers if o.clinic == c]) for c in clinics]
        empty = [self._none_at(r) for r in group if r.clinic not in clinics]
        return paragraphs + (["\n".join(empty)] if empty else [])

    def _earliest(self, offer: SlotOffer, specialty: str | None) -> str:
        day, clinic = self.words.day(offer.date), self.words.clinic(offer.clinic)
        if specialty is None:
            return self.words.say("earliest", day=day, time=offer.time, doctor=offer.doctor, clinic=clinic)
        return self.words.say("earliest_in", specialty=self.words.specialty(specialty), day=day, time=offer.time,
                              doctor=offer.doctor, clinic=clinic)

    def _clinic(self, clinic_id: str, key: str, offers: list[SlotOffer]) -> str:
        lines = [f"{self.words.clinic(clinic_id)} — {self.words.specialty(key)}"]
        for doctor in dict.fromkeys(o.doctor for o in offers):
            lines.append(doctor)
            lines += self._days([o for o in offers if o.doctor == doctor])
        return "\n".join(lines)

    def _days(self, offers: list[SlotOffer]) -> list[str]:
        return [f"  • {self.words.day(day)}: {', '.join(o.time for o in same_day)}"
                for day, same_day in groupby(offers, key=lambda o: o.date)]

    def _nothing(self, key: str, group: list[StepResult], listings: list[StepResult]) -> str:
        """No free slot in a specialty: where and for what, and what else to try."""
        specialty_clinics = self.registry.for_specialty(key)
        every_clinic = {c.id for c in specialty_clinics} <= {r.clinic for r in group}
        if every_clinic and not any(_filters(r.parameters) for r in group):
            return self.words.say("specialty_empty", specialty=self.words.specialty(key))
        lines = [self._none_at(r) for r in group]
        options = self._alternatives(group, listings, specialty_clinics)
        if options:
            lines.append(self.words.say("try_options", options=self.words.join(options, "or")))
        return "\n".join(lines)

    def _nothing_in_day_part(self, key: str, group: list[StepResult]) -> str | None:
        """Free slots exist, only none in the part of the day asked for: say so and offer another."""
        if self.day_part is None or not offered_slots(group):
            return None
        return self.words.say("none_in_day_part", specialty=self.words.specialty(key),
                              filter=self._filter(group[0].parameters))

    def _alternatives(self, group: list[StepResult], listings: list[StepResult],
                      specialty_clinics: list[Clinic]) -> list[str]:
        """Another day if one was asked for; unless rescheduling, another doctor and the clinics not asked."""
        dated = any(r.parameters.get(f) for r in group for f in _DATE_FILTERS)
        options = [self.words.phrase("another_day")] if dated else []
        if self.rescheduling:
            return options
        if any(r.parameters.get("doctor") for r in group):
            options.append(self.words.phrase("another_doctor"))
        asked = {r.clinic for r in listings}
        return options + [self.words.phrase("clinic_option", clinic=c.name)
                          for c in specialty_clinics if c.id not in asked]

    def _none_at(self, result: StepResult) -> str:
        first_day = result.parameters.get("date") or result.parameters.get("date_from")
        if first_day and not_open_yet(str(first_day), self.words.today):
            return schedule_not_open(str(first_day), str(result.parameters.get("doctor") or ""), self.words)
        return self.words.say("none_at", clinic=self.words.clinic(result.clinic),
                              filter=self._filter(result.parameters))

    def _filter(self, parameters: dict[str, Any]) -> str:
        """' com Dr. X em qua 25/11 de manhã' / ' with Dr. X on Wed Nov 25'; the 14-day window when undated."""
        day, start, end = (parameters.get(f) for f in _DATE_FILTERS)
        doctor = parameters.get("doctor")
        parts = [self.words.phrase("filter_doctor", doctor=doctor)] if doctor else []
        if day or start or end:
            key = ("filter_on" if day else "filter_between" if start and end
                   else "filter_from" if start else "filter_until")
            parts.append(self.words.phrase(key, day=self.words.day(str(day)), start=self.words.day(str(start)),
                                           end=self.words.day(str(end))))
        parts = parts or [self.words.phrase("filter_window")]
        if self.day_part:
            parts.append(self.words.phrase(f"filter_{self.day_part}"))
        return "".join(parts)

    def _unanswered(self, listings: list[StepResult], shown: bool) -> list[str]:
        """Name the clinics that did not answer (tool refusals are explained elsewhere)."""
        down = sorted({r.clinic for r in listings if parsed(r, SlotListing) is None and not tool_error(r)},
                      key=self._rank)
        if not down:
            return []
        who = self.words.clinics(self.words.clinic(c) for c in down)
        return [self.words.say("unavailable_shown" if shown else "unavailable_retry", count=len(down), who=who)]

    def _names(self, keys: list[str]) -> str:
        return self.words.join(self.words.specialty(k) for k in keys)

    def _rank(self, clinic_id: str) -> int:
        ids = self.registry.ids()
        return ids.index(clinic_id) if clinic_id in ids else len(ids)


def _filters(parameters: dict[str, Any]) -> bool:
    return any(parameters.get(f) for f in ("doctor", *_DATE_FILTERS))


def which_slot_note(example: SlotOffer, words: Wording) -> str:
    """The question after a bare yes to a listing: which of the listed times, with one of them as the example."""
    return words.say("which_slot", doctor=example.doctor, day=words.day(example.date), time=example.time)
