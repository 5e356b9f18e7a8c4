"""Red-flag triage: emergencies halt the turn, ordinary booking messages never do.

Cases are written from the classes in the clinical reference (shared/reference/red-flags.md):
each category's signs as people say them, negation and history handled conservatively,
everyday spelling and typos. The blind, larger set is scored by test_triage_cases.py.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_system.triage.categories import CATEGORIES
from agent_system.language.text import plain_text
from agent_system.triage.reader import words_of
from agent_system.triage.screen import assess
from agent_system.triage.answers import emergency_answer
from agent_system.triage.result import TriageResult

NOT_AN_EMERGENCY = TriageResult(emergency=False)


@pytest.mark.parametrize(("text", "kind"), [
    ("Estou com dor no peito", "cardiac"),
    ("sinto um aperto no peito que desce pro braço esquerdo", "cardiac"),
    ("my chest feels heavy and I'm in a cold sweat", "cardiac"),
    ("minha mãe está com a boca torta e a fala enrolada", "stroke"),
    ("his face is drooping on one side and he can't lift his arm", "stroke"),
    ("Não consigo respirar", "breathing"),
    ("she is struggling to breathe and her lips are turning blue", "breathing"),
    ("o sangue não para de jorrar do corte", "bleeding"),
    ("I'm throwing up blood", "bleeding"),
    ("meu pai desmaiou e não acorda", "consciousness"),
    ("he is having a seizure", "consciousness"),
    ("comi camarão e minha garganta está fechando", "anaphylaxis"),
    ("stung by a bee and now I can't breathe", "anaphylaxis"),
    ("a pior dor de cabeça da minha vida, veio do nada", "severe_pain"),
    ("sudden severe belly pain, my stomach is rock hard", "severe_pain"),
    ("meu filho caiu do telhado", "trauma"),
    ("hit his head and keeps throwing up", "trauma"),
    ("caiu água fervendo no bebê", "burns"),
    ("my son got an electric shock", "burns"),
    ("meu filho bebeu água sanitária", "poisoning"),
    ("she took too many pills", "poisoning"),
    ("tô grávida de 30 semanas e a bolsa estourou", "obstetric"),
    ("I'm pregnant and the baby stopped moving", "obstetric"),
    ("bebê de 1 mês com febre de 38", "child"),
    ("my baby is floppy and won't feed", "child"),
    ("quero me matar", "suicide"),
    ("everyone would be better off without me", "suicide"),
    ("meu sobrinho engoliu uma bateria de relógio", "poisoning"),
    ("meu bebê de 3 semanas está com 38 de febre", "child"),
    ("não vejo mais sentido em viver", "suicide"),
    ("I don't want to be alive anymore", "suicide"),
    ("I'm 30 weeks pregnant and my waters just broke", "obstetric"),
])
def test_each_category_is_caught_in_both_languages(text, kind):
    result = assess(text)
    assert (result.emergency, result.kind) == (True, kind)


@pytest.mark.parametrize("text", [
    "n consigo respirar",  # WhatsApp: n = não
    "ta doendo mt o peito",  # ta = está, mt = muito
    "MEU PAI TA COM A BOCA TORTA!!!",
    "nao para de sangrar",
    "dismaiei no banheiro",  # typo
    "ele teve uma convulção",  # phonetic spelling
    "ela esta inconciente",
    "acho que é um enfarto",
    "i cant breathe",
    "my mum's face is droopy and her speech is slurred",
])
def test_everyday_spelling_and_typos_are_read(text):
    assert assess(text).emergency


@pytest.mark.parametrize("text", [
    "não tenho dor no peito, quero cardiologista",
    "sem falta de ar, só quero renovar a receita da bombinha",
    "I have no chest pain, just want a cardiology check-up",
    "nunca desmaiei, quero um checkup",
])
def test_a_clearly_negated_sign_is_routine(text):
    assert assess(text) == NOT_AN_EMERGENCY


@pytest.mark.parametrize("text", [
    "não consigo respirar",  # "não" is part of the sign
    "ele não acorda",
    "she won't wake up",
    "não sei se é infarto, mas tô com dor no peito",  # hedging is not negation
    "acho que não é nada, mas estou com um aperto no peito",
    "probably nothing but my chest feels tight",
    "não tenho febre, mas estou com dor no peito",  # the negation stops at "mas"
])
def test_negation_words_that_do_not_clear(text):
    assert assess(text).emergency


@pytest.mark.parametrize(("text", "emergency"), [
    ("retorno pós-infarto de 2019", False),
    ("tive um AVC em 2019 e faço fisioterapia, quero ortopedista", False),
    ("my dad had a stroke years ago, I want to book his follow-up", False),
    ("tive dor no peito ontem e voltou agora", True),
    ("tive um AVC há 2 anos e hoje de manhã a boca ficou torta", True),
    ("had a mini-stroke this morning, it went away", True),  # a TIA is an emergency even when it passed
    ("ano passado pensei em me matar", True),  # suicidal thoughts in the past tense still count
    ("vi no jornal um caso de infarto, quero fazer exames", False),
])
def test_history_clears_only_when_nothing_says_it_is_back(text, emergency):
    assert assess(text).emergency is emergency


@pytest.mark.parametrize("text", [
    "quero marcar cardiologista", "dermatologista para manchas na pele", "dor no joelho há uma semana",
    "quero desmarcar minha consulta", "a sala tem ar condicionado?", "tô morrendo de rir", "dying to see the doctor",
    "queimadura de sol, quero dermatologista", "preciso de exame de sangue", "psicólogo infantil pro meu filho",
    "Book cardiology for next Friday", "remarcar para sexta às 14h com a Dra. Patrícia Gomes", "obrigado!", "",
    "barriga estufada de gases depois do almoço", "I need an injection appointment",
    "meu filho de 8 anos teve febre há 3 dias, já passou, quero pediatra",
    "estou com febre há 2 semanas, quero consulta",
    "essa fila tá me matando", "minha filha tem epilepsia, quero ajustar a dose do remédio",
])
def test_ordinary_messages_are_not_emergencies(text):
    assert assess(text) == NOT_AN_EMERGENCY


@pytest.mark.parametrize("text", [
    # methods and doses looked up, places to jump from
    "fiquei lendo na internet formas de morrer sem dor",
    "he searched how many sleeping pills it takes, I saw his browser",
    "minha prima tá parada na beira do viaduto e disse que não quer descer",
    # goodbyes and affairs put in order
    "meu tio mandou no grupo 'desculpa por tudo, cuidem da minha cachorra' e sumiu",
    "she sent me a voice note saying sorry for everything and now her phone is off",
    "já deixei uma carta pra minha mãe na gaveta",
    # giving things away, or cancelling everything because it will not be needed
    "dei minhas coisas pros meus primos, obrigada por tudo",
    "cancela todas as minhas consultas, não vou mais precisar de nenhuma",
    "please cancel all my appointments, I won't need them anymore",
    # self-harm told of someone else
    "meu irmão mais novo tá se cortando escondido no banheiro",
])
def test_farewells_methods_and_self_harm_of_others_are_suicide_emergencies(text):
    result = assess(text)
    assert (result.emergency, result.kind) == (True, "suicide")


@pytest.mark.parametrize("text", [
    "obrigado por tudo, até sexta então",
    "thanks for everything, see you on Monday at the clinic",
    "pode cancelar a de quinta, não vou precisar mais porque já fui atendida no posto",
])
def test_an_ordinary_goodbye_or_cancel_is_not_an_emergency(text):
    assert not assess(text).emergency


def test_an_emergency_buried_in_a_booking_request_is_caught():
    result = assess("quero marcar dermatologista pra sexta. ah, e meu pai tá com dor no peito forte agora")
    assert (result.emergency, result.kind, result.third_person) == (True, "cardiac", True)


def test_suicidal_intent_leads_when_other_signs_are_present():
    result = assess("tomei muitos comprimidos porque quero me matar")
    assert result.categories[:2] == ("suicide", "poisoning")


def test_every_category_names_its_source():
    assert all(c.source.startswith("Source: ") and len(c.source) > 30 for c in CATEGORIES)


def test_folding_joins_contractions_and_spells_out_slang():
    assert plain_text("Não CONSIGO, can't") == "nao consigo, cant"
    assert words_of("n consigo respirar, mt dor") == ["nao", "consigo", "respirar", ",", "muito", "dor"]
    assert words_of("37,8") == ["37", "8"]


# --- the answer ------------------------------------------------------------------------------------

def numbers(text: str) -> list[str]:
    return re.findall(r"0800 722 6001|\b1(?:88|9[0-3])\b", text)


@pytest.mark.parametrize(("message", "language", "expected"), [
    ("estou com dor no peito", "pt", ["192"]),
    ("I have chest pain", "en", ["192"]),
    ("meu filho bebeu água sanitária", "pt", ["192", "0800 722 6001"]),
    ("my toddler drank bleach", "en", ["192", "0800 722 6001"]),
    ("acidente de moto, ele está preso nas ferragens", "pt", ["192", "193"]),
    ("the house is on fire and my dad breathed in a lot of smoke", "en", ["192", "193"]),
    ("quero me matar", "pt", ["188", "192"]),
    ("I want to kill myself", "en", ["188", "192"]),
])
def test_the_answer_gives_the_right_numbers_in_order(message, language, expected):
    assert numbers(emergency_answer(assess(message), language)) == expected


@pytest.mark.parametrize(("language", "phrases"), [
    ("pt", ["Ligue agora para o SAMU: 192.", "pronto-socorro ou UPA mais próximo", "Não vou agendar nada agora",
            "consulta de acompanhamento"]),
    ("en", ["Call SAMU now: 192.", "nearest emergency room", "I won't schedule anything right now",
            "follow-up appointment"]),
])
def test_the_answer_is_in_the_patients_language_and_offers_a_follow_up(language, phrases):
    answer = emergency_answer(assess("dor no peito"), language)
    assert [phrase in answer for phrase in phrases] == [True] * len(phrases)


def test_the_suicide_answer_puts_cvv_first_and_asks_not_to_stay_alone():
    answer = emergency_answer(assess("quero me matar"), "pt")
    assert answer.index("188") < answer.index("192")
    assert "cvv.org.br" in answer and "Não fique sozinho" in answer


def test_a_third_person_report_is_asked_to_stay_with_the_person():
    assert "Stay with the person" in emergency_answer(assess("my husband collapsed"), "en")
    assert "Fique com a pessoa" not in emergency_answer(assess("desmaiei agora"), "pt")


@pytest.mark.parametrize("message", ["estou com dor no peito", "quero me matar", "meu filho bebeu água sanitária",
                                     "caiu da laje", "falta de ar forte"])
@pytest.mark.parametrize("language", ["pt", "en"])
def test_the_answer_gives_no_diagnosis_and_no_first_aid(message, language):
    answer = plain_text(emergency_answer(assess(message), language))
    advice = r"aspirin|aspirina|adrenalin|epipen|agua fria|cold water|vomit|deite|lie down|pressione|press on" \
             r"|infarto|heart attack|avc|stroke|ansiedade|anxiety|tome |take "
    assert re.search(advice, answer) is None


@given(st.text())
def test_assess_never_raises_and_is_consistent(text):
    result = assess(text)
    assert result.emergency == (result.kind is not None) == (result.matched is not None)
    if result.matched is not None:
        assert set(result.matched.split()) <= set(words_of(text))
