"""A word-list pattern matches whole phrases, the longest one where several start at the same word."""
from __future__ import annotations

import pytest

from agent_system.dialogue.reading.phrases import any_phrase

COURTESY = any_phrase("se", "se puder", "por gentileza")


@pytest.mark.parametrize("text, found", [("se puder marca", "se puder"), ("marca por gentileza", "por gentileza"),
                                         ("e se for", "se"), ("sem convenio", None), ("por gentilezas", None)])
def test_a_phrase_is_found_whole_and_longest_first(text, found):
    match = COURTESY.search(text)
    assert (match and match.group()) == found


def test_a_phrase_is_literal_text():
    assert any_phrase("i d like", "a.m").search("9 am") is None
    assert any_phrase("i d like", "a.m").search("at 9 a.m") is not None
