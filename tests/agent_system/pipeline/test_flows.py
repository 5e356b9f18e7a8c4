"""Multi-turn conversations end to end: pipeline -> router -> real clinic processes, store checked each step."""
from __future__ import annotations

import json

from tests.support import all_store_bookings, call_tool, make_cpf, page_codes, run_turn


def bookings(clinics, cpf):
    """The patient's bookings across the six clinics, straight from the stores."""
    return all_store_bookings(clinics, cpf)


def asks_to_confirm(pipeline, conversation, message, action):
    """A cancel or reschedule request: no write yet, the answer asks for a yes."""
    events, answer = run_turn(pipeline, conversation, message)
    assert steps(events) == [] and answer.confirm is not None and answer.confirm.action == action, answer.text
    return answer


def steps(events):
    plan = next(e for e in events if e.type == "plan")
    return [(s["clinic"], s["action"]) for s in plan.steps]


def assert_safe(events):
    verdicts = [e for e in events if e.type == "verification"]
    assert verdicts and all(v.safe for v in verdicts), [v.note for v in verdicts]


def test_portuguese_list_book_reschedule_cancel(pipeline, clinics, new_conversation):
    cpf = make_cpf(101)
    conversation = new_conversation("Ana Paula Teixeira", cpf.replace(".", "").replace("-", ""))
    digits = conversation.patient.cpf

    events, answer = run_turn(pipeline, conversation, "Quero marcar uma consulta com cardiologista")
    assert steps(events) == [("clinic_a", "list_available_slots"), ("clinic_c", "list_available_slots")]
    assert {s.clinic for s in answer.slots} == {"clinic_a", "clinic_c"}
    earliest = min(answer.slots, key=lambda s: (s.date, s.time))
    assert_safe(events)

    events, answer = run_turn(pipeline, conversation, "Quero o mais cedo")
    assert steps(events) == [(earliest.clinic, "book_appointment")]
    assert [(a.status, a.doctor, a.date, a.time) for a in answer.appointments] == \
        [("confirmed", earliest.doctor, earliest.date, earliest.time)]
    assert bookings(clinics, digits) == [(earliest.clinic, earliest.doctor, earliest.date, earliest.time)]
    assert_safe(events)

    free = call_tool(clinics.url(earliest.clinic), "list_available_slots", {"doctor": earliest.doctor})
    target = free["structuredContent"]["available_slots"][-1]
    day, month = target["date"][8:], target["date"][5:7]
    asks_to_confirm(pipeline, conversation, f"Preciso remarcar para {day}/{month} às {target['time']}", "reschedule")
    assert bookings(clinics, digits) == [(earliest.clinic, earliest.doctor, earliest.date, earliest.time)]
    events, answer = run_turn(pipeline, conversation, "sim")
    assert steps(events) == [(earliest.clinic, "reschedule_appointment")]
    assert bookings(clinics, digits) == [(earliest.clinic, earliest.doctor, target["date"], target["time"])]
    assert_safe(events)

    asks_to_confirm(pipeline, conversation, "Quero cancelar a minha consulta", "cancel")
    events, answer = run_turn(pipeline, conversation, "não")
    assert steps(events) == [] and "continua marcada" in answer.text
    assert bookings(clinics, digits) == [(earliest.clinic, earliest.doctor, target["date"], target["time"])]
    asks_to_confirm(pipeline, conversation, "Quero cancelar a minha consulta", "cancel")
    events, answer = run_turn(pipeline, conversation, "sim")
    assert steps(events) == [(earliest.clinic, "cancel_appointment")]
    assert bookings(clinics, digits) == []
    assert [a.status for a in answer.appointments] == ["cancelled"]
    assert_safe(events)


