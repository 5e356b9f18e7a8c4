"""Portuguese (pt-BR): the words that show a message is in this language, and its calendar words."""
from __future__ import annotations

# Only words that exist in Portuguese alone: "no", "do", "as", "me" and "favor" are ordinary words in
# English too, so they would tilt the count without telling the languages apart.
# Endings of words only this language has: a specialty named alone ("neurologia", "pediatria") shows the language.
KEYWORD_ENDINGS = ("ologia", "ologista", "ologistas", "iatria", "iatra", "iatras")
KEYWORDS = frozenset(
    """
    quero marcar consulta consultas com para pra meu minha meus minhas horario horarios amanha
    hoje cancelar desmarcar remarcar agendar por tem de o a e os da das dos um uma eu voce vc
    quais qual quando disponivel disponiveis semana dia obrigado obrigada oi ola bom boa sim nao
    gostaria preciso ver doutor doutora medico que em na mais primeiro dor joelho pele ajuda ajudar
    cardiologia dermatologia ortopedia cardiologista dermatologista ortopedista
    segunda terca quarta quinta sexta sabado domingo
    """.split()
)

CALENDAR = {
    "weekdays": "seg, ter, qua, qui, sex, sáb, dom",
    "weekdays_full": "segunda-feira, terça-feira, quarta-feira, quinta-feira, sexta-feira, sábado, domingo",
    "months": "janeiro, fevereiro, março, abril, maio, junho, julho, agosto, setembro, outubro, novembro, dezembro",
    "day": "{weekday} {day:02d}/{month:02d}",
    "full_day": "{weekday}, {day:02d}/{month:02d}/{year}",
    "today_tomorrow": "hoje, amanhã",
    "and": "e",
    "or": "ou",
    "month_words": "janeiro jan, fevereiro fev, marco mar, abril abr, maio mai, junho jun, julho jul, agosto ago, "
                   "setembro set, outubro out, novembro nov, dezembro dez",
    "weekday_words": "segunda, terca, quarta, quinta, sexta, sabado, domingo",
    "relative_days": "hoje, amanha, depois de amanha",
}
