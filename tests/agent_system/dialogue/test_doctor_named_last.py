"""After a request for one doctor that booked nothing, the next short message is about that doctor, not about the
doctor of an older listing: "same time but Thursday" offers that doctor's slot for a yes, and a bare yes to "try
another day?" shows that doctor's open slots. Also: own bookings and relatives asked for in new words. Real clinics
for the outcomes, read from the stores.
"""
from __future__ import annotations

import pytest

from agent_system.language.text import normalize
from agent_system.dialogue.reading import asks
from agent_system.dialogue.reading.family import relation_in
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import all_store_bookings, give_back, make_cpf, run_turn


@pytest.mark.parametrize(("number", "turns", "again", "yes", "booked"), [
    (97621, ["o dr rafael moreira tem vaga na quinta 26?", "marca com a dra mariana alves quarta 25 as 9h"],
     "msm horario mas na sexta entao", "sim", ("clinic_f", "Dra. Mariana Alves", "2026-11-27", "09:00")),
    (97622, ["what does Dr. Fernando Mendes have on Friday?", "Book Dra. Camila Rocha on Tuesday November 24 at 3 PM"],
     "same time but Thursday", "yes", ("clinic_b", "Dra. Camila Rocha", "2026-11-26", "15:00")),
])
def test_same_time_another_day_is_the_doctor_named_last(pipeline, new_conversation, clinics, number, turns, again,
                                                        yes, booked):
    conversation = new_conversation("Bruna Teles Amaral", normalize_cpf(make_cpf(number)))
    try:
        for turn in turns:
            run_turn(pipeline, conversation, turn)
        _, offered = run_turn(pipeline, conversation, again)
        assert offered.confirm is not None and offered.confirm.action == "book"
        assert all_store_bookings(clinics, conversation.patient.cpf) == []  # offered, not booked
        run_turn(pipeline, conversation, yes)
        assert all_store_bookings(clinics, conversation.patient.cpf) == [booked]
    finally:
        give_back(clinics, conversation)


@pytest.mark.parametrize(("number", "failed", "yes", "doctor"), [
    (97623, "marca com a dra camila rocha terça 24 as 15h", "sim", "Dra. Camila Rocha"),
    (97624, "book Dr. Marcelo Tavares on Tuesday the 24th at 10 AM", "yes", "Dr. Marcelo Tavares"),
])
def test_a_bare_yes_to_another_day_lists_that_doctor(pipeline, new_conversation, clinics, number, failed, yes, doctor):
    conversation = new_conversation("Bruna Teles Amaral", normalize_cpf(make_cpf(number)))
    run_turn(pipeline, conversation, failed)
    _, listed = run_turn(pipeline, conversation, yes)
    assert listed.slots and {s.doctor for s in listed.slots} == {doctor}
    assert all_store_bookings(clinics, conversation.patient.cpf) == []


@pytest.mark.parametrize("text", ["tenho algo pra segunda?", "remind me when I'm seeing the skin doctor",
                                  "e a do ortopedista, q horas q é mesmo?", "which clinic was it again?",
                                  "a da pele, era q dia mesmo?", "what time did I book with the dermatologist?",
                                  "em qual clínica eu vou na quarta?", "where do I need to go on Monday?",
                                  "when's my skin appointment?", "como ficou minha agenda?", "what's booked for me?",
                                  "is my cardiology thing on wednesday?", "meu horario de segunda é que horas?"])
def test_own_bookings_asked_by_context(text):
    assert asks.MY_APPOINTMENTS.search(normalize(text))


@pytest.mark.parametrize(("text", "relation"), [
    ("put my grandson in the 11:30", "grandson"), ("bota minha sogra no das 9", "sogra"),
    ("book my cousin with Dr. Fernando Mendes", "cousin"), ("it's for my mother-in-law", "mother-in-law"),
    ("meu primo precisa de um dermato", "primo"), ("put me in the 11:30", None),
    ("can you book my boy in with Dr Ricardo", "boy"), ("for my elderly mother", "mother"), ("i have a boy", None),
])
def test_relatives_in_new_words(text, relation):
    assert relation_in(normalize(text)) == relation


# A word between the relative and the need ("meu pai também precisa"), or the relative named first and the
# appointment asked "for him" later in the same sentence: still whom the appointment is for.
@pytest.mark.parametrize(("text", "relation"), [
    ("e meu pai tb precisa de um ortopedista, consegue ver pra ele na sexta?", "pai"),
    ("minha mãe também quer marcar com a cardio", "mae"), ("minha sogra tá precisando de dermato", "sogra"),
    ("meu filho ainda precisa de uma consulta de ortopedia", "filho"), ("my dad also needs a heart doctor", "dad"),
    ("my wife really needs to see a dermatologist this week", "wife"), ("my mom still needs her checkup", "mom"),
    ("meu marido machucou o joelho, tem ortopedista pra ele amanhã?", "marido"),
    ("my brother hurt his back, is there an orthopedist for him on friday?", "brother"),
    ("meu pai tb é médico, quero marcar cardio pra mim", None), ("meu filho caiu ontem. ele tá bem", None),
])
def test_relatives_with_a_word_between_or_named_before_a_pronoun(text, relation):
    assert relation_in(normalize(text)) == relation


@pytest.mark.parametrize("text", ["quais horarios tem a dra camila?", "what times does Dr. Ricardo have on Friday?",
                                  "when is the next opening with the skin doctor?"])
def test_open_slots_asked_about_stay_listings(text):
    assert not asks.MY_APPOINTMENTS.search(normalize(text))
