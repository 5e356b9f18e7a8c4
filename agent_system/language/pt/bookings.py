"""Portuguese: the words of asking about, cancelling and moving the patient's own bookings (dialogue/reading/asks.py).

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
    # a part of the day chosen among listed slots: "prefiro o da manhã", "antes do meio-dia"; "{lead}" is filled in
    "day_part_lead": (r"o", r"a", r"de", r"da", r"pela", r"pra", r"pro", r"para", r"p/"),
    "part_morning": (r"{lead} (?:da |de )?manha", r"(?:antes|ate) (?:d?o )?meio[ -]dia"),
    "part_afternoon": (r"{lead} (?:da |de )?tarde", r"(?:depois|a partir) (?:d?o )?meio[ -]dia", r"depois do almoco"),
    "part_evening": (r"{lead} (?:da |de )?noite",),
    # the bare word, a part of the day only right after a day ("sexta noite", "dia 30 manhã") or a specialty
    "bare_morning": (r"manha",),
    "bare_afternoon": (r"tarde",),
    "bare_evening": (r"noite",),
    "day_word": tuple("segunda terca quarta quinta sexta sabado domingo seg ter qua qui sex sab dom feira hoje amanha"
                      .split()),
    # "depois do meio-dia": a part of the day bounded by noon, not a slot at 12:00
    "noon_bound": (r"(?:antes|ate|depois|a partir) (?:d?o )?meio[ -]dia",),
    # a reply that is only a number: "a 2", "opção 2", "nº 2"
    "pick_lead": (r"o", r"a", r"opcao", r"numero", r"no", r"n"),
    "pick_suffix": (r"o", r"a"),
    "pick_please": (r"por favor", r"pfv", r"pf"),
    # a doctor pointed at without a name: "e a outra doutora?", "marca com a doutora"
    "other_doctor_fem": (r"outra (?:medica|doutora|dra)",),
    "other_doctor_masc": (r"outro (?:medico|doutor|dr)",),
    "some_doctor_fem": (r"(?:a|uma) (?:medica|doutora|dra)",),
    "some_doctor_masc": (r"(?:o|um) (?:medico|doutor|dr)",),
    # a verb of moving with a new day or time as its target ("passa pra sexta", "joga pro dia 4"): the booking may
    # be named in between ("passa a da dermato pra quinta"), never a listing ("me passa os horários pra amanhã");
    # "{target}" is filled in with where a moved booking goes, in every language
    "move_to": (r"(?:mud|troc|pass|jog|empurr|transfer|deix|adiant)\w* (?:(?:ela|ele|(?:a|essa|minha) consulta|(?:o|esse|meu)"
                r" horario|a|o)(?: (?:de|da|do|com)\b(?: [\w.]+){1,3}?)? )?(?:pra|pras|para|pro|pros|p/) {target}",),
    "target_article": (r"o", r"a"),
    "target_day": (r"dia",),
    "target_word": (r"\d\w*", r"amanha", r"hoje", r"proxim\w*", r"semana", r"mes", r"mesm\w*", r"msm", r"outr[oa]",
                    r"mais (?:tarde|cedo)", r"segunda", r"terca", r"quarta", r"quinta", r"sexta", r"janeiro", r"fevereiro",
                    r"marco", r"abril", r"maio", r"junho", r"julho", r"agosto", r"setembro", r"outubro", r"novembro",
                    r"dezembro", r"de (?:manha|tarde)", r"manha", r"tarde", r"noite"),
}
