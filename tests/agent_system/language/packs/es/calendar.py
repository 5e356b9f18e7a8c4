"""Spanish: the words that show a message is in Spanish, and the calendar words of answers and messages."""
from __future__ import annotations

# Words Portuguese and English do not use: "hay", "jueves", "resérvame" tell Spanish apart.
KEYWORDS = frozenset("""
    quiero quisiera necesito cita citas disponibles libres hoy manana gracias hola el los las usted ayuda hay creo
    estoy tengo un con reservame reserva reservar agendame lunes martes miercoles jueves viernes sabado domingo
    cardiologo dermatologo traumatologo
    """.split())
KEYWORD_ENDINGS = ("ologo", "ologos")

CALENDAR = {
    "weekdays": "lun, mar, mié, jue, vie, sáb, dom",
    "weekdays_full": "lunes, martes, miércoles, jueves, viernes, sábado, domingo",
    "months": "enero, febrero, marzo, abril, mayo, junio, julio, agosto, septiembre, octubre, noviembre, diciembre",
    "day": "{weekday} {day}/{month:02d}",
    "full_day": "{weekday} {day} de {month_name} de {year}",
    "today_tomorrow": "hoy, mañana",
    "and": "y",
    "or": "o",
    "month_words": "enero, febrero, marzo, abril, mayo, junio, julio, agosto, septiembre setiembre, octubre, "
                   "noviembre, diciembre",
    "weekday_words": "lunes, martes, miercoles, jueves, viernes, sabado, domingo",
    "relative_days": "hoy, manana, pasado manana",
}
