"""The facts an answer's text names, read with the same readers as a patient's message."""
from __future__ import annotations

from datetime import date

from agent_system.dialogue.reading.dates import find_dates
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.times import find_times
from agent_system.dialogue.reading.vocabulary import DoctorIndex


class AnswerFacts:
    """Doctors, clinics, dates and times in normalised text: what the answer gate checks an LLM answer for."""

    def __init__(self, doctors: DoctorIndex, federation: FederationWords):
        self._doctors, self._federation = doctors, federation
        self.doctor_names = [d.name for d in doctors.doctors]

    def doctors_in(self, folded: str) -> set[str]:
        """The registry's doctors the text names."""
        return {d.name for d in self._doctors.named_in(folded)}

    def clinics_in(self, folded: str) -> list[str]:
        """The ids of the clinics the text names."""
        return self._federation.clinics_in(folded)

    def dates_in(self, folded: str, today: date) -> list[date]:
        """The dates the text names, read from today."""
        return find_dates(folded, today)

    def times_in(self, folded: str) -> list[str]:
        """The times the text names, as HH:MM."""
        return find_times(folded)
