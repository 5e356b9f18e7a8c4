"""No overlapping bookings: a booking in the same hour, or a second one of a specialty in a week, waits for a yes."""
from __future__ import annotations

from datetime import date

import pytest

from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from agent_system.dialogue.reading.federation_words import FederationWords
from agent_system.dialogue.reading.reading import read
from agent_system.dialogue.reading.vocabulary import DoctorIndex
from clinic_servers.contract.registry import ClinicRegistry
from tests.agent_system.pipeline.test_flows import bookings
from tests.support import give_back, make_cpf, run_turn


def digits(cpf: str) -> str:
    return cpf.replace(".", "").replace("-", "")


def test_a_booking_in_the_same_hour_elsewhere_waits_for_yes(pipeline, clinics, new_conversation):
    cpf = make_cpf(130)
    conversation = new_conversation("Ana Paula Teixeira", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 09:00")
    _, held = run_turn(pipeline, conversation, "Quero agendar com Dr. Marcelo Tavares no dia 30/11/2026 às 09:30")
    assert "09:00" in held.text and "sim ou não" in held.text and held.appointments == []
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "09:00")]
    _, booked = run_turn(pipeline, conversation, "sim")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "09:00"),
                                      ("clinic_d", "Dr. Marcelo Tavares", "2026-11-30", "09:30")]
    give_back(clinics, conversation)


def test_a_second_cardiology_booking_in_a_week_can_be_declined(pipeline, clinics, new_conversation):
    cpf = make_cpf(131)
    conversation = new_conversation("Bruno Dias Costa", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 08:00")
    _, held = run_turn(pipeline, conversation, "Book with Dra. Juliana Castro on 2026-12-03 at 08:00")
    assert held.lang == "en" and "Cardiology appointment that week" in held.text
    _, declined = run_turn(pipeline, conversation, "não")
    assert "não marquei" in declined.text
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "08:00")]
    _, later = run_turn(pipeline, conversation, "sim")  # nothing is held any more: no booking from a stray yes
    assert later.appointments == []
    assert len(bookings(clinics, cpf)) == 1
    give_back(clinics, conversation)


