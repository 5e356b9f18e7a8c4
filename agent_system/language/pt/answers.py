"""Portuguese (pt-BR): the answers' phrases, the emergency and blocked-answer texts."""
from __future__ import annotations

PHRASES = {
    "booked_notice": "Pela regra da {clinic}, cancelar ou remarcar só até {hours} h antes da consulta.",
    "request_callback_noun": "o pedido de retorno",
    "for_patient": " (para {name})",
    "booked_line_for": "• {day} às {time} — {doctor} ({clinic}, {specialty}) — para {patient}",
    "ask_dependant": "Entendi: a consulta é para {relative}. Qual é o nome completo e o CPF de {relative}? A "
                     "reserva fica no nome de quem vai ser atendido, e você continua podendo ver, remarcar e "
                     "cancelar a consulta com o código da reserva.",
    "ask_dependant_invalid": "Esse CPF não é válido (ou é o seu). Qual é o nome completo e o CPF (11 dígitos) "
                             "de {relative}?",
    "ask_dependant_cpf": "Obrigado. E qual é o CPF (11 dígitos) de {name}?",
    "ask_dependant_name": "Obrigado. E qual é o nome completo de {relative}?",
    "ask_dependant_cpf_invalid": "Esse CPF não é válido (ou é o seu). Qual é o CPF (11 dígitos) de {name}?",
    "for_dependant": "Anotado: as próximas marcações desta conversa são para {name}. Para marcar para você, "
                     "diga \"para mim\".",
    "person_intro": "Para falar com uma pessoa da equipe, ligue para a clínica:",
    "contact_line": "• {clinic} ({specialty}): {phone} — {hours}",
    "callback_offer": "Se preferir que a clínica ligue para você, me diga seu telefone com DDD e o assunto (e o "
                      "melhor horário, se quiser).",
    "callback_which": "Para pedir que liguem para você, diga de qual clínica, com seu telefone com DDD (por "
                      "exemplo: \"Clínica A, me liguem no\" e o número).",
    "callback_requested": "Pedido de retorno registrado na {clinic} (referência {reference}). A equipe vai ligar "
                          "no telefone que você informou{best}.",
    "callback_best": ", {best}",
    "rules_line": "Regras da {clinic}: cancelar ou remarcar até {hours} h antes da consulta{most}.",
    "rules_most": "; até {most} consultas futuras por paciente",
    "notice_too_short": "A {clinic} só aceita cancelar ou remarcar com pelo menos {hours} horas de antecedência, "
                        "e esta consulta ({day} às {time}) está mais perto do que isso: nada foi alterado. Para "
                        "tratar dela, ligue para a clínica: {phone}.",
    "too_many_bookings": "A {clinic} aceita no máximo {most} consultas futuras por paciente, e esse limite já foi "
                         "atingido: não marquei. Cancele uma das consultas ou ligue para a clínica: {phone}.",
    "too_many_callbacks": "Já há pedidos de retorno seus na {clinic}; a equipe vai ligar. Se for urgente, ligue: "
                          "{phone}.",
    "identity_not_allowed": "Só posso marcar para você ou para quem você me apresentou nesta conversa, com nome "
                            "completo e CPF. Nada foi alterado.",
    "invalid_request_callback": "Não consegui registrar o pedido de retorno: confira o telefone com DDD (DDD e número, "
                                "10 ou 11 dígitos).",
    "overlap_same_hour": "Você já tem uma consulta nesse horário: {existing}. Quer marcar também {slot}? "
                         "Responda sim ou não.",
    "overlap_same_week": "Você já tem uma consulta de {specialty} nessa semana: {existing}. Quer marcar também "
                         "{slot}? Responda sim ou não.",
    "overlap_declined": "Tudo bem, não marquei a nova consulta. Suas outras consultas continuam como estavam.",
    "clinic_info": "**{clinic}** ({specialty})\nEndereço: {address}\nTelefone: {phone}\nFuncionamento: {hours}\n"
                   "Convênios: {plans}",
    "plan_accepted": "Aceitam {plan}:",
    "plan_not_accepted": "Nenhuma das clínicas consultadas aceita {plan}.",
    "hours_weekdays": "seg a sex, {opens}–{closes}",
    "hours_saturday": "sáb, {opens}–{closes}",
    "hours_sunday": "dom, {opens}–{closes}",
    "pick_check": "Pela ordem de horário, a {position}ª opção é {day} às {time} com {doctor} ({clinic}). Posso "
                  "marcar? Responda sim ou não, ou diga o médico e o horário que prefere.",
    "pick_check_last": "Pela ordem de horário, a última opção é {day} às {time} com {doctor} ({clinic}). Posso "
                       "marcar? Responda sim ou não, ou diga o médico e o horário que prefere.",
    "slot_offer": "O horário de {day} às {time} com {doctor} ({clinic}) está livre. Posso marcar? Responda sim ou "
                  "não.",
    "which_day": "O dia e o dia da semana não batem. Você quer {said} ou {named}? Me diga qual e eu sigo.",
    "slot_not_free": "O horário de {day} às {time} com {doctor} não está livre.",
    "pick_declined": "Tudo bem, não marquei. Diga o médico e o horário que prefere.",
    "which_slot": "Combinado! Qual dos horários da lista você quer? Diga o médico, o dia e o horário (por exemplo, "
                  "\"{doctor}, {day} às {time}\"), ou \"o primeiro\" para o mais cedo.",
    "no_prices": "Os valores das consultas (particular ou por convênio) não fazem parte das informações das clínicas, "
                 "então não tenho como dizer o preço. Quem informa é a própria clínica, por telefone:",
    "phone_line": "• {clinic} ({specialty}): {phone}",
    "offer_slots": "Se quiser, eu mostro os horários livres.",
    "info_unavailable": "{who} não respondeu agora; tente de novo em alguns minutos.",
    "info_unavailable_many": "{who} não responderam agora; tente de novo em alguns minutos.",
    "listing_intro": "Aqui estão os horários livres em {specialties}:",
    "earliest": "**Horário mais cedo: {day} às {time} com {doctor} ({clinic})**",
    "earliest_in": "**Horário mais cedo em {specialty}: {day} às {time} com {doctor} ({clinic})**",
    "how_to_book": "Para agendar, diga o médico, o dia e o horário, ou escolha um horário acima.",
    "how_to_reschedule": "Para remarcar, diga qual dos horários acima você prefere.",
    "none_at": "Não há horários livres na {clinic}{filter}.",
    "filter_doctor": " com {doctor}",
    "filter_on": " em {day}",
    "filter_between": " entre {start} e {end}",
    "filter_from": " a partir de {start}",
    "filter_until": " até {end}",
    "filter_window": " nas próximas duas semanas",
    "try_options": "Quer tentar {options}?",
    "try_which": "Claro! Qual prefere: {options}? Diga qual, por exemplo “outro dia”.",
    "another_day": "outro dia",
    "another_doctor": "outro médico",
    "clinic_option": "a {clinic}",
    "specialty_empty": "No momento não há horários livres em {specialty} nas próximas duas semanas. Por favor, "
                       "tente novamente mais tarde.",
    "none_in_day_part": "Não há horários livres de {specialty}{filter}. Quer ver outro período do dia ou outro "
                        "dia?",
    "filter_morning": " de manhã",
    "filter_afternoon": " à tarde",
    "filter_evening": " à noite",
    "unavailable_shown": "{who} não respondeu agora; mostrei os horários das demais.",
    "unavailable_shown_many": "{who} não responderam agora; mostrei os horários das demais.",
    "unavailable_retry": "Desculpe, {who} não respondeu agora. Tente novamente em alguns minutos.",
    "unavailable_retry_many": "Desculpe, {who} não responderam agora. Tente novamente em alguns minutos.",
    "unavailable_appointments": "{who} não respondeu agora; mostrei as consultas das demais.",
    "unavailable_appointments_many": "{who} não responderam agora; mostrei as consultas das demais.",
    "unavailable_action": "Desculpe, a {clinic} não respondeu agora e não consegui confirmar {action}. Daqui a "
                          "alguns minutos, faça o mesmo pedido de novo: se já tiver sido feito, eu confirmo, sem "
                          "fazer duas vezes.",
    "book_appointment_noun": "o agendamento",
    "reschedule_appointment_noun": "a remarcação",
    "cancel_appointment_noun": "o cancelamento",
    "appointment": "{clinic} — {doctor}, {when}",
    "when": "{day}, às {time}",
    "booked": "Consulta confirmada! {appointment}. Código da reserva: {code}. Guarde o código: ele é pedido para"
              " remarcar ou cancelar.",
    "moved_from": "Consulta remarcada. Antes: {appointment}.",
    "moved_to": "Agora: {appointment}. Código da reserva: {code}.",
    "already_booked": "Você já tem esta consulta: {appointment}.",
    "rescheduled": "Consulta remarcada! {clinic} — {doctor}: de {old} para {new}.",
    "cancelled": "Consulta cancelada: {appointment}. Se quiser marcar outro horário, é só me dizer.",
    "my_intro": "Estas são as suas consultas agendadas:",
    "booked_line": "• {day} às {time} — {doctor} ({clinic}, {specialty})",
    "none_on_the_day": "Entre as consultas que esta conversa conhece, não há nenhuma para {days}.",
    "no_appointments": "Por segurança, só mostro as consultas cujo código de reserva esta conversa conhece (as "
                       "marcadas neste aparelho, por exemplo). Para ver uma, digite o código da reserva (6 "
                       "caracteres, informado quando ela foi marcada) ou ligue para a clínica; se quiser, eu "
                       "passo o telefone.",
    "my_next": "Se quiser remarcar ou cancelar alguma, é só me dizer.",
    "which_cancel": "Qual delas você quer cancelar? Diga o médico, o dia e o horário.",
    "ask_confirm_cancel": "Confirma o cancelamento desta consulta? {appointment}. Responda sim ou não.",
    "ask_confirm_reschedule": "Confirma a remarcação? {clinic} — {doctor}: de {old} para {new}. Responda sim ou "
                              "não.",
    "ask_code_cancel": "Para cancelar esta consulta preciso do código da reserva (6 caracteres, informado quando"
                       " ela foi marcada): {appointment}. Envie o código para confirmar, ou responda não para "
                       "mantê-la. Sem o código, fale diretamente com a {clinic}.",
    "ask_code_reschedule": "Para remarcar ({clinic} — {doctor}: de {old} para {new}) preciso do código da "
                           "reserva (6 caracteres, informado quando a consulta foi marcada). Envie o código para"
                           " confirmar, ou responda não para manter como está. Sem o código, fale diretamente "
                           "com a {clinic}.",
    "already_booked_note": "Sua consulta já está confirmada: {appointment}. Posso ajudar com mais alguma coisa?",
    "kept_all": "Tudo bem, não alterei nada: suas consultas continuam marcadas.",
    "kept": "Tudo bem, não alterei nada: sua consulta continua marcada ({appointment}).",
    "confirm_cancel": "É esta a consulta que você quer cancelar? Se for, é só confirmar.",
    "which_reschedule": "Qual delas você quer remarcar, e para qual dia e horário?",
    "which_reschedule_known": "Qual delas você quer remarcar?",
    "confirm_reschedule": "É esta a consulta que você quer remarcar? Se for, é só confirmar.",
    "when_reschedule": "Para qual dia e horário você quer remarcar?",
    "slot_taken": "Esse horário não está mais livre. Quer ver os horários livres "
                  "{of_doctor}?",
    "schedule_not_open": "A agenda{of_doctor} ainda não está aberta para {day}: as clínicas abrem os horários com "
                         "{days} dias de antecedência, e hoje dá para marcar até {last}.",
    "slot_not_found": "Não encontrei esse horário na agenda {of_doctor} ({day} às {time}). Quer ver os horários "
                      "livres?",
    "slot_in_past": "Esse horário ({day} às {time}) já passou. Quer ver os próximos horários livres {of_doctor}?",
    "appointment_not_found": "Não encontrei consulta com os seus dados com {doctor} em {day} às {time}, ou o "
                             "código da reserva não confere. Confira o código, ou peça para ver as suas "
                             "consultas.",
    # An identity refusal names no clinic and reads the same for a name bound elsewhere and a locked one:
    # which clinic knows a CPF is nobody's business but the patient's.
    "identity_mismatch": "Não consegui agendar com os dados desta conversa. Confira se o nome completo está "
                         "escrito como na sua primeira consulta e abra uma nova conversa, ou fale com a clínica "
                         "por telefone.",
    "clinic_busy": "A agenda da {clinic} estava ocupada e nada foi alterado. Pode tentar de novo em instantes.",
    "write_not_requested": "Não fiz nenhuma alteração, porque não entendi um pedido para isso. Se quiser marcar,"
                           " é só pedir (por exemplo: \"marca com {doctor} {day} às {time}\").",
    "not_confirmed": "Não alterei nada: cancelamentos e remarcações só são feitos depois que você confirma a "
                     "consulta exata. Diga qual consulta e eu peço a confirmação.",
    "appointment_in_past": "Essa consulta ({day} às {time}) já passou, então não dá mais para alterá-la. Quer "
                           "ver as suas próximas consultas?",
    "same_slot": "O novo horário é igual ao da consulta atual. Para qual outro dia e horário você quer remarcar?",
    "unknown_doctor": "Não encontrei {doctor} na {clinic}. Lá atendem {doctors}. Com qual deles?",
    "invalid_list_available_slots": "Não consegui entender a data pedida. Pode dizer o dia de novo (por exemplo,"
                                    " 25/11)?",
    "invalid_book_appointment": "Para agendar, preciso do médico, do dia e do horário (por exemplo, 25/11 às "
                                "09:00). Pode me dizer?",
    "invalid_reschedule_appointment": "Para remarcar, preciso saber qual é a consulta atual e o novo dia e "
                                      "horário. Pode me dizer?",
    "invalid_cancel_appointment": "Para cancelar, preciso do médico, do dia e do horário da consulta. Pode me "
                                  "dizer?",
    "generic_error": "Desculpe, não consegui concluir o pedido na {clinic} agora. Tente novamente em alguns "
                     "minutos.",
    "dispatch_refused": "A clínica recusou o pedido.",
    "dispatch_failed": "A clínica não respondeu.",
    "booking_codes": "O código da sua reserva desta conversa:",
    "booking_codes_many": "Os códigos das suas reservas desta conversa:",
    "booking_code_line": "• {code} — {booking}",
    "booking_code_unknown": "Não tenho nenhum código de reserva nesta conversa: por segurança, só mostro o código "
                            "das consultas marcadas ou remarcadas aqui. O código (6 caracteres) veio na mensagem de "
                            "confirmação da consulta; se não o encontrar, a clínica pode ajudar pelo telefone.",
    "closing": "De nada! Se precisar de mais alguma coisa, é só chamar.",
    "hello": "Olá!",
    "greeting": "Olá! Sou o assistente de agendamento das nossas clínicas. Posso mostrar horários livres, "
                "agendar, remarcar ou cancelar consultas e mostrar as suas consultas, em {specialties}. Como "
                "posso ajudar?",
    "out_of_scope": "Desculpe, por aqui só consigo ajudar com consultas nas nossas clínicas de {specialties}: "
                    "ver horários livres, agendar, remarcar, cancelar e ver as suas consultas. Posso ajudar com "
                    "alguma dessas coisas?",
    "privacy": "Não posso compartilhar dados de pacientes: prontuários e informações pessoais são confidenciais "
               "(LGPD), e as ferramentas da equipe das clínicas nunca são usadas por este chat. Posso ajudar com"
               " as suas próprias consultas: ver horários, agendar, remarcar ou cancelar.",
    "not_offered": "Ainda não oferecemos {specialty} nas nossas clínicas. Estas são as especialidades "
                   "disponíveis:",
    "not_offered_short": "Ainda não oferecemos {specialty} nas nossas clínicas; as especialidades disponíveis "
                         "são {specialties}.",
    "that_specialty": "essa especialidade",
    "which_specialty": "Claro! Para qual especialidade é a consulta? Temos:",
    "specialty_line": "• {specialty} — {clinics}",
    "pick_specialty": "Diga a especialidade e eu mostro os horários livres.",
    "no_advice": "Não posso dar orientação médica, diagnóstico nem indicar remédios por aqui: isso precisa da "
                 "avaliação de um médico.",
    "suggest_specialty": "Posso mostrar os horários livres de {specialty} para você marcar uma consulta.",
    "suggest_booking": "Posso ajudar você a marcar uma consulta em {specialties}.",
    "urgent": "Se os sintomas forem fortes ou piorarem, ligue para o SAMU (192) ou procure o pronto-socorro mais"
              " próximo.",
    "clarify_cancel": "Qual destas consultas você quer cancelar?",
    "clarify_reschedule": "Qual destas consultas você quer remarcar?",
    "clarify_choose": "Qual destas consultas você quer dizer?",
    "clarify_line": "{n}. {day} às {time} — {doctor} ({clinic})",
    "clarify_doctor": "Com qual destes médicos você quer?",
    "doctor_line": "{n}. {doctor} ({clinic})",
    "reply_with_number": "É só responder com o número.",
    "ask_appointment": "Qual consulta você quer {verb}? Diga o médico, o dia e o horário, ou peça para ver as "
                       "suas consultas.",
    "verb_cancel": "cancelar",
    "verb_reschedule": "remarcar",
    "ask_more": "Pode me contar um pouco mais sobre o que você precisa? Posso mostrar horários, agendar, "
                "remarcar ou cancelar consultas.",
}

