"""Portuguese: the words a message with several requests is read by (dialogue/reading/reading.py, requests.py), as
plain phrases on folded text, and a choice accepted by saying it works (joined into the pack's lexicon)."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # "…e me mostra a cardio nesse dia": the day of the request before, said by pointing
    "on_the_day_before": ("nesse dia", "neste dia", "naquele dia", "nesse mesmo dia", "neste mesmo dia",
                          "naquele mesmo dia", "no mesmo dia", "mesmo dia", "esse mesmo dia", "nesse msm dia", "no msm dia",
                          "msm dia", "nessa data", "nessa mesma data", "na mesma data", "mesma data"),
    # "…e, no mesmo dia, a Dra. Y às 9h": a comma after these opens what they point at
    "pointer_before_comma": ("mesmo dia", "msm dia", "nesse dia", "neste dia", "naquele dia", "mesma data", "nessa data"),
    # "marca as duas: …": whole slots listed after asking for them all
    "several_bookings": ("duas consultas", "dois horarios", "as duas consultas", "marca as duas", "marca os dois",
                         "agenda as duas", "agenda os dois", "reserva as duas", "reserva os dois"),
    # a choice accepted with the English verb: "o horário works" (dialogue/reading/write_intent.py)
    "works_subject": (r"horario",),
    # a dot after these ends no sentence: "Dra. Camila", "Sr. Paulo" (words, lower case)
    "title_before_dot": ("dr", "dra", "sr", "sra"),
    # "me agenda", "me encaixa": the pronoun before a verb of booking (dialogue/reading/write_intent.py)
    "order_pronoun": (r"me",),
}
