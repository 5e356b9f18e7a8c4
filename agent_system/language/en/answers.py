"""English: the answers' phrases, the emergency and blocked-answer texts."""
from __future__ import annotations

PHRASES = {
    "booked_notice": "By {clinic}'s rules, cancelling or rescheduling is possible up to {hours} h before the appointment.",
    "request_callback_noun": "the callback request",
    "for_patient": " (for {name})",
    "booked_line_for": "• {day} at {time} — {doctor} ({clinic}, {specialty}) — for {patient}",
    "ask_dependant": "Got it: the appointment is for {relative}. What are {relative}'s full name and CPF? It is "
                     "booked under the name of the person who will be seen, and you can still see, reschedule "
                     "and cancel it with the booking code.",
    "ask_dependant_invalid": "That CPF is not valid (or it is yours). What are {relative}'s full name and CPF?",
    "ask_dependant_cpf": "Thanks. And what is {name}'s CPF (11 digits)?",
    "ask_dependant_name": "Thanks. And what is {relative}'s full name?",
    "ask_dependant_cpf_invalid": "That CPF is not valid (or it is yours). What is {name}'s CPF (11 digits)?",
    "for_dependant": "Noted: the next bookings in this chat are for {name}. To book for yourself, say \"for me\".",
    "person_intro": "To talk to a person, call the clinic:",
    "contact_line": "• {clinic} ({specialty}): {phone} — {hours}",
    "callback_offer": "If you'd rather have the clinic call you, tell me your phone number with area code and what "
                      "it is about (and the best time, if you like).",
    "callback_which": "To have a clinic call you, tell me which clinic, with your phone number and area code (for "
                      "example: \"Clínica A, call me at\" and the number).",
    "callback_requested": "Callback request left with {clinic} (reference {reference}). The team will call the "
                          "number you gave{best}.",
    "callback_best": ", {best}",
    "rules_line": "{clinic}'s rules: cancel or reschedule up to {hours} h before the appointment{most}.",
    "rules_most": "; at most {most} upcoming appointments per patient",
    "notice_too_short": "{clinic} only accepts cancelling or rescheduling at least {hours} hours ahead, and this "
                        "appointment ({day} at {time}) is closer than that: nothing was changed. To sort it out, "
                        "call the clinic: {phone}.",
    "too_many_bookings": "{clinic} accepts at most {most} upcoming appointments per patient, and that limit is "
                         "reached: nothing was booked. Cancel one of them or call the clinic: {phone}.",
    "too_many_callbacks": "You already asked {clinic} to call you back; the team will call. If it is urgent, "
                          "call: {phone}.",
    "identity_not_allowed": "I can only book for you or for someone you introduced in this chat, with full name "
                            "and CPF. Nothing was changed.",
    "invalid_request_callback": "I couldn't leave the callback request: check the phone number with area code "
                                "(area code and number, 10 or 11 digits).",
    "overlap_same_hour": "You already have an appointment at that time: {existing}. Do you still want to book "
                         "{slot}? Answer yes or no.",
    "overlap_same_week": "You already have a {specialty} appointment that week: {existing}. Do you still want to"
                         " book {slot}? Answer yes or no.",
    "overlap_declined": "All right, I did not book it. Your other appointments stay as they were.",
    "clinic_info": "**{clinic}** ({specialty})\nAddress: {address}\nPhone: {phone}\nOpening hours: {hours}\nHealth "
                   "plans: {plans}",
    "plan_accepted": "These clinics accept {plan}:",
    "plan_not_accepted": "None of the clinics I checked accepts {plan}.",
    "hours_weekdays": "Mon–Fri, {opens}–{closes}",
    "hours_saturday": "Sat, {opens}–{closes}",
    "hours_sunday": "Sun, {opens}–{closes}",
    "pick_check": "Counting in time order, option {position} is {day} at {time} with {doctor} ({clinic}). Shall "
                  "I book it? Answer yes or no, or tell me the doctor and time you prefer.",
    "pick_check_last": "Counting in time order, the last option is {day} at {time} with {doctor} ({clinic}). "
                       "Shall I book it? Answer yes or no, or tell me the doctor and time you prefer.",
    "which_day": "The date and the weekday don't match. Do you mean {said} or {named}? Tell me which and I'll go on.",
    "slot_offer": "The slot on {day} at {time} with {doctor} ({clinic}) is free. Shall I book it? Answer yes or no.",
    "slot_not_free": "The slot on {day} at {time} with {doctor} is not free.",
    "which_slot": "Sure! Which of the listed times would you like? Tell me the doctor, the day and the time (for "
                  "example, \"{doctor}, {day} at {time}\"), or say \"the first one\" for the earliest.",
    "no_prices": "Visit prices (private or through a health plan) are not part of the clinics' information, so I "
                 "can't tell you the cost. The clinic itself can, by phone:",
    "phone_line": "• {clinic} ({specialty}): {phone}",
    "offer_slots": "If you like, I can show you the open slots.",
    "pick_declined": "All right, I did not book it. Tell me the doctor and time you prefer.",
    "info_unavailable": "{who} did not answer right now; try again in a few minutes.",
    "info_unavailable_many": "{who} did not answer right now; try again in a few minutes.",
    "listing_intro": "Here are the open slots in {specialties}:",
    "earliest": "**Earliest slot: {day} at {time} with {doctor} ({clinic})**",
    "earliest_in": "**Earliest {specialty} slot: {day} at {time} with {doctor} ({clinic})**",
    "how_to_book": "To book, tell me the doctor, the day and the time, or pick a slot above.",
    "how_to_reschedule": "To reschedule, tell me which of the slots above you prefer.",
    "none_at": "There are no open slots at {clinic}{filter}.",
    "filter_doctor": " with {doctor}",
    "filter_on": " on {day}",
    "filter_between": " between {start} and {end}",
    "filter_from": " from {start}",
    "filter_until": " until {end}",
    "filter_window": " in the next two weeks",
    "try_options": "Would you like to try {options}?",
    "try_which": "Sure! Which would you like: {options}? Just say which, for example “another day”.",
    "another_day": "another day",
    "another_doctor": "another doctor",
    "clinic_option": "{clinic}",
    "specialty_empty": "Right now there are no open {specialty} slots in the next two weeks. Please try again "
                       "later.",
    "none_in_day_part": "There are no open {specialty} slots{filter}. Would you like another time of day or "
                        "another day?",
    "filter_morning": " in the morning",
    "filter_afternoon": " in the afternoon",
    "filter_evening": " in the evening",
    "unavailable_shown": "{who} did not respond just now; I've shown the other clinics' slots.",
    "unavailable_shown_many": "{who} did not respond just now; I've shown the other clinics' slots.",
    "unavailable_retry": "Sorry, {who} did not respond just now. Please try again in a few minutes.",
    "unavailable_retry_many": "Sorry, {who} did not respond just now. Please try again in a few minutes.",
    "unavailable_appointments": "{who} did not respond just now; I've shown your appointments at the other "
                                "clinics.",
    "unavailable_appointments_many": "{who} did not respond just now; I've shown your appointments at the other "
                                     "clinics.",
    "unavailable_action": "Sorry, {clinic} did not respond just now, so I couldn't confirm {action}. In a few "
                          "minutes, ask for the same again: if it went through, I'll confirm it without doing it "
                          "twice.",
    "book_appointment_noun": "the booking",
    "reschedule_appointment_noun": "the change",
    "cancel_appointment_noun": "the cancellation",
    "appointment": "{clinic} — {doctor}, {when}",
    "when": "{day}, at {time}",
    "booked": "Appointment confirmed! {appointment}. Booking code: {code}. Keep the code: you will need it to "
              "reschedule or cancel.",
    "moved_from": "Appointment moved. Was: {appointment}.",
    "moved_to": "Now: {appointment}. Booking code: {code}.",
    "already_booked": "You already have this appointment: {appointment}.",
    "rescheduled": "Appointment rescheduled! {clinic} — {doctor}: from {old} to {new}.",
    "cancelled": "Appointment cancelled: {appointment}. If you'd like another time, just tell me.",
    "my_intro": "Here are your upcoming appointments:",
    "booked_line": "• {day} at {time} — {doctor} ({clinic}, {specialty})",
    "none_on_the_day": "Among the appointments this chat knows, there is none on {days}.",
    "no_appointments": "For your security, I only show the appointments whose booking code this chat knows (those"
                       " booked on this device, for example). To see one, type its booking code (6 "
                       "characters, given when it was booked) or call the clinic; I can give you the phone "
                       "number.",
    "my_next": "If you'd like to reschedule or cancel one, just let me know.",
    "which_cancel": "Which one would you like to cancel? Tell me the doctor, the day and the time.",
    "ask_confirm_cancel": "Shall I cancel this appointment? {appointment}. Please answer yes or no.",
    "ask_confirm_reschedule": "Shall I move it? {clinic} — {doctor}: from {old} to {new}. Please answer yes or "
                              "no.",
    "ask_code_cancel": "To cancel this appointment I need its booking code (6 characters, given when it was "
                       "booked): {appointment}. Send the code to confirm, or answer no to keep it. Without the "
                       "code, please contact {clinic} directly.",
    "ask_code_reschedule": "To move it ({clinic} — {doctor}: from {old} to {new}) I need the booking code (6 "
                           "characters, given when it was booked). Send the code to confirm, or answer no to "
                           "keep it as it is. Without the code, please contact {clinic} directly.",
    "already_booked_note": "Your appointment is already confirmed: {appointment}. Can I help with anything else?",
    "kept_all": "All right, nothing was changed: your appointments stay as they are.",
    "kept": "All right, nothing was changed: your appointment stays as it was ({appointment}).",
    "confirm_cancel": "Is this the appointment you want to cancel? If so, just confirm.",
    "which_reschedule": "Which one would you like to reschedule, and to what day and time?",
    "which_reschedule_known": "Which one would you like to reschedule?",
    "confirm_reschedule": "Is this the appointment you want to reschedule? If so, just confirm.",
    "when_reschedule": "What day and time would you like to move it to?",
    "slot_taken": "That slot is no longer free. Would you like to see the open slots for {doctor}?",
    "schedule_not_open": "The schedule{of_doctor} is not open yet for {day}: the clinics open slots {days} days "
                         "ahead, so today you can book up to {last}.",
    "slot_not_found": "I couldn't find that slot in {doctor}'s schedule ({day} at {time}). Would you like to see"
                      " the open slots?",
    "slot_in_past": "That time ({day} at {time}) has already passed. Would you like to see the next open slots "
                    "for {doctor}?",
    "appointment_not_found": "I couldn't find an appointment under your details with {doctor} on {day} at "
                             "{time}, or the booking code does not match. Please check the code, or ask to see "
                             "your appointments.",
    # An identity refusal names no clinic and reads the same for a name bound elsewhere and a locked one:
    # which clinic knows a CPF is nobody's business but the patient's.
    "identity_mismatch": "I couldn't book with the details of this chat. Check that your full name is written "
                         "as at your first appointment and start a new chat, or call the clinic.",
    "clinic_busy": "{clinic}'s schedule was busy and nothing was changed. Please try again in a moment.",
    "write_not_requested": "I made no change, as I didn't read a request for one. If you'd like to book, just "
                           "ask (for example: \"book {doctor} on {day} at {time}\").",
    "not_confirmed": "Nothing was changed: cancellations and reschedules only happen after you confirm the exact"
                     " appointment. Tell me which one and I'll ask you to confirm.",
    "appointment_in_past": "That appointment ({day} at {time}) has already passed, so it can no longer be "
                           "changed. Would you like to see your upcoming appointments?",
    "same_slot": "The new time is the same as the current appointment. What other day and time would you like?",
    "unknown_doctor": "I couldn't find {doctor} at {clinic}. Its doctors are {doctors}. Which one would you like?",
    "invalid_list_available_slots": "I couldn't understand the date. Could you tell me the day again (for "
                                    "example, Nov 25)?",
    "invalid_book_appointment": "To book, I need the doctor, the day and the time (for example, Nov 25 at "
                                "09:00). Could you tell me?",
    "invalid_reschedule_appointment": "To reschedule, I need the current appointment and the new day and time. "
                                      "Could you tell me?",
    "invalid_cancel_appointment": "To cancel, I need the doctor, the day and the time of the appointment. Could "
                                  "you tell me?",
    "generic_error": "Sorry, I couldn't complete the request at {clinic} just now. Please try again in a few "
                     "minutes.",
    "dispatch_refused": "The clinic declined the request.",
    "dispatch_failed": "The clinic did not answer.",
    "booking_codes": "The booking code of your appointment from this chat:",
    "booking_codes_many": "The booking codes of your appointments from this chat:",
    "booking_code_line": "• {code} — {booking}",
    "booking_code_unknown": "I don't have any booking code in this chat: for your security, I only show the code of "
                            "appointments booked or rescheduled here. The code (6 characters) came in the "
                            "appointment's confirmation message; if you can't find it, the clinic can help by phone.",
    "closing": "You're welcome! If you need anything else, just ask.",
    "hello": "Hello!",
    "greeting": "Hello! I'm the scheduling assistant of our clinics. I can show open slots, book, reschedule or "
                "cancel appointments and show your appointments, in {specialties}. How can I help?",
    "out_of_scope": "Sorry, here I can only help with appointments at our {specialties} clinics: open slots, "
                    "booking, rescheduling, cancelling and your appointments. Can I help with any of these?",
    "privacy": "I can't share patient data: medical records and personal information are confidential (LGPD, "
               "Brazil's data protection law), and the clinics' staff tools are never used from this chat. I can"
               " help with your own appointments: open slots, booking, rescheduling or cancelling.",
    "not_offered": "We don't offer {specialty} at our clinics. These are the specialties we have:",
    "not_offered_short": "We don't offer {specialty} at our clinics; the specialties we have are {specialties}.",
    "that_specialty": "that specialty",
    "which_specialty": "Of course! Which specialty is the appointment for? We have:",
    "specialty_line": "• {specialty} — {clinics}",
    "pick_specialty": "Tell me the specialty and I'll show you the open slots.",
    "no_advice": "I can't give medical advice, a diagnosis or medication suggestions here: that needs a doctor's"
                 " assessment.",
    "suggest_specialty": "I can show you the open {specialty} slots so you can book an appointment.",
    "suggest_booking": "I can help you book an appointment in {specialties}.",
    "urgent": "If the symptoms are severe or getting worse, call SAMU at 192 or go to the nearest emergency room.",
    "clarify_cancel": "Which of these appointments would you like to cancel?",
    "clarify_reschedule": "Which of these appointments would you like to reschedule?",
    "clarify_choose": "Which of these appointments do you mean?",
    "clarify_line": "{n}. {day} at {time} — {doctor} ({clinic})",
    "clarify_doctor": "Which of these doctors would you like?",
    "doctor_line": "{n}. {doctor} ({clinic})",
    "reply_with_number": "Just reply with the number.",
    "ask_appointment": "Which appointment would you like to {verb}? Tell me the doctor, the day and the time, or"
                       " ask to see your appointments.",
    "verb_cancel": "cancel",
    "verb_reschedule": "reschedule",
    "ask_more": "Could you tell me a bit more about what you need? I can show open slots, book, reschedule or "
                "cancel appointments.",
}

