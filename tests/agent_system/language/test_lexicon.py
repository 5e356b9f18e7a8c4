"""The language packs' lexicons as the reading asks for them: words by concept, joined across the registered
languages, and patterns that follow the registry."""
from __future__ import annotations

from dataclasses import replace

import pytest

from agent_system.language.concepts import CONCEPTS
from agent_system.language.en import PACK as ENGLISH
from agent_system.language.lexicon import alternatives, concept_pattern, words
from agent_system.language.pt import PACK as PORTUGUESE
from agent_system.language.registry import language_packs, register, unregister
from agent_system.dialogue.reading.write_intent import is_question, is_write_request

# A made-up language whose only word is one no built-in language has.
_TOY = replace(ENGLISH, code="xx", keywords=frozenset({"zork"}), lexicon={"book": ("zorkify",)})


@pytest.fixture
def toy():
    register(_TOY)
    yield _TOY
    unregister(_TOY.code)


def test_every_built_in_concept_is_a_known_concept_and_the_default_has_the_core_ones():
    for pack in language_packs():
        assert set(pack.lexicon) <= set(CONCEPTS)
    assert {"book", "list", "yes", "write_book", "write_cancel", "write_move", "cancel", "reschedule"} <= set(
        PORTUGUESE.lexicon)


def test_words_are_joined_default_language_first_without_repeats():
    joined = words("yes")
    assert joined[:len(PORTUGUESE.lexicon["yes"])] == PORTUGUESE.lexicon["yes"]
    assert set(joined) == set(PORTUGUESE.lexicon["yes"]) | set(ENGLISH.lexicon["yes"])
    assert len(joined) == len(set(joined))


def test_an_unknown_concept_is_refused():
    with pytest.raises(KeyError, match="no concept"):
        words("reservar")


def test_a_pattern_follows_the_registry(toy):
    book = concept_pattern("book")
    assert book.search("zorkify the slot")
    unregister(toy.code)
    assert not book.search("zorkify the slot")
    assert book.search("quero marcar")


def test_a_concept_without_words_matches_nothing():
    unregister("en")
    try:
        assert alternatives("question_auxiliary") == "(?!)"
        # English gone, its auxiliaries are no question opener: the Portuguese reading is unchanged.
        assert is_write_request("marca com a Dra. Juliana Castro dia 26 às 8h")
        assert not is_question("marca com a Dra. Juliana Castro dia 26 às 8h")
    finally:
        register(ENGLISH)
    assert [pack.code for pack in language_packs()] == ["pt", "en"]
