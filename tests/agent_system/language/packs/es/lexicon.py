"""Spanish: the words the reading looks for, by concept (agent_system/language/concepts.py), on folded text.

A minimal lexicon: enough to ask for slots, book one, say yes or no and ask for one's own bookings. A concept left
out has no Spanish words.
"""
from __future__ import annotations

LEXICON: dict[str, tuple[str, ...]] = {
    "list": (r"hay", r"horarios?", r"disponibles?", r"libres?", r"citas?", r"turnos?"),
    "book": (r"reserv\w*", r"agend\w*", r"cita con", r"quiero (?:una )?cita"),
    "greeting": (r"hola", r"buen(?:os|as) (?:dias|tardes|noches)"),
    "thanks_or_bye": (r"gracias", r"adios", r"hasta (?:luego|pronto)"),
    "yes": (r"si", r"claro", r"vale"),
    "accept_yes": ("si", "claro", "vale", "de acuerdo"),
    "accept_thanks": ("gracias",),
    "write_book": (r"reserv(?:a|ame|ar|e|eme)", r"agend(?:a|ame|ar|e)", r"apunt(?:a|ame|ar)"),
    "write_cancel": (r"cancel(?:a|ame|ar|e)",),
    "wish": (r"quiero", r"quisiera", r"necesito"),
    "second_person": (r"puede", r"podria", r"puedes"),
    "negation": ("no", "nunca"),
    "confirm_yes": ("si", "vale", "claro"),
    "confirm_no": ("no",),
    "time_cue": ("las",),
    # a weekday of next week, and the patient's own bookings: words the reading's date and booking readers look for
    "weekday_next_week": (r"de la (?:semana que viene|proxima semana)",),
    "booking_name": (r"citas?", r"reservas?"),
    "own_bookings": (r"mis citas", r"mis reservas", r"(?:tengo|hay) (?:alguna )?{booking} (?:reservad|agendad)\w*"),
}
