"""Portuguese: how a patient asks about their own bookings (dialogue/reading/asks.py), on folded text.

Regular-expression fragments; "{booking}" is what a booking is called, and "{own_…}" the concepts below (the
words after "a próxima" that make it a free slot, …), in every registered language: the reader fills them in.
"""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "own_bookings": (
        r"minhas consultas", r"meus agendamentos", r"minhas marcacoes", r"consultas (?:marcadas|agendadas)",
        r"ver (?:a )?minha consulta",
        # a question word about the patient's own booking: "qual o dia da minha consulta?"
        r"(?:qual|quais|quando|qnd|qdo|que dia|que horas?|onde|aonde)\b.* (?:minhas?|meus?|essa|aquela) (?:\w+ ){0,2}"
        r"(?:{booking}|coisa)\b",
        # "a minha do cardiologista é que dia?": the booking named by its doctor or specialty, then the question
        r"(?:a|o) (?:minha|meu) (?:de|do|da|com)\b.*\b(?:q|que|qual|quando|qnd) (?:dia|horas?|clinica)",
        # something booked the patient has: "tenho alguma consulta?", "tem algo reservado?"
        r"tenho (?:alguma |algo |uma )?consultas?", r"(?:tenho|tem)\s+(?:\w+\s+){0,3}(?:marcad|agendad|reservad)\w*",
        # what the patient booked: "o que agendei", "consultas que eu reservei", "me lembra qual consulta marquei"
        r"(?:o que|oq|q|que|qual|consultas?|tudo) (?:que |q )?(?:eu )?(?:tenho )?"
        r"(?:marquei|agendei|reservei|marcado|agendado)",
        r"(?:quais|que) {booking} (?:eu tenho|tenho)",
        # booked by the patient, asked about: "agendei algo?", "consulta no meu nome?"
        r"(?:marquei|agendei|reservei) (?:{own_something}|algum\w*)", r"{booking} (?:no|em|com) meu nome",
        r"(?:na|no) (?:minha|meu) (?:agenda|calendario)",
        r"(?:me lembr\w*|lembra\w*|esqueci)\b.*\b(?:{booking}|marquei|agendei)",
        # "minha prox consulta": the next of one's own
        r"(?:minhas?|meus?) prox\w* {booking}", r"(?:qual|quando|qnd|qdo) (?:e |eh )?(?:a |o )?(?:minha|meu) prox\w*\b",
        # "a consulta que eu tenho", "algo meu no dia 3"
        r"{booking} (?:que |q )?(?:eu tenho|tenho)", r"{own_something} {own_of_mine}",
        # "tenho algo na quarta?": something of one's own, on a day or a span
        r"{own_have_any} {own_something} {own_day_ahead}\b",
        # "e a do ortopedista, q horas q é mesmo?": one's booking named by its doctor or specialty, asked when it is
        r"\b(?:a|o) (?:do|da|de|com) [\w ]+? (?:q|que|qual|quando|qnd) (?:dia|horas?|clinica)"
        r"(?:(?: q| que)? (?:e|eh|era|vai ser|sera)| (?:mesmo|msm))\b",
        # "qual médico era mesmo?": right after a booking, a question about it
        r"(?:qual|que) (?:clinica|medic[oa]|doutor[a]?|dia|horario|hora) (?:e|era|foi|vai ser|sera|ficou) (?:mesmo|msm)\b",
        # whether the booking went through, and where it ended up: "deu certo? ficou marcado?", "qual clínica q ficou?"
        r"(?:deu certo|ficou (?:marcad|agendad|confirmad)\w*|(?:ta|esta|foi) (?:mesmo )?(?:marcad|agendad|confirmad)\w*)",
        r"(?:qual|que) clinica (?:q |que )?(?:ficou|foi|era|vai ser)", r"(?:e|eh|fica|ficou) em (?:que|qual) clinica",
        # "qual doutora eu marquei mesmo?": the doctor of one's own booking
        r"(?:com )?(?:qual|que|quem) (?:e o |e a )?(?:medic[oa] |doutor[a]? |dr[a]? |clinica )?(?:eu )?"
        r"(?:vou|marquei|agendei)(?: consultar| ver| passar)?(?: com)? mesmo",
        # a visit ahead asked about in the first person: "qual médico vou consultar na quinta?", "com quem eu vou
        # passar na sexta?", "onde eu vou ser atendida amanhã?"
        r"(?:qual|que|quem|onde|aonde|quando)\b[\w ]{0,30}?\b(?:eu )?vou (?:me )?(?:consultar|passar|ser atendid[oa])\b",
        # "em qual clínica eu vou na quarta?", "em que clínica fica essa?"
        r"(?:qual|que|em que|em qual) clinica (?:eu )?(?:vou|tenho que ir|preciso ir)",
        r"(?:qual|que|em que|em qual) clinica (?:fica|e|eh) (?:essa|ela|esta|isso|a minha|minha)\b",
        r"como (?:ficou|esta|ta) (?:a )?minha agenda", r"quais (?:sao )?(?:os )?meus horarios",
        r"(?:o que|oq) (?:marcado|agendado) (?:pra|para) mim",
        r"(?:meu|minha) (?:horario|consulta)\b[\w ]*\b(?:q|que|qual) (?:dia|horas?)\b",
        r"(?:o que|oq) (?:eu )?tenho\b(?= (?:pra|para|na|no|nessa|essa|esta|amanha|hoje)\b)",
        r"{own_something} (?:marcad\w*|agendad\w*)",
        # "e a próxima, qnd é?"
        r"(?:a|o) (?:proxim[ao]|prox)(?! {own_next_not})\b[^?]*\b(?:qnd|quando|qdo)\b",
    ),
    # right after the bookings were shown, a question about them: "que horas mesmo?", "e qual clínica?"
    "booking_detail_asked": (
        r"(?:qual|que|quais) (?:a |o )?(?:hora|horas|horario|dia|data|clinica|medic[oa]|doutor[a]?)",
        r"(?:com|(?:em|no) nome de) quem", r"quando", r"qnd", r"qdo",
        # "qual é a próxima?": the next of those shown (a free slot is "o próximo horário", "a próxima vaga")
        r"(?:qual|quando) (?:e |eh |vai ser |sera )?a (?:proxima|prox)\b(?! (?:vaga|data|semana|livre|disponivel))",
    ),
    "own_next_not": (r"vaga", r"horario", r"data", r"livre", r"semana"),
    # "tenho algo na quarta?" (said with the other language's words too: "tenho algo tomorrow?")
    "own_have_any": (r"tenho", r"eu tenho"),
    "own_something": (r"algo", r"alguma coisa"),
    "own_of_mine": (r"meu", r"minha"),
    "own_day_ahead": (r"hoje", r"amanha", r"na", r"no", r"nesta", r"nessa", r"essa", r"esta", r"dia", r"pra", r"para", r"pro"),
}