EMERGENCY = {
    "doubt_opening": "Antes de tudo: se alguém estiver em perigo agora, não espere por uma consulta.",
    "doubt_question": "Alguém está em perigo agora? Se estiver, responda \"sim\" e eu digo a quem ligar.",
    "opening": "Isto pode ser uma emergência. Procure ajuda agora.",
    "opening_suicide": "Sinto muito que você esteja passando por isso. Você não precisa enfrentar isso sozinho.",
    "samu": "Ligue agora para o SAMU: 192.",
    "samu_danger": "Se houver perigo imediato ou se alguém já se machucou, ligue para o SAMU: 192.",
    "firefighters": "Se houver fogo, fumaça, choque elétrico, acidente ou alguém preso: Bombeiros, 193.",
    "cvv": "Ligue para o CVV: 188 (gratuito, 24 horas), ou converse pelo cvv.org.br.",
    "intoxication": "Disque-Intoxicação: 0800 722 6001 (24 horas).",
    "opening_violence": "A segurança de quem está em perigo vem primeiro.",
    "police": "Se há perigo agora, ligue para a Polícia Militar: 190.",
    "samu_hurt": "Se alguém está ferido, ou depois de uma violência sexual, ligue para o SAMU: 192.",
    "women_line": "Central de Atendimento à Mulher: 180 (gratuito, 24 horas, sigiloso).",
    "rights_line": "Violência contra criança, adolescente, pessoa idosa ou com deficiência: Disque 100 (24 horas, "
                   "pode ser anônimo).",
    "opening_distress": "Se for uma emergência, peça ajuda agora.",
    "ask_distress": "Se puder, me conte o que está acontecendo. Se não for uma emergência, posso mostrar "
                    "horários livres, agendar, remarcar ou cancelar consultas.",
    "help_called": "Que bom que você já pediu ajuda ou está num lugar seguro. Siga as orientações de quem "
                   "atendeu e, se algo mudar ou piorar, ligue de novo. Continuo aqui se precisar; quando tudo estiver bem, posso ajudar "
                   "a marcar uma consulta de acompanhamento.",
    "stay_safe": "Se puder, vá para um lugar seguro ou fique perto de alguém de confiança, sem se colocar em risco.",
    "er": "Ou vá agora ao pronto-socorro ou UPA mais próximo, sem dirigir.",
    "stay": "Fique com a pessoa até a ajuda chegar.",
    "stay_suicide": "Não fique sozinho: chame alguém de confiança para ficar com você.",
    "later": "Não vou agendar nada agora. Quando tudo estiver bem, posso ajudar você a marcar uma consulta de "
             "acompanhamento.",
}

BLOCKED_NOTES = {
    "privacy": "Desculpe, não posso mostrar esta resposta, para proteger a privacidade de outras pessoas. Tente "
               "de novo ou fale diretamente com a clínica.",
    "medical": "Desculpe, não posso mostrar esta resposta porque ela trazia orientação médica não verificada. "
               "Para dúvidas sobre sintomas ou remédios, converse com um médico; posso ajudar a marcar a "
               "consulta.",
    "both": "Desculpe, não posso mostrar esta resposta: ela trazia dados de outras pessoas e orientação médica "
            "não verificada. Fale com a clínica ou, para dúvidas de saúde, com um médico.",
    "unsafe": "Desculpe, não posso mostrar esta resposta porque ela não passou na verificação de segurança. "
              "Tente de novo ou fale diretamente com a clínica.",
}


def of_doctor(doctor: str) -> str:
    """'de' contracted with the doctor's title: 'do Dr. X', 'da Dra. Y'."""
    if doctor.startswith("Dra."):
        return f"da {doctor}"
    return f"do {doctor}" if doctor.startswith("Dr.") else f"de {doctor}"