def test_a_booking_far_from_the_others_is_made_at_once(pipeline, clinics, new_conversation):
    cpf = make_cpf(132)
    conversation = new_conversation("Carla Nunes Prado", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 14:00")
    _, booked = run_turn(pipeline, conversation, "Quero agendar com Dra. Camila Rocha no dia 30/11/2026 às 09:00")
    assert [a.status for a in booked.appointments] == ["confirmed"]
    assert len(bookings(clinics, cpf)) == 2
    give_back(clinics, conversation)


# A booking request that itself says it is one more ("também", "another appointment") answers the
# question the guard would ask: the patient knows of the other booking and wants both. Negated, or a
# plain request, it answers nothing.
ADDS = [
    "marca tambem com a Dra. Juliana Castro na quinta às 11h",
    "Quero agendar também com o Dr. Paulo Henrique Lima sexta 15h30",
    "pode marcar mais uma consulta com a Dra. Mariana Alves dia 01/12 às 14h?",
    "quero outra consulta, com o Dr. Fernando Mendes na sexta às 10h",
    "além da que já tenho, marca com a Dra. Luciana Freitas sexta às 15h",
    "agenda tbm c a Dra Patricia sexta 9h pfv",
    "Não, marca também a Dra. Juliana na quinta às 9h30",
    "quero marcar no dia 04/12 também, com a Dra. Patrícia às 9h",
    "Please also book Dr. Rafael Moreira on Thursday at 10 AM",
    "Book Dra. Mariana Alves for Tuesday Dec 1, 2 PM, as well",
    "I'd like another appointment with Dr. Paulo Henrique Lima on Friday at 1 PM",
    "Book one more appointment with Dra. Camila Rocha on Monday at 10",
    "Schedule Dr. Eduardo Nunes on Wednesday at 1 PM too.",
]
ADDS_NOTHING = [
    "Quero agendar com a Dra. Juliana Castro na quinta às 11h",
    "não quero outra consulta, só essa com a Dra. Juliana na quinta às 11h",
    "Também não posso na terça; marca com o Dr. Fernando na sexta às 10h",
    "não preciso de mais uma consulta",
    "tenta mais uma vez: Dr. Fernando Mendes sexta às 10h",
    "I don't want another appointment, just Dr. Rafael Moreira on Thursday at 10 AM",
    "I won't need one more visit",
    "Thursday 8 AM is too early, book Dr. Rafael Moreira at 10 AM",
    "Book another appointment with Dr. Rafael Moreira on Thursday instead",
]


def reading(message):
    registry = ClinicRegistry.load()
    conversation = Conversation(patient=Patient(name="Lia Campos Rezende", cpf="39053344705"))
    return read(message, conversation, date(2026, 11, 23), DoctorIndex(registry), FederationWords(registry))


@pytest.mark.parametrize("message", ADDS)
def test_a_request_for_one_more_booking_is_read_as_such(message):
    assert reading(message).adds_booking is True


@pytest.mark.parametrize("message", ADDS_NOTHING)
def test_a_plain_or_negated_request_adds_nothing(message):
    assert reading(message).adds_booking is False


@pytest.mark.parametrize("message, asks", [
    ("Também marca a Dra. Juliana Castro na quinta às 11h", True),
    ("Also book Dra. Juliana Castro on Thursday at 11 AM", True),
    ("tbm agenda com o Dr. Fernando sexta 10h", True),
    ("Também queria saber se a Dra. Juliana atende na quinta", False),
    ("Also, is Dra. Juliana Castro free on Thursday at 11 AM?", False),
])
def test_one_more_said_before_the_verb_is_still_a_request(message, asks):
    assert reading(message).asks_to_write is asks


@pytest.mark.parametrize("n, first, more, booked", [
    (133, "Quero agendar com Dr. Ricardo Lopes no dia 02/12/2026 às 15:00",
     "Agenda também a Dra. Juliana Castro, quinta 03/12 às 11h",
     [("clinic_a", "Dr. Ricardo Lopes", "2026-12-02", "15:00"),
      ("clinic_c", "Dra. Juliana Castro", "2026-12-03", "11:00")]),
    (134, "Book Dr. Paulo Henrique Lima on 2026-12-04 at 15:30",
     "Please book one more appointment for me with Dra. Mariana Alves on Dec 1 at 2 PM",
     [("clinic_b", "Dr. Paulo Henrique Lima", "2026-12-04", "15:30"),
      ("clinic_f", "Dra. Mariana Alves", "2026-12-01", "14:00")]),
])
def test_one_more_of_the_same_specialty_that_week_is_booked_at_once(pipeline, clinics, new_conversation,
                                                                    n, first, more, booked):
    cpf = make_cpf(n)
    conversation = new_conversation("Davi Lemos Arruda", digits(cpf))
    run_turn(pipeline, conversation, first)
    _, answer = run_turn(pipeline, conversation, more)
    assert [a.status for a in answer.appointments] == ["confirmed"], answer.text
    assert bookings(clinics, cpf) == booked
    give_back(clinics, conversation)


def test_a_negated_one_more_is_still_asked_about(pipeline, clinics, new_conversation):
    cpf = make_cpf(135)
    conversation = new_conversation("Fabio Reis Quintela", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dra. Patrícia Gomes no dia 04/12/2026 às 11:00")
    _, held = run_turn(pipeline, conversation,
                       "Também não quero esperar muito; quero agendar com a Dra. Luciana Freitas dia 04/12 às 16h30")
    assert "sim ou não" in held.text and held.appointments == [], held.text
    assert bookings(clinics, cpf) == [("clinic_d", "Dra. Patrícia Gomes", "2026-12-04", "11:00")]
    give_back(clinics, conversation)


def test_one_more_at_the_same_hour_as_another_booking_is_still_asked_about(pipeline, clinics, new_conversation):
    """Being in two places at once is never meant: "também" waives the specialty question, not the clash."""
    cpf = make_cpf(136)
    conversation = new_conversation("Gil Prado Antunes", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dra. Ana Beatriz Souza no dia 24/11/2026 às 10:00")
    run_turn(pipeline, conversation, "Quero agendar com Dr. Rafael Moreira no dia 26/11/2026 às 11:30")
    _, held = run_turn(pipeline, conversation, "Also book Dra. Juliana Castro on November 26 at 11 AM")
    assert "11:30" in held.text and held.appointments == [], held.text
    assert bookings(clinics, cpf) == [("clinic_a", "Dra. Ana Beatriz Souza", "2026-11-24", "10:00"),
                                      ("clinic_e", "Dr. Rafael Moreira", "2026-11-26", "11:30")]
    run_turn(pipeline, conversation, "no")
    assert len(bookings(clinics, cpf)) == 2
    give_back(clinics, conversation)


def test_a_taken_slot_is_refused_without_asking_about_the_overlap(pipeline, clinics, new_conversation):
    other = new_conversation("Rita Moura Leal", digits(make_cpf(7690)))
    run_turn(pipeline, other, "Quero agendar com Dra. Juliana Castro no dia 03/12/2026 às 08:00")
    cpf = make_cpf(7691)
    conversation = new_conversation("Sergio Lima Bastos", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 10:30")
    _, refused = run_turn(pipeline, conversation, "marca com a dra juliana dia 03/12/2026 as 8h")
    assert "sim ou não" not in refused.text and "não está mais livre" in refused.text
    assert bookings(clinics, cpf) == [("clinic_a", "Dr. Ricardo Lopes", "2026-11-30", "10:30")]
    _, later = run_turn(pipeline, conversation, "sim")  # nothing was held
    assert later.appointments == [] and len(bookings(clinics, cpf)) == 1
    give_back(clinics, conversation)
    give_back(clinics, other)


def test_a_free_slot_named_by_part_of_the_doctors_name_is_still_held(pipeline, clinics, new_conversation):
    cpf = make_cpf(7692)
    conversation = new_conversation("Tania Reis Morais", digits(cpf))
    run_turn(pipeline, conversation, "Quero agendar com Dr. Ricardo Lopes no dia 30/11/2026 às 10:30")
    _, held = run_turn(pipeline, conversation, "marca com a dra juliana dia 03/12/2026 as 11h")
    assert "sim ou não" in held.text and held.appointments == []
    assert len(bookings(clinics, cpf)) == 1
    give_back(clinics, conversation)
