"""Words a message with several requests is read by: a later request on the day of the one before it, and whole slots
listed after asking for them all.

Word lists only (normalised text: lower case, no accents); the logic that uses them lives in `reading` and
`write_intent`.
"""
from __future__ import annotations

from agent_system.dialogue.reading.phrases import any_phrase

# "…e me mostra a cardio nesse dia", "…and what's open on that day?": the day of the request before, said by pointing.
ON_THE_DAY_BEFORE = any_phrase(
    "nesse dia", "neste dia", "naquele dia", "nesse mesmo dia", "neste mesmo dia", "naquele mesmo dia", "no mesmo dia",
    "mesmo dia", "esse mesmo dia", "nesse msm dia", "no msm dia", "msm dia", "nessa data", "nessa mesma data",
    "na mesma data", "mesma data", "that day", "on that day", "that same day", "the same day", "same day",
    "that date", "on that date", "that same date", "the same date", "same date")

# "…e, no mesmo dia, a Dra. Y às 9h": a comma after these words opens what they point at, it cuts no request there.
POINTERS_BEFORE_A_COMMA = ("mesmo dia", "msm dia", "nesse dia", "neste dia", "naquele dia", "mesma data", "nessa data",
                           "that day", "same day", "that date", "same date")

# "Need two bookings - Dra. X, Fri Dec 4, 9:00; Dr. Y, Thu Dec 3, 4pm": whole slots listed after asking for them all.
SEVERAL_BOOKINGS_ASKED = any_phrase(
    "two bookings", "two appointments", "both appointments", "both bookings", "book both", "book them both",
    "duas consultas", "dois horarios", "as duas consultas", "marca as duas", "marca os dois", "agenda as duas",
    "agenda os dois", "reserva as duas", "reserva os dois")
