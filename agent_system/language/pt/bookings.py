"""Portuguese: the words of asking about, cancelling and moving the patient's own bookings (understanding/asks.py).

Regular-expression fragments on folded text. "{booking}" stands for what a booking is called and "{my_booking}" for
it pointed at ("minha consulta", "my booking"), in every registered language: the reader fills them in.
"""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "booking_name": (r"consultas?", r"reservas?", r"marcac(?:ao|oes)", r"agendamentos?", r"horarios? marcados?"),
    "booking_pointer": (r"minhas?", r"meus?", r"a", r"o", r"essa", r"esse", r"esta", r"este"),
    "cancel": (
        # verbs of cancelling, any form: "cancelar a de terça", "desmarca"
        r"cancel\w*", r"desmarc\w*",
        r"(?:tira|tire|tirar|remove|remova|remover|apaga|apague|apagar|exclui|exclua|excluir) (?:o )?(?:meu nome|"
        r"{my_booking})",
        r"desist\w* (?:d[ao] )?(?:{my_booking}|{booking})",
        # not going: "não vou poder ir", "nao consigo comparecer"
        r"nao (?:vou|vai|poderei|posso|consigo|vou conseguir|vou poder|da pra|da para|tenho como)"
        r" (?:mais )?(?:poder )?(?:ir|comparecer)"),
    "reschedule": (
        # verbs that mean "move" whatever follows: "remarcar", "reagendar", "adiar"
        r"remarc\w*", r"reagend\w*", r"adiar", r"adia", r"antecip\w*",
        # a verb of changing with the booking as its object: "mudar a consulta"
        r"(?:mud|troc|transfer|alter)\w* (?:de )?{my_booking}", r"(?:mudar|trocar) (?:o |a )?(?:horario|data|dia)",
        # the booking as the subject: "uma consulta minha precisa mudar"
        r"{booking}(?: minhas?)? (?:tem|precisa|vai ter) (?:que |de )?(?:mudar|trocar|ser (?:mudad|trocad|remarcad)\w*)"),
    # a change asked for without saying what changes ("dá pra trocar?", "quero mudar"), or another day preferred
    "change_it": (r"(?:troc|mud|alter)(?:ar|a|e|o|aria|as|am)", r"prefiro", r"seria melhor",
                  r"(?:tem como|da pra|poderia) ser (?:na|no|dia|em)"),
    "correction": (r"errei", r"me enganei", r"enganei", r"na verdade", r"na vdd", r"quis dizer", r"queria dizer",
                   r"mudei de ideia", r"ops"),
    "instead": (r"em vez d(?:isso|e|a|o)", r"ao inves", r"no lugar (?:dela|dele|disso|de|da|do)"),
    "same_time": (r"mesm[oa] (?:horario|hora)", r"msm (?:horario|hora)", r"no mesmo horario",
                  r"(?:mesmo|msm) dia e (?:horario|hora)", r"mantendo (?:o horario|a hora)"),
    "cant_make_it": (r"(?:nao|n) (?:vou |vai )?(?:poder|posso|consigo|conseguir|dar|da)",),
    "next_pointer": (r"minha", r"meu", r"a", r"o"),
    "next_word": (r"proxim[ao]", r"prox"),
    "a_booking": (r"(?:minhas?|meus?|aquel[ae]s?|essa|esse|esta|este) {booking}",),
    "appointment_topic": (r"consultas?", r"horarios?", r"vagas?", r"agenda\w*", r"marc\w*", r"medic[oa]s?",
                          r"doutor[a]?", r"dra?", r"cancel\w*", r"desmarc\w*", r"remarc\w*"),
    # one booking more, besides the others: "marca também…", "mais uma consulta", "além da que já tenho"
    "one_more": (r"tambem", r"tbm", r"tb", r"mais uma (?:consulta|marcacao|reserva|vaga)",
                 r"(?:marc|agend|reserv)\w* mais uma(?! vez)", r"outra consulta", r"alem d(?:a|o|as|os|essa|esse|isso)"),
    "one_more_negation": (r"nao", r"nem", r"nunca", r"jamais"),
    "also_not": (r"(?:tambem|tbm|tb) (?:nao|nem)",),
    "clause_but": (r"mas",),
}
