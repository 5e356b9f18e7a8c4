"""How the deterministic answers word things in the patient's language: phrases, dates, lists, registry names."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from agent_system.language.registry import language_pack
from agent_system.domain.language import Language
from clinic_servers.contract.registry import ClinicRegistry


class Wording:
    """Phrases, dates, lists and registry names in one language; `today` makes dates read 'hoje'/'amanhã'."""

    def __init__(self, language: Language, today: date, registry: ClinicRegistry):
        self.language = language
        self.today = today
        self.registry = registry
        self._pack = language_pack(language)

    def knows(self, key: str) -> bool:
        """Whether there is a phrase `key`."""
        return key in self._pack.phrases

    def phrase(self, key: str, count: int = 1, **fields: object) -> str:
        """The phrase `key` filled in, in its plural form when there is one and `count` > 1."""
        phrases = self._pack.phrases
        plural = phrases.get(f"{key}_many") if count > 1 else None
        return (plural or phrases[key]).format(**fields)

    def say(self, key: str, count: int = 1, **fields: object) -> str:
        """A phrase that opens a sentence: its first letter upper case ('a Clínica C' -> 'A Clínica C')."""
        text = self.phrase(key, count, **fields)
        return text[:1].upper() + text[1:]

    def day(self, iso: str) -> str:
        """A date as listings show it: 'qua 25/11' / 'Wed Nov 25', plus '(amanhã)' when it is."""
        when = _parse(iso)
        if when is None:
            return iso
        return self._date("day", "weekdays", when) + self._relative(when)

    def full_day(self, iso: str) -> str:
        """A date as confirmations show it: 'quarta-feira, 25/11/2026' / 'Wednesday, November 25, 2026'."""
        when = _parse(iso)
        if when is None:
            return iso
        return self._date("full_day", "weekdays_full", when) + self._relative(when)

    def weekday(self, number: int) -> str:
        """A weekday's full name, 0 being Monday: 'segunda-feira' / 'Monday'."""
        return self._pack.names("weekdays_full")[number]

    def join(self, items: Iterable[str], conjunction: str = "and") -> str:
        """'A', 'A e B', 'A, B e C' (or with 'ou' / 'and' / 'or')."""
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self._pack.calendar[conjunction]} {items[-1]}"

    def clinics(self, names: Iterable[str]) -> str:
        """Clinic names as a sentence's subject: 'a Clínica C e a Clínica E' / 'Clínica C and Clínica E'."""
        return self.join(self.phrase("clinic_option", clinic=name) for name in names)

    def of_doctor(self, doctor: str) -> str:
        """'of' with the doctor as phrases embed it: Portuguese 'do Dr. X', 'da Dra. Y'."""
        return self._pack.of_doctor(doctor)

    def clinic(self, clinic_id: str) -> str:
        """The clinic's name ('Clínica A'); a name or unknown id is shown as given."""
        clinic = self.registry.get(clinic_id)
        return clinic.name if clinic else clinic_id

    def specialty(self, key: str) -> str:
        """A registry specialty's name in this language; anything else as given."""
        specialty = self.registry.specialties.get(key)
        if specialty is None:
            return key
        return self._pack.specialty_name(specialty)

    def specialty_of(self, clinic_id: str, fallback: str) -> str:
        """The specialty name of a registry clinic, else `fallback` (what the clinic itself said)."""
        clinic = self.registry.get(clinic_id)
        return self.specialty(clinic.specialty.key) if clinic else fallback

    def specialties(self) -> str:
        """Every specialty offered: 'Cardiologia, Dermatologia e Ortopedia'."""
        return self.join(self.specialty(key) for key in self.registry.specialties)

    def _relative(self, when: date) -> str:
        offset = (when - self.today).days
        return f" ({self._pack.names('today_tomorrow')[offset]})" if offset in (0, 1) else ""

    def _date(self, template: str, weekdays: str, when: date) -> str:
        """A date through the calendar template `template`, with the weekday names listed as `weekdays`."""
        month_name = self._pack.names("months")[when.month - 1]
        return self._pack.calendar[template].format(
            weekday=self._pack.names(weekdays)[when.weekday()], day=when.day, month=when.month,
            month_name=month_name, month_abbr=month_name[:3], year=when.year)


def _parse(iso: str) -> date | None:
    # Clinic data is checked by schema only as text; an odd date is shown as given rather than crash.
    try:
        return date.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
