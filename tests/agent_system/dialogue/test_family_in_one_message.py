"""A booking for a relative when the relative is named in the request itself, when a listed slot is picked "for
my dad", and inside a message that also asks for a listing: held under the relative's name and CPF, nothing
under the patient's own, and the patient's own CPF refused as the relative's. Pipeline and real clinics."""
from __future__ import annotations

from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, call_tool, give_back, make_cpf, run_turn


def test_the_relative_named_in_the_request_is_booked_at_once(pipeline, new_conversation, clinics):
    own, son = normalize_cpf(make_cpf(97301)), normalize_cpf(make_cpf(97302))
    conversation = new_conversation("Marta Duarte Lins", own)
    _, answer = run_turn(pipeline, conversation, "marca com o dr eduardo nunes dia 3/12 as 8h30 pro meu filho, "
                                                 f"ele se chama Caio Duarte Lins, cpf {son}")
    assert [a.patient for a in answer.appointments] == ["Caio Duarte Lins"]
    assert all_store_bookings(clinics, son) == [("clinic_f", "Dr. Eduardo Nunes", "2026-12-03", "08:30")]
    assert all_store_bookings(clinics, own) == []


def test_the_patients_own_cpf_given_as_the_relatives_is_refused(pipeline, new_conversation, clinics):
    own = normalize_cpf(make_cpf(97303))
    conversation = new_conversation("Marta Duarte Lins", own)
    _, answer = run_turn(pipeline, conversation, "Eduardo Nunes 3 Dec 11:30am for my mom please, "
                                                 f"her name is Rita Duarte Lins, CPF {own}")
    assert "not valid" in answer.text and not answer.appointments
    assert all_store_bookings(clinics, own) == [] and conversation.patient.dependants == []


def test_a_listed_slot_picked_for_a_relative_is_booked_once_they_are_named(pipeline, new_conversation, clinics):
    own, dad = normalize_cpf(make_cpf(97304)), normalize_cpf(make_cpf(97305))
    conversation = new_conversation("Marta Duarte Lins", own)
    run_turn(pipeline, conversation, "show me Dr. Fernando Mendes on Friday December 4")
    _, asked = run_turn(pipeline, conversation, "the 11 AM one, it's for my dad")
    assert "CPF" in asked.text and all_store_bookings(clinics, own) == []
    _, booked = run_turn(pipeline, conversation, f"his name is Jorge Duarte Lins, CPF {dad}")
    assert [a.patient for a in booked.appointments] == ["Jorge Duarte Lins"]
    assert all_store_bookings(clinics, dad) == [("clinic_c", "Dr. Fernando Mendes", "2026-12-04", "11:00")]


def test_a_relatives_booking_and_a_listing_in_one_message_do_both(pipeline, new_conversation, clinics):
    own, mom = normalize_cpf(make_cpf(97306)), normalize_cpf(make_cpf(97307))
    conversation = new_conversation("Marta Duarte Lins", own)
    run_turn(pipeline, conversation, "marcelo tavares quarta 25 17h pra minha mae, e quero ver dermato na sexta 4")
    _, answer = run_turn(pipeline, conversation, f"Rita Duarte Lins cpf {mom}")
    assert all_store_bookings(clinics, mom) == [("clinic_d", "Dr. Marcelo Tavares", "2026-11-25", "17:00")]
    assert answer.slots and {s.clinic for s in answer.slots} <= {"clinic_b", "clinic_f"}
    assert {s.date for s in answer.slots} == {"2026-12-04"}


def test_the_slot_said_while_the_name_is_awaited_is_kept_for_the_relative(pipeline, new_conversation, clinics):
    own, dad = normalize_cpf(make_cpf(97308)), normalize_cpf(make_cpf(97309))
    conversation = new_conversation("Marta Duarte Lins", own)
    run_turn(pipeline, conversation, "preciso de ortopedista pro meu pai")
    _, asked_again = run_turn(pipeline, conversation, "rafael moreira, qui 26, 16h")
    assert "CPF" in asked_again.text and all_store_bookings(clinics, own) == []
    run_turn(pipeline, conversation, f"Jorge Duarte Lins {dad}")
    assert all_store_bookings(clinics, dad) == [("clinic_e", "Dr. Rafael Moreira", "2026-11-26", "16:00")]


def _free_slot(clinics, clinic: str, doctor: str) -> dict:
    """A free slot of the doctor; the test gives it back, as the clinics serve the whole test session."""
    return call_tool(clinics.url(clinic), "list_available_slots",
                     {"doctor": doctor})["structuredContent"]["available_slots"][-1]


def test_the_name_given_with_the_rest_of_the_request_books_that_slot(pipeline, new_conversation, clinics):
    own, wife = normalize_cpf(make_cpf(97330)), normalize_cpf(make_cpf(97331))
    slot = _free_slot(clinics, "clinic_e", "Dr. Rafael Moreira")
    day = int(slot["date"][-2:])
    conversation = new_conversation("Otávio Brandão Leme", own)
    try:
        _, asked = run_turn(pipeline, conversation, "preciso de ortopedia pra minha esposa")
        assert "CPF" in asked.text
        run_turn(pipeline, conversation, f"O nome dela é Lívia Prates Leme, CPF {wife}. Pode ser com o Dr. Rafael "
                                         f"Moreira no dia {day}, às {slot['time']}.")
        assert all_store_bookings(clinics, wife) == [("clinic_e", "Dr. Rafael Moreira", slot["date"], slot["time"])]
        assert all_store_bookings(clinics, own) == []
    finally:
        give_back(clinics, conversation)


def test_a_pronoun_before_the_name_is_not_part_of_it(pipeline, new_conversation, clinics):
    own, dad = normalize_cpf(make_cpf(97332)), normalize_cpf(make_cpf(97333))
    slot = _free_slot(clinics, "clinic_b", "Dr. Paulo Henrique Lima")
    conversation = new_conversation("Otávio Brandão Leme", own)
    hour = int(slot["time"][:2])
    spoken = f"{hour - 12 if hour > 12 else hour}:{slot['time'][3:]} {'pm' if hour >= 12 else 'am'}"
    try:
        run_turn(pipeline, conversation, "I need a dermatology appointment for my dad")
        run_turn(pipeline, conversation, f"He's Abel Prates Leme, CPF {dad}")
        _, booked = run_turn(pipeline, conversation, f"Dr. Paulo Henrique Lima on {slot['date']} at {spoken} works")
        assert [a.patient for a in booked.appointments] == ["Abel Prates Leme"]
        assert all_store_bookings(clinics, dad) == [("clinic_b", "Dr. Paulo Henrique Lima", slot["date"], slot["time"])]
    finally:
        give_back(clinics, conversation)
