"""A dependant named inside the request itself: the name nearest the CPF (never a doctor's or a calendar word),
or the words after "se chama" / "name is"; the rest of the message is the request."""
from __future__ import annotations

import pytest

from agent_system.dialogue.reading.named_person import person_named_in
from clinic_servers.contract.cpf import normalize_cpf
from tests.support import make_cpf

CPF = make_cpf(97201)


@pytest.mark.parametrize(("message", "name"), [
    (f"marca dermato pro meu filho dia 1/12 as 9h, ele se chama Pedro Henrique Duarte cpf {CPF}",
     "Pedro Henrique Duarte"),
    (f"Dec 1st 8am please, for my daughter Sofia Lima Duarte, her CPF is {CPF}", "Sofia Lima Duarte"),
    (f"my wife would like Camila Rocha on Thursday. She is Laura Mendes Duarte, CPF {CPF}", "Laura Mendes Duarte"),
    (f"é pra minha mãe, Ivone das Neves Brandão (cpf {CPF}): ortopedia seg 30", "Ivone das Neves Brandão"),
    (f"pro meu pai, nome dele é antonio carlos duarte, cpf {CPF}", "Antonio Carlos Duarte"),
    (f"Davi Brandão Nogueira - cpf {CPF}", "Davi Brandão Nogueira"),
    (f"pra minha filha maria eduarda duarte cpf {CPF}, dermato segunda", "Maria Eduarda Duarte"),
    (f"for my husband: Dr. Rafael Moreira on the 3rd. Name: Marcos Lima Duarte, CPF {CPF}", "Marcos Lima Duarte"),
    (f"He's Otto Lima Duarte, CPF {CPF}, Thursday works", "Otto Lima Duarte"),
    (f"pra minha filha julia lima duarte, o cpf dela e {CPF}", "Julia Lima Duarte"),
])
def test_the_person_named_with_the_request(message, name):
    found = person_named_in(message, frozenset({"camila", "rocha"}))
    assert (found.name, found.cpf) == (name, normalize_cpf(CPF))
    assert name not in found.rest and CPF not in found.rest and "cpf" not in found.rest.casefold()


@pytest.mark.parametrize("message", [
    f"Book Dra. Camila Rocha for my son, {CPF}",  # a doctor and a CPF, no name of the person
    "pro meu filho Pedro Henrique Duarte, marca dia 30",  # a name without a CPF
    f"Monday December 1st, CPF {CPF}",  # calendar words are no name
    f"meu filho precisa de consulta cpf {CPF}",  # words of the request are no name
])
def test_no_person_named(message):
    assert person_named_in(message, frozenset({"camila", "rocha"})) is None


def test_a_number_that_is_not_a_valid_cpf_names_the_person_without_one():
    found = person_named_in("for my son Pedro Henrique Duarte, CPF 123.456.789-00")
    assert (found.name, found.cpf) == ("Pedro Henrique Duarte", None)
