"""The answer stays in the language the patient has been writing in when a reply shows none ("no", "ok", "2")."""
from __future__ import annotations

import pytest

from agent_system.language.text import language_of, normalize
from tests.support import give_back, make_cpf, run_turn


@pytest.mark.parametrize("reply", ["no", "ok", "2", "nope", "A3F9KQ", "hmm"])
def test_a_reply_without_language_keeps_the_conversations(reply):
    assert language_of(normalize(reply), "en") == "en"
    assert language_of(normalize(reply), "pt") == "pt"
    assert language_of(normalize(reply)) == "pt"  # a first message without any sign: the default


@pytest.mark.parametrize(("message", "language"), [
    ("quero ver os horários de cardiologia", "pt"),
    ("show me the cardiology slots", "en"),
])
def test_a_message_that_shows_its_language_wins_over_the_conversations(message, language):
    other = "en" if language == "pt" else "pt"
    assert language_of(normalize(message), other) == language


# A specialty's name alone shows its language by its ending: "-ology", "-iatrics" are English, "-ologia",
# "-iatria" Portuguese, whether or not the federation offers that specialty.
SPECIALTY_WORDS = {"pediatrics": "en", "neurology": "en", "need a neurologist": "en", "gastroenterology?": "en",
                   "pediatrician": "en", "pediatria": "pt", "neurologia": "pt", "um neurologista": "pt",
                   "gastroenterologia?": "pt", "pediatra": "pt"}


@pytest.mark.parametrize(("message", "language"), SPECIALTY_WORDS.items())
def test_a_specialty_named_alone_shows_its_language(message, language):
    other = "en" if language == "pt" else "pt"
    assert language_of(normalize(message), other) == language


@pytest.mark.parametrize(("opening", "reply", "language"), [
    ("Show me the dermatology slots for this week", "no", "en"),
    ("Show me the dermatology slots for this week", "2", "en"),
    ("Quero ver os horários de dermatologia desta semana", "no", "pt"),
    ("Quero ver os horários de dermatologia desta semana", "ok", "pt"),
])
def test_the_answer_to_a_bare_reply_is_in_the_conversations_language(
        pipeline, clinics, new_conversation, opening, reply, language):
    conversation = new_conversation("Helena Prado Costa", make_cpf(421).replace(".", "").replace("-", ""))
    _, first = run_turn(pipeline, conversation, opening)
    _, answer = run_turn(pipeline, conversation, reply)
    assert (first.lang, answer.lang) == (language, language)
    give_back(clinics, conversation)  # "2" after a listing is a choice: it may have booked


def test_the_language_survives_the_session_store(pipeline, new_conversation, tmp_path):
    from agent_system.sessions.conversation import Conversation
    conversation = new_conversation("Helena Prado Costa", make_cpf(422).replace(".", "").replace("-", ""))
    run_turn(pipeline, conversation, "Show me the cardiology slots")
    restored = Conversation.model_validate_json(conversation.model_dump_json())
    _, answer = run_turn(pipeline, restored, "no")
    assert answer.lang == "en"


# A bare "help" is also a cry for help (triage answers it with the numbers first), then the same offer.
@pytest.mark.parametrize(("opening", "call", "language", "said"), [
    ("quero ver cardiologia", "help", "en", "I can show open slots"),
    ("show me cardiology", "ajuda", "pt", "Posso mostrar horários livres"),
    ("show me cardiology", "me ajuda aqui", "pt", "Posso mostrar horários livres"),
    ("quero ver cardiologia", "help me please", "en", "I can show open slots"),
    ("show me cardiology", "socorro", "pt", "posso mostrar horários livres"),
])
def test_a_bare_call_for_help_says_what_the_assistant_does_in_its_language(pipeline, new_conversation, opening,
                                                                          call, language, said):
    conversation = new_conversation("Helena Prado Costa", make_cpf(423).replace(".", "").replace("-", ""))
    run_turn(pipeline, conversation, opening)
    events, answer = run_turn(pipeline, conversation, call)
    assert answer.lang == language and said in answer.text and not answer.slots
    assert all(e.type != "dispatch" for e in events)
