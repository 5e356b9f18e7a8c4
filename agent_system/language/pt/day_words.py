"""Portuguese: the small words around weekdays, day numbers and clock times (dialogue/reading/dates.py,
date_windows.py, day_corrections.py, times.py), by concept, on folded text (joined into the pack's lexicon)."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # a day of the month: "dia 3", "1o de dezembro", "25 de novembro de 2026"
    "day_suffix": (r"o",),
    "ordinal_mark": (r"o", r"a"),  # "1º", "1ª" folded
    "number_and": ("e",),  # "vinte e seis", "quatro e meia"
    "day_lead_bare": (r"dia",),
    "month_of": (r"de",),
    "year_of": (r"de",),
    "month_after_of_only": ("out",),  # "out" is October only after "de": "2 out of 3" names no day
    # a weekday: "a segunda", "próxima quinta", "nessa sexta", "na outra quarta", "terça-feira", "sexta que vem"
    "weekday_article": (r"a", r"minha", r"sua", r"uma"),
    "weekday_next": (r"proxim[ao]",),
    "weekday_this": (r"n?essa", r"n?esta"),
    "weekday_following": (r"outra",),
    "weekday_tail": (r"feira",),
    "weekday_next_week": (r"(?:da\s+)?(?:semana q(?:ue)? vem|proxima semana|outra semana|(?:semana )?seguinte)",),
    "weekday_coming": (r"q(?:ue)? vem",),
    "ordinal_noun": (r"opcao", r"vez", r"via", r"consulta", r"opiniao", r"parte", r"vaga", r"semana"),
    "date_beside_joiner": (r"dia", r"de"),
    # a number that is a time, not a day: "sexta 27 as 10h", "dia 3 e meia", "27 da tarde"
    "time_after_number": (r"h\b", r"hs?\d", r"horas?", r"e meia", r"d[ae] (?:manha|tarde|noite)"),
    "time_after_month_day": (r"h", r"horas?"),
    # a window's ends (dialogue/reading/date_windows.py): "entre o dia 25 e a próxima sexta"
    "window_day_article": (r"o", r"a"),
    "window_weekday_lead": (r"a", r"o", r"proxim[ao]"),
    # a day said, then taken back or restated (dialogue/reading/day_corrections.py)
    "corrected_day_lead": (r"na", r"no", r"dia"),
    "day_said_lead": (r"dia",),
    # clock times (dialogue/reading/times.py)
    "noon": (r"meio[\s-]?dia",),
    "midnight": (r"meia[\s-]?noite",),
    "clock_half": (r"e\s+meia",),
    "hour_mark": (r"h", r"hs"),
    "clock_hours": (r"horas?",),
    "clock_morning": (r"d[ae]\s+manha",),
    "clock_afternoon": (r"d[ae]\s+tarde",),
    "clock_evening": (r"d[ae]\s+noite",),
    "unit_minute": (r"min(?:utos?)?",),
    "minute_mark": ("min",),
}
