"""A question about what a visit costs ("quanto custa a consulta particular?", "how much is a visit?") gets a plain
answer: the clinics' data has no prices, so none is given, and the patient is pointed to the clinics' phones
(those of the clinic or specialty named, else all). No listing, no write. On the six real clinics."""
from __future__ import annotations

import re

import pytest

from tests.support import all_store_bookings, make_cpf, run_turn

CPF_BASE = 68_000
ALL = ("clinic_a", "clinic_b", "clinic_c", "clinic_d", "clinic_e", "clinic_f")
# A price anywhere in an answer: "R$ 250", "$120", "250 reais", "120 dollars".
MONEY = re.compile(r"R\$|\$\s?\d|\d+(?:[.,]\d+)?\s*(?:reais|dollars|usd|brl)\b", re.IGNORECASE)


def digits(n: int) -> str:
    return make_cpf(CPF_BASE + n).replace(".", "").replace("-", "")


@pytest.mark.parametrize("n, message, clinics_asked, language", [
    (1, "quanto custa a consulta particular?", ALL, "pt"),
    (2, "qual o valor da consulta?", ALL, "pt"),
    (3, "é caro?", ALL, "pt"),
    (4, "qto custa consulta c dermato?", ("clinic_b", "clinic_f"), "pt"),
    (5, "quanto fica uma consulta com o dr paulo?", ("clinic_b",), "pt"),
    (6, "how much is a visit?", ALL, "en"),
    (7, "How much does a cardiology appointment cost?", ("clinic_a", "clinic_c"), "en"),
    (8, "what's the price at clinica d?", ("clinic_d",), "en"),
])
def test_a_price_question_names_no_price_and_points_to_the_clinics(pipeline, new_conversation, clinics, registry,
                                                                   n, message, clinics_asked, language):
    conversation = new_conversation("Irene Vasconcelos Prado", digits(n))
    events, answer = run_turn(pipeline, conversation, message)
    steps = next(e for e in events if e.type == "plan").steps
    assert {(s["clinic"], s["action"]) for s in steps} == {(c, "get_clinic_info") for c in clinics_asked}
    assert answer.lang == language and not answer.blocked and answer.slots == []
    assert MONEY.search(answer.text) is None, answer.text
    for clinic in registry.clinics:
        assert (clinic.contact.phone in answer.text) == (clinic.id in clinics_asked), answer.text
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + n)) == []


def test_a_price_question_after_a_listing_lists_nothing_again(pipeline, new_conversation, clinics):
    conversation = new_conversation("Irene Vasconcelos Prado", digits(9))
    run_turn(pipeline, conversation, "ortopedia amanhã")
    listed = list(conversation.state.listed)
    events, answer = run_turn(pipeline, conversation, "e quanto é a consulta?")
    actions = {s["action"] for s in next(e for e in events if e.type == "plan").steps}
    assert actions == {"get_clinic_info"} and answer.slots == [] and conversation.state.listed == listed
    run_turn(pipeline, conversation, "sim")  # a yes to the price answer chooses no slot
    assert all_store_bookings(clinics, make_cpf(CPF_BASE + 9)) == []
