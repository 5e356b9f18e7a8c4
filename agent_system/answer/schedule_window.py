"""Days past the schedule the clinics have opened: an empty listing or a refused booking there is not a full day."""
from __future__ import annotations

from datetime import date

from agent_system.language.phrasebook import Wording
from clinic_servers.contract.clock import BOOKING_WINDOW_DAYS, last_open_day


def not_open_yet(day: str, today: date) -> bool:
    """Whether a day (ISO) lies after the last day whose slots are open."""
    try:
        return date.fromisoformat(day) > last_open_day(today)
    except ValueError:
        return False


def schedule_not_open(day: str, doctor: str, words: Wording) -> str:
    """"The schedule is not open for that day yet", with how far ahead slots open and the last open day."""
    return words.say("schedule_not_open", of_doctor=f" {words.of_doctor(doctor)}" if doctor else "", day=words.day(day),
                     days=BOOKING_WINDOW_DAYS, last=words.day(last_open_day(words.today).isoformat()))