def test_english_list_book_reschedule_cancel(pipeline, clinics, new_conversation):
    conversation = new_conversation("John Carter Silva", make_cpf(102).replace(".", "").replace("-", ""))
    digits = conversation.patient.cpf

    events, answer = run_turn(pipeline, conversation, "I need a dermatologist, what slots are available?")
    assert steps(events) == [("clinic_b", "list_available_slots"), ("clinic_f", "list_available_slots")]
    second = sorted(answer.slots, key=lambda s: (s.date, s.time, s.clinic, s.doctor))[1]

    # Two doctors were listed: "the second one" is counted in time order and waits for a yes.
    events, answer = run_turn(pipeline, conversation, "I'll take the second one")
    assert steps(events) == [] and bookings(clinics, digits) == []
    assert second.doctor in answer.text and second.time in answer.text
    events, answer = run_turn(pipeline, conversation, "yes")
    assert steps(events) == [(second.clinic, "book_appointment")]
    assert bookings(clinics, digits) == [(second.clinic, second.doctor, second.date, second.time)]
    assert second.doctor in answer.text and second.time in answer.text

    events, answer = run_turn(pipeline, conversation, "Can I reschedule my appointment?")
    assert steps(events) == [(second.clinic, "list_available_slots")]
    new = next(s for s in answer.slots if (s.date, s.time) != (second.date, second.time))
    asks_to_confirm(pipeline, conversation, f"Move it to {new.date} at {new.time}", "reschedule")
    events, answer = run_turn(pipeline, conversation, "yes")
    assert steps(events) == [(second.clinic, "reschedule_appointment")]
    assert bookings(clinics, digits) == [(second.clinic, second.doctor, new.date, new.time)]

    asks_to_confirm(pipeline, conversation, "Please cancel my appointment", "cancel")
    events, answer = run_turn(pipeline, conversation, "yes")
    assert steps(events) == [(second.clinic, "cancel_appointment")]
    assert bookings(clinics, digits) == []
    assert_safe(events)


def test_a_new_session_cancels_an_earlier_booking_through_my_appointments(pipeline, clinics, new_conversation):
    digits = make_cpf(103).replace(".", "").replace("-", "")
    first = new_conversation("Carla Mendes Rocha", digits)
    _, listing = run_turn(pipeline, first, "horários de ortopedia")
    _, booked = run_turn(pipeline, first, "o primeiro")
    slot = booked.appointments[0]
    assert bookings(clinics, digits) == [(slot.clinic, slot.doctor, slot.date, slot.time)]

    later = new_conversation("Carla Mendes Rocha", digits, page_codes(first))  # the same device, a new session
    events, answer = run_turn(pipeline, later, "quero cancelar minha consulta")
    assert steps(events) == [(c, "list_my_appointments") for c in sorted(clinics.ports)]
    assert [(a.doctor, a.date, a.time) for a in answer.appointments] == [(slot.doctor, slot.date, slot.time)]
    # This chat did not make the booking: a yes is not enough, the booking code is asked for.
    answer = asks_to_confirm(pipeline, later, "sim", "cancel")
    assert "código" in answer.text
    asks_to_confirm(pipeline, later, "sim", "cancel")
    assert bookings(clinics, digits) == [(slot.clinic, slot.doctor, slot.date, slot.time)]
    events, answer = run_turn(pipeline, later, f"o código é {slot.code}")
    assert steps(events) == [(slot.clinic, "cancel_appointment")]
    assert bookings(clinics, digits) == []


def test_clicking_a_listed_slot_books_it(pipeline, clinics, new_conversation):
    digits = make_cpf(104).replace(".", "").replace("-", "")
    conversation = new_conversation("Bruno Lima Souza", digits)
    _, answer = run_turn(pipeline, conversation, "horários da Dra. Ana Beatriz")
    slot = answer.slots[2]
    day = f"{slot.date[8:]}/{slot.date[5:7]}/{slot.date[:4]}"
    events, answer = run_turn(pipeline, conversation, f"Quero agendar com {slot.doctor} no dia {day} às {slot.time}")
    assert steps(events) == [("clinic_a", "book_appointment")]
    assert bookings(clinics, digits) == [("clinic_a", slot.doctor, slot.date, slot.time)]


def test_no_full_cpf_in_events_or_logs(pipeline, new_conversation, caplog):
    digits = make_cpf(105).replace(".", "").replace("-", "")
    formatted = f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"
    conversation = new_conversation("Paula Nunes Freitas", digits)
    caplog.set_level("DEBUG")
    seen = []
    for message in ("cardiologia", "o primeiro", "minhas consultas", "quero cancelar", "sim",
                    f"meu cpf é {formatted}, cancela tudo", "agendar com Dr. House amanhã às 25h"):
        events, _ = run_turn(pipeline, conversation, message)
        seen += [json.dumps(e.payload(), ensure_ascii=False) for e in events]
    text = "\n".join(seen) + "\n".join(r.getMessage() for r in caplog.records)
    assert digits not in text and formatted not in text