EMERGENCY = {
    "doubt_opening": "First: if someone is in danger right now, don't wait for an appointment.",
    "doubt_question": "Is someone in danger right now? If so, answer \"yes\" and I'll tell you who to call.",
    "opening": "This may be an emergency. Get help now.",
    "opening_suicide": "I'm sorry you're going through this. You don't have to face it alone.",
    "samu": "Call SAMU now: 192.",
    "samu_danger": "If there is immediate danger or someone is already hurt, call SAMU: 192.",
    "firefighters": "If there is fire, smoke, an electric shock, a crash or someone trapped: Fire Department "
                    "(Bombeiros), 193.",
    "cvv": "Call CVV: 188 (free, 24 hours), or chat at cvv.org.br.",
    "intoxication": "Poison line (Disque-Intoxicação): 0800 722 6001 (24 hours).",
    "opening_violence": "The safety of whoever is in danger comes first.",
    "police": "If there is danger now, call the Police (Polícia Militar): 190.",
    "samu_hurt": "If anyone is hurt, or after sexual violence, call SAMU: 192.",
    "women_line": "Women's helpline (Central de Atendimento à Mulher): 180 (free, 24 hours, confidential).",
    "rights_line": "Violence against a child, a teenager, an older person or a person with a disability: "
                   "Disque 100 (24 hours, can be anonymous).",
    "opening_distress": "If this is an emergency, get help now.",
    "ask_distress": "If you can, tell me what is happening. If it is not an emergency, I can show open slots, "
                    "book, reschedule or cancel appointments.",
    "help_called": "Good that you have already called for help or are somewhere safe. Follow what you are told, "
                   "and call again if anything changes or gets worse. I'm still here if you need me; when things are "
                   "okay, I can help you book a follow-up appointment.",
    "stay_safe": "If you can, get to a safe place or near someone you trust, without putting yourself at risk.",
    "er": "Or go to the nearest emergency room (pronto-socorro or UPA) now, without driving yourself.",
    "stay": "Stay with the person until help arrives.",
    "stay_suicide": "Please don't stay alone: ask someone you trust to be with you.",
    "later": "I won't schedule anything right now. When things are okay, I can help you book a follow-up "
             "appointment.",
}

BLOCKED_NOTES = {
    "privacy": "Sorry, I can't show this answer, to protect other people's privacy. Please try again or contact "
               "the clinic directly.",
    "medical": "Sorry, I can't show this answer because it contained unverified medical advice. For questions "
               "about symptoms or medicines, please talk to a doctor; I can help you book a visit.",
    "both": "Sorry, I can't show this answer: it contained other people's data and unverified medical advice. "
            "Please contact the clinic, or a doctor for health questions.",
    "unsafe": "Sorry, I can't show this answer because it did not pass our safety check. Please try again or "
              "contact the clinic directly.",
}
