"""What the deterministic answers say, in Portuguese (pt-BR) and English, and how dates read in each."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from agent_system.language.text import Language
from clinic_servers.registry import ClinicRegistry

_WEEKDAYS = {"pt": ("seg", "ter", "qua", "qui", "sex", "sáb", "dom"),
             "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")}
_WEEKDAYS_FULL = {"pt": ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado",
                         "domingo"),
                  "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")}
_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December")
_TODAY_TOMORROW = {"pt": ("hoje", "amanhã"), "en": ("today", "tomorrow")}
_CONJUNCTIONS = {"pt": {"and": "e", "or": "ou"}, "en": {"and": "and", "or": "or"}}

# Phrase -> language -> template. A "<key>_many" entry is the plural form of "<key>".
PHRASES: dict[str, dict[str, str]] = {
    # A booking held back because it overlaps another appointment
    "overlap_same_hour": {"pt": "Você já tem uma consulta nesse horário: {existing}. Quer marcar também "
                                "{slot}? Responda sim ou não.",
                          "en": "You already have an appointment at that time: {existing}. Do you still want "
                                "to book {slot}? Answer yes or no."},
    "overlap_same_week": {"pt": "Você já tem uma consulta de {specialty} nessa semana: {existing}. Quer marcar "
                                "também {slot}? Responda sim ou não.",
                          "en": "You already have a {specialty} appointment that week: {existing}. Do you still "
                                "want to book {slot}? Answer yes or no."},
    "overlap_declined": {"pt": "Tudo bem, não marquei a nova consulta. Suas outras consultas continuam como estavam.",
                         "en": "All right, I did not book it. Your other appointments stay as they were."},
    # About the clinics themselves (get_clinic_info)
    "clinic_info": {"pt": "**{clinic}** ({specialty})\nEndereço: {address}\nTelefone: {phone}\n"
                          "Funcionamento: {hours}\nConvênios: {plans}",
                    "en": "**{clinic}** ({specialty})\nAddress: {address}\nPhone: {phone}\n"
                          "Opening hours: {hours}\nHealth plans: {plans}"},
    "hours_weekdays": {"pt": "seg a sex, {opens}–{closes}", "en": "Mon–Fri, {opens}–{closes}"},
    "hours_saturday": {"pt": "sáb, {opens}–{closes}", "en": "Sat, {opens}–{closes}"},
    "hours_sunday": {"pt": "dom, {opens}–{closes}", "en": "Sun, {opens}–{closes}"},
    "info_unavailable": {"pt": "{who} não respondeu agora; tente de novo em alguns minutos.",
                         "en": "{who} did not answer right now; try again in a few minutes."},
    "info_unavailable_many": {"pt": "{who} não responderam agora; tente de novo em alguns minutos.",
                              "en": "{who} did not answer right now; try again in a few minutes."},
    # Slot listings (Rule 9)
    "listing_intro": {"pt": "Aqui estão os horários livres em {specialties}:",
                      "en": "Here are the open slots in {specialties}:"},
    "earliest": {"pt": "**Horário mais cedo: {day} às {time} com {doctor} ({clinic})**",
                 "en": "**Earliest slot: {day} at {time} with {doctor} ({clinic})**"},
    "earliest_in": {"pt": "**Horário mais cedo em {specialty}: {day} às {time} com {doctor} ({clinic})**",
                    "en": "**Earliest {specialty} slot: {day} at {time} with {doctor} ({clinic})**"},
    "how_to_book": {"pt": "Para agendar, diga o médico, o dia e o horário, ou escolha um horário acima.",
                    "en": "To book, tell me the doctor, the day and the time, or pick a slot above."},
    "how_to_reschedule": {"pt": "Para remarcar, diga qual dos horários acima você prefere.",
                          "en": "To reschedule, tell me which of the slots above you prefer."},
    "none_at": {"pt": "Não há horários livres na {clinic}{filter}.",
                "en": "There are no open slots at {clinic}{filter}."},
    "filter_doctor": {"pt": " com {doctor}", "en": " with {doctor}"},
    "filter_on": {"pt": " em {day}", "en": " on {day}"},
    "filter_between": {"pt": " entre {start} e {end}", "en": " between {start} and {end}"},
    "filter_from": {"pt": " a partir de {start}", "en": " from {start}"},
    "filter_until": {"pt": " até {end}", "en": " until {end}"},
    "filter_window": {"pt": " nas próximas duas semanas", "en": " in the next two weeks"},
    "try_options": {"pt": "Quer tentar {options}?", "en": "Would you like to try {options}?"},
    "another_day": {"pt": "outro dia", "en": "another day"},
    "another_doctor": {"pt": "outro médico", "en": "another doctor"},
    "clinic_option": {"pt": "a {clinic}", "en": "{clinic}"},
    "specialty_empty": {"pt": "No momento não há horários livres em {specialty} nas próximas duas semanas. "
                              "Por favor, tente novamente mais tarde.",
                        "en": "Right now there are no open {specialty} slots in the next two weeks. "
                              "Please try again later."},
    # Clinics that did not answer
    "unavailable_shown": {"pt": "{who} não respondeu agora; mostrei os horários das demais.",
                          "en": "{who} did not respond just now; I've shown the other clinics' slots."},
    "unavailable_shown_many": {"pt": "{who} não responderam agora; mostrei os horários das demais.",
                               "en": "{who} did not respond just now; I've shown the other clinics' slots."},
    "unavailable_retry": {"pt": "Desculpe, {who} não respondeu agora. Tente novamente em alguns minutos.",
                          "en": "Sorry, {who} did not respond just now. Please try again in a few minutes."},
    "unavailable_retry_many": {"pt": "Desculpe, {who} não responderam agora. Tente novamente em alguns minutos.",
                               "en": "Sorry, {who} did not respond just now. Please try again in a few minutes."},
    "unavailable_appointments": {"pt": "{who} não respondeu agora; mostrei as consultas das demais.",
                                 "en": "{who} did not respond just now; I've shown your appointments at the "
                                       "other clinics."},
    "unavailable_appointments_many": {"pt": "{who} não responderam agora; mostrei as consultas das demais.",
                                      "en": "{who} did not respond just now; I've shown your appointments at the "
                                            "other clinics."},
    "none_elsewhere": {"pt": "{who} não respondeu agora; nas demais clínicas você não tem consultas agendadas.",
                       "en": "{who} did not respond just now; you have no appointments at the other clinics."},
    "none_elsewhere_many": {"pt": "{who} não responderam agora; nas demais clínicas você não tem consultas "
                                  "agendadas.",
                            "en": "{who} did not respond just now; you have no appointments at the other clinics."},
    "unavailable_action": {"pt": "Desculpe, a {clinic} não respondeu agora e não consegui confirmar {action}. "
                                 "Daqui a alguns minutos, peça para ver as suas consultas e confira antes de "
                                 "tentar de novo.",
                           "en": "Sorry, {clinic} did not respond just now, so I couldn't confirm {action}. "
                                 "In a few minutes, ask to see your appointments to check before trying again."},
    "book_appointment_noun": {"pt": "o agendamento", "en": "the booking"},
    "reschedule_appointment_noun": {"pt": "a remarcação", "en": "the change"},
    "cancel_appointment_noun": {"pt": "o cancelamento", "en": "the cancellation"},
    # Bookings made, changed, cancelled or listed
    "appointment": {"pt": "{clinic} — {doctor}, {when}", "en": "{clinic} — {doctor}, {when}"},
    "when": {"pt": "{day}, às {time}", "en": "{day}, at {time}"},
    "booked": {"pt": "Consulta confirmada! {appointment}. Código da reserva: {code}. Guarde o código: "
                     "ele é pedido para remarcar ou cancelar.",
               "en": "Appointment confirmed! {appointment}. Booking code: {code}. Keep the code: you will need it "
                     "to reschedule or cancel."},
    "moved_from": {"pt": "Consulta remarcada. Antes: {appointment}.", "en": "Appointment moved. Was: {appointment}."},
    "moved_to": {"pt": "Agora: {appointment}. Código da reserva: {code}.",
                 "en": "Now: {appointment}. Booking code: {code}."},
    "already_booked": {"pt": "Você já tem esta consulta: {appointment}.",
                       "en": "You already have this appointment: {appointment}."},
    "rescheduled": {"pt": "Consulta remarcada! {clinic} — {doctor}: de {old} para {new}.",
                    "en": "Appointment rescheduled! {clinic} — {doctor}: from {old} to {new}."},
    "cancelled": {"pt": "Consulta cancelada: {appointment}. Se quiser marcar outro horário, é só me dizer.",
                  "en": "Appointment cancelled: {appointment}. If you'd like another time, just tell me."},
    "my_intro": {"pt": "Estas são as suas consultas agendadas:", "en": "Here are your upcoming appointments:"},
    "booked_line": {"pt": "• {day} às {time} — {doctor} ({clinic}, {specialty})",
                    "en": "• {day} at {time} — {doctor} ({clinic}, {specialty})"},
    "no_appointments": {"pt": "Você não tem consultas agendadas nas nossas clínicas.",
                        "en": "You have no appointments booked at our clinics."},
    "my_next": {"pt": "Se quiser remarcar ou cancelar alguma, é só me dizer.",
                "en": "If you'd like to reschedule or cancel one, just let me know."},
    "which_cancel": {"pt": "Qual delas você quer cancelar? Diga o médico, o dia e o horário.",
                     "en": "Which one would you like to cancel? Tell me the doctor, the day and the time."},
    # A cancel or reschedule waits for the patient's yes (and the booking code when this chat did not make it)
    "ask_confirm_cancel": {"pt": "Confirma o cancelamento desta consulta? {appointment}. Responda sim ou não.",
                           "en": "Shall I cancel this appointment? {appointment}. Please answer yes or no."},
    "ask_confirm_reschedule": {"pt": "Confirma a remarcação? {clinic} — {doctor}: de {old} para {new}. "
                                     "Responda sim ou não.",
                               "en": "Shall I move it? {clinic} — {doctor}: from {old} to {new}. "
                                     "Please answer yes or no."},
    "ask_code_cancel": {"pt": "Para cancelar esta consulta preciso do código da reserva (6 caracteres, informado "
                              "quando ela foi marcada): {appointment}. Envie o código para confirmar, ou responda "
                              "não para mantê-la. Sem o código, fale diretamente com a {clinic}.",
                        "en": "To cancel this appointment I need its booking code (6 characters, given when it "
                              "was booked): {appointment}. Send the code to confirm, or answer no to keep it. "
                              "Without the code, please contact {clinic} directly."},
    "ask_code_reschedule": {"pt": "Para remarcar ({clinic} — {doctor}: de {old} para {new}) preciso do código da "
                                  "reserva (6 caracteres, informado quando a consulta foi marcada). Envie o código "
                                  "para confirmar, ou responda não para manter como está. Sem o código, fale "
                                  "diretamente com a {clinic}.",
                            "en": "To move it ({clinic} — {doctor}: from {old} to {new}) I need the booking code "
                                  "(6 characters, given when it was booked). Send the code to confirm, or answer "
                                  "no to keep it as it is. Without the code, please contact {clinic} directly."},
    "kept": {"pt": "Tudo bem, não alterei nada: sua consulta continua marcada ({appointment}).",
             "en": "All right, nothing was changed: your appointment stays as it was ({appointment})."},
    "confirm_cancel": {"pt": "É esta a consulta que você quer cancelar? Se for, é só confirmar.",
                       "en": "Is this the appointment you want to cancel? If so, just confirm."},
    "which_reschedule": {"pt": "Qual delas você quer remarcar, e para qual dia e horário?",
                         "en": "Which one would you like to reschedule, and to what day and time?"},
    "which_reschedule_known": {"pt": "Qual delas você quer remarcar?",
                               "en": "Which one would you like to reschedule?"},
    "confirm_reschedule": {"pt": "É esta a consulta que você quer remarcar? Se for, é só confirmar.",
                           "en": "Is this the appointment you want to reschedule? If so, just confirm."},
    "when_reschedule": {"pt": "Para qual dia e horário você quer remarcar?",
                        "en": "What day and time would you like to move it to?"},
    # Tool errors, each with a next step
    "slot_taken": {"pt": "Esse horário acabou de ser reservado por outra pessoa. "
                         "Quer ver os horários livres {of_doctor}?",
                   "en": "That slot was just booked by someone else. "
                         "Would you like to see the open slots for {doctor}?"},
    "slot_not_found": {"pt": "Não encontrei esse horário na agenda {of_doctor} ({day} às {time}). "
                             "Quer ver os horários livres?",
                       "en": "I couldn't find that slot in {doctor}'s schedule ({day} at {time}). "
                             "Would you like to see the open slots?"},
    "slot_in_past": {"pt": "Esse horário ({day} às {time}) já passou. "
                           "Quer ver os próximos horários livres {of_doctor}?",
                     "en": "That time ({day} at {time}) has already passed. "
                           "Would you like to see the next open slots for {doctor}?"},
    "appointment_not_found": {"pt": "Não encontrei consulta com os seus dados com {doctor} em {day} às {time}, "
                                    "ou o código da reserva não confere. Confira o código, ou peça para ver as "
                                    "suas consultas.",
                              "en": "I couldn't find an appointment under your details with {doctor} on {day} at "
                                    "{time}, or the booking code does not match. Please check the code, or ask to "
                                    "see your appointments."},
    "locked": {"pt": "Por segurança, as consultas deste CPF na {clinic} estão bloqueadas por 15 minutos depois de "
                     "várias tentativas com dados que não conferem. Tente mais tarde ou fale com a clínica.",
               "en": "For your security, this CPF's appointments at {clinic} are locked for 15 minutes after "
                     "several attempts with details that did not match. Please try later or contact the clinic."},
    "identity_mismatch": {"pt": "Não consegui agendar: o nome informado não confere com o que a {clinic} tem para "
                                "este CPF. Abra uma nova conversa com o nome completo como na primeira consulta, "
                                "ou fale com a clínica.",
                          "en": "I couldn't book: the name given does not match the one {clinic} has for this CPF. "
                                "Start a new chat with your full name as given at your first appointment, or "
                                "contact the clinic."},
    "clinic_busy": {"pt": "A agenda da {clinic} estava ocupada e nada foi alterado. Pode tentar de novo em "
                          "instantes.",
                    "en": "{clinic}'s schedule was busy and nothing was changed. Please try again in a moment."},
    "write_not_requested": {"pt": "Não fiz nenhuma alteração, porque não entendi um pedido para isso. Se quiser "
                                  "marcar, é só pedir (por exemplo: \"marca com {doctor} {day} às {time}\").",
                            "en": "I made no change, as I didn't read a request for one. If you'd like to book, "
                                  "just ask (for example: \"book {doctor} on {day} at {time}\")."},
    "not_confirmed": {"pt": "Não alterei nada: cancelamentos e remarcações só são feitos depois que você confirma "
                            "a consulta exata. Diga qual consulta e eu peço a confirmação.",
                      "en": "Nothing was changed: cancellations and reschedules only happen after you confirm the "
                            "exact appointment. Tell me which one and I'll ask you to confirm."},
    "appointment_in_past": {"pt": "Essa consulta ({day} às {time}) já passou, então não dá mais para alterá-la. "
                                  "Quer ver as suas próximas consultas?",
                            "en": "That appointment ({day} at {time}) has already passed, so it can no longer be "
                                  "changed. Would you like to see your upcoming appointments?"},
    "same_slot": {"pt": "O novo horário é igual ao da consulta atual. Para qual outro dia e horário você quer "
                        "remarcar?",
                  "en": "The new time is the same as the current appointment. What other day and time would "
                        "you like?"},
    "unknown_doctor": {"pt": "Não encontrei {doctor} na {clinic}. Lá atendem {doctors}. Com qual deles?",
                       "en": "I couldn't find {doctor} at {clinic}. Its doctors are {doctors}. Which one would "
                             "you like?"},
    "invalid_list_available_slots": {"pt": "Não consegui entender a data pedida. Pode dizer o dia de novo "
                                           "(por exemplo, 25/11)?",
                                     "en": "I couldn't understand the date. Could you tell me the day again "
                                           "(for example, Nov 25)?"},
    "invalid_book_appointment": {"pt": "Para agendar, preciso do médico, do dia e do horário (por exemplo, "
                                       "25/11 às 09:00). Pode me dizer?",
                                 "en": "To book, I need the doctor, the day and the time (for example, Nov 25 "
                                       "at 09:00). Could you tell me?"},
    "invalid_reschedule_appointment": {"pt": "Para remarcar, preciso saber qual é a consulta atual e o novo dia "
                                             "e horário. Pode me dizer?",
                                       "en": "To reschedule, I need the current appointment and the new day and "
                                             "time. Could you tell me?"},
    "invalid_cancel_appointment": {"pt": "Para cancelar, preciso do médico, do dia e do horário da consulta. "
                                         "Pode me dizer?",
                                   "en": "To cancel, I need the doctor, the day and the time of the "
                                         "appointment. Could you tell me?"},
    "generic_error": {"pt": "Desculpe, não consegui concluir o pedido na {clinic} agora. "
                            "Tente novamente em alguns minutos.",
                      "en": "Sorry, I couldn't complete the request at {clinic} just now. "
                            "Please try again in a few minutes."},
    # Turns without clinic calls
    "hello": {"pt": "Olá!", "en": "Hello!"},
    "greeting": {"pt": "Olá! Sou o assistente de agendamento das nossas clínicas. Posso mostrar horários livres, "
                       "agendar, remarcar ou cancelar consultas e mostrar as suas consultas, em {specialties}. "
                       "Como posso ajudar?",
                 "en": "Hello! I'm the scheduling assistant of our clinics. I can show open slots, book, "
                       "reschedule or cancel appointments and show your appointments, in {specialties}. "
                       "How can I help?"},
    "out_of_scope": {"pt": "Desculpe, por aqui só consigo ajudar com consultas nas nossas clínicas de "
                           "{specialties}: ver horários livres, agendar, remarcar, cancelar e ver as suas "
                           "consultas. Posso ajudar com alguma dessas coisas?",
                     "en": "Sorry, here I can only help with appointments at our {specialties} clinics: "
                           "open slots, booking, rescheduling, cancelling and your appointments. Can I help "
                           "with any of these?"},
    "privacy": {"pt": "Não posso compartilhar dados de pacientes: prontuários e informações pessoais são "
                      "confidenciais (LGPD), e as ferramentas da equipe das clínicas nunca são usadas por este "
                      "chat. Posso ajudar com as suas próprias consultas: ver horários, agendar, remarcar ou "
                      "cancelar.",
                "en": "I can't share patient data: medical records and personal information are confidential "
                      "(LGPD, Brazil's data protection law), and the clinics' staff tools are never used from "
                      "this chat. I can help with your own appointments: open slots, booking, rescheduling or "
                      "cancelling."},
    "not_offered": {"pt": "Ainda não oferecemos {specialty} nas nossas clínicas. Estas são as especialidades "
                          "disponíveis:",
                    "en": "We don't offer {specialty} at our clinics. These are the specialties we have:"},
    "not_offered_short": {"pt": "Ainda não oferecemos {specialty} nas nossas clínicas; as especialidades "
                                "disponíveis são {specialties}.",
                          "en": "We don't offer {specialty} at our clinics; the specialties we have are "
                                "{specialties}."},
    "that_specialty": {"pt": "essa especialidade", "en": "that specialty"},
    "which_specialty": {"pt": "Claro! Para qual especialidade é a consulta? Temos:",
                        "en": "Of course! Which specialty is the appointment for? We have:"},
    "specialty_line": {"pt": "• {specialty} — {clinics}", "en": "• {specialty} — {clinics}"},
    "pick_specialty": {"pt": "Diga a especialidade e eu mostro os horários livres.",
                       "en": "Tell me the specialty and I'll show you the open slots."},
    "no_advice": {"pt": "Não posso dar orientação médica, diagnóstico nem indicar remédios por aqui: isso "
                        "precisa da avaliação de um médico.",
                  "en": "I can't give medical advice, a diagnosis or medication suggestions here: that needs "
                        "a doctor's assessment."},
    "suggest_specialty": {"pt": "Posso mostrar os horários livres de {specialty} para você marcar uma consulta.",
                          "en": "I can show you the open {specialty} slots so you can book an appointment."},
    "suggest_booking": {"pt": "Posso ajudar você a marcar uma consulta em {specialties}.",
                        "en": "I can help you book an appointment in {specialties}."},
    "urgent": {"pt": "Se os sintomas forem fortes ou piorarem, ligue para o SAMU (192) ou procure o "
                     "pronto-socorro mais próximo.",
               "en": "If the symptoms are severe or getting worse, call SAMU at 192 or go to the nearest "
                     "emergency room."},
    "clarify_cancel": {"pt": "Qual destas consultas você quer cancelar?",
                       "en": "Which of these appointments would you like to cancel?"},
    "clarify_reschedule": {"pt": "Qual destas consultas você quer remarcar?",
                           "en": "Which of these appointments would you like to reschedule?"},
    "clarify_choose": {"pt": "Qual destas consultas você quer dizer?",
                       "en": "Which of these appointments do you mean?"},
    "clarify_line": {"pt": "{n}. {day} às {time} — {doctor} ({clinic})",
                     "en": "{n}. {day} at {time} — {doctor} ({clinic})"},
    "clarify_doctor": {"pt": "Com qual destes médicos você quer?", "en": "Which of these doctors would you like?"},
    "doctor_line": {"pt": "{n}. {doctor} ({clinic})", "en": "{n}. {doctor} ({clinic})"},
    "reply_with_number": {"pt": "É só responder com o número.", "en": "Just reply with the number."},
    "ask_new_time": {"pt": "Para qual dia e horário você quer remarcar a consulta?",
                     "en": "What day and time would you like to move the appointment to?"},
    "ask_new_time_for": {"pt": "Para qual dia e horário você quer remarcar a consulta de {day} às {time} com "
                               "{doctor} ({clinic})?",
                         "en": "What day and time would you like to move your appointment on {day} at {time} "
                               "with {doctor} ({clinic}) to?"},
    "ask_appointment": {"pt": "Qual consulta você quer {verb}? Diga o médico, o dia e o horário, ou peça para "
                              "ver as suas consultas.",
                        "en": "Which appointment would you like to {verb}? Tell me the doctor, the day and the "
                              "time, or ask to see your appointments."},
    "verb_cancel": {"pt": "cancelar", "en": "cancel"},
    "verb_reschedule": {"pt": "remarcar", "en": "reschedule"},
    "verb_change": {"pt": "alterar", "en": "change"},
    "ask_more": {"pt": "Pode me contar um pouco mais sobre o que você precisa? Posso mostrar horários, agendar, "
                       "remarcar ou cancelar consultas.",
                 "en": "Could you tell me a bit more about what you need? I can show open slots, book, "
                       "reschedule or cancel appointments."},
}


class Wording:
    """Phrases, dates, lists and registry names in one language; `today` makes dates read 'hoje'/'amanhã'."""

    def __init__(self, language: Language, today: date, registry: ClinicRegistry):
        self.language = language
        self.today = today
        self.registry = registry

    def phrase(self, key: str, count: int = 1, **fields: object) -> str:
        """The phrase `key` filled in, in its plural form when there is one and `count` > 1."""
        plural = PHRASES.get(f"{key}_many") if count > 1 else None
        return (plural or PHRASES[key])[self.language].format(**fields)

    def say(self, key: str, count: int = 1, **fields: object) -> str:
        """A phrase that opens a sentence: its first letter upper case ('a Clínica C' -> 'A Clínica C')."""
        text = self.phrase(key, count, **fields)
        return text[:1].upper() + text[1:]

    def day(self, iso: str) -> str:
        """A date as listings show it: 'qua 25/11' / 'Wed Nov 25', plus '(amanhã)' when it is."""
        when = _parse(iso)
        if when is None:
            return iso
        if self.language == "pt":
            text = f"{_WEEKDAYS['pt'][when.weekday()]} {when:%d/%m}"
        else:
            text = f"{_WEEKDAYS['en'][when.weekday()]} {_MONTHS_EN[when.month - 1][:3]} {when.day}"
        return text + self._relative(when)

    def full_day(self, iso: str) -> str:
        """A date as confirmations show it: 'quarta-feira, 25/11/2026' / 'Wednesday, November 25, 2026'."""
        when = _parse(iso)
        if when is None:
            return iso
        weekday = _WEEKDAYS_FULL[self.language][when.weekday()]
        if self.language == "pt":
            return f"{weekday}, {when:%d/%m/%Y}{self._relative(when)}"
        return f"{weekday}, {_MONTHS_EN[when.month - 1]} {when.day}, {when.year}{self._relative(when)}"

    def join(self, items: Iterable[str], conjunction: str = "and") -> str:
        """'A', 'A e B', 'A, B e C' (or with 'ou' / 'and' / 'or')."""
        items = list(items)
        if len(items) < 2:
            return "".join(items)
        return f"{', '.join(items[:-1])} {_CONJUNCTIONS[self.language][conjunction]} {items[-1]}"

    def clinics(self, names: Iterable[str]) -> str:
        """Clinic names as a sentence's subject: 'a Clínica C e a Clínica E' / 'Clínica C and Clínica E'."""
        return self.join(self.phrase("clinic_option", clinic=name) for name in names)

    def of_doctor(self, doctor: str) -> str:
        """Portuguese 'de' contracted with the doctor's title: 'do Dr. X', 'da Dra. Y'."""
        if doctor.startswith("Dra."):
            return f"da {doctor}"
        return f"do {doctor}" if doctor.startswith("Dr.") else f"de {doctor}"

    def clinic(self, clinic_id: str) -> str:
        """The clinic's name ('Clínica A'); a name or unknown id is shown as given."""
        clinic = self.registry.get(clinic_id)
        return clinic.name if clinic else clinic_id

    def specialty(self, key: str) -> str:
        """A registry specialty's name in this language; anything else as given."""
        specialty = self.registry.specialties.get(key)
        if specialty is None:
            return key
        return specialty.name_pt if self.language == "pt" else specialty.name_en

    def specialty_of(self, clinic_id: str, fallback: str) -> str:
        """The specialty name of a registry clinic, else `fallback` (what the clinic itself said)."""
        clinic = self.registry.get(clinic_id)
        return self.specialty(clinic.specialty.key) if clinic else fallback

    def specialties(self) -> str:
        """Every specialty offered: 'Cardiologia, Dermatologia e Ortopedia'."""
        return self.join(self.specialty(key) for key in self.registry.specialties)

    def _relative(self, when: date) -> str:
        offset = (when - self.today).days
        return f" ({_TODAY_TOMORROW[self.language][offset]})" if offset in (0, 1) else ""


def _parse(iso: str) -> date | None:
    # Clinic data is checked by schema only as text; an odd date is shown as given rather than crash.
    try:
        return date.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
