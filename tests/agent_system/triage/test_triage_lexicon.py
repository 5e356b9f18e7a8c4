"""The triage phrases are data: the lexicon reads them as written and refuses a file it would misread."""
from __future__ import annotations

import json

import pytest

from agent_system.errors import LexiconError
from agent_system.triage.categories import ALL_CONCEPTS, CATEGORIES
from agent_system.triage.lexicon import BREAKS, PHRASES, SLANG, concept_table
from agent_system.triage.screen import assess


def _written(tmp_path, text: str):
    path = tmp_path / "phrases.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_concept_file_is_read_in_order_with_its_wildcards(tmp_path):
    path = _written(tmp_path, json.dumps({
        "obstetric": {"WATERS": ["bolsa estourou", "waters * broke"], "PRETERM": ["prematur*"]},
        "sepsis": {"INFECTION": ["infecc*", "sepse"]}}))
    table = concept_table(path)
    assert table == {"WATERS": ("bolsa estourou", "waters * broke"), "PRETERM": ("prematur*",),
                     "INFECTION": ("infecc*", "sepse")}
    assert list(table) == ["WATERS", "PRETERM", "INFECTION"]


@pytest.mark.parametrize(("text", "complaint"), [
    ('{"sepsis": {"FEVER": ["febre"], "FEVER": ["fever"]}}', "repeated keys: FEVER"),
    ('{"obstetric": {"FEVER": ["febre"]}, "sepsis": {"FEVER": ["fever"]}}', "FEVER appears in two sections"),
    ('{"sepsis": {"FEVER": "febre"}}', "sepsis/FEVER: expected a list of non-empty strings"),
    ('{"sepsis": {"FEVER": ["febre", 38]}}', "sepsis/FEVER: expected a list of non-empty strings"),
    ('{"sepsis": {"FEVER": ["febre", ""]}}', "sepsis/FEVER: expected a list of non-empty strings"),
    ('{"sepsis": {"FEVER": ["febre",]}}', "phrases.json: Expecting value"),
])
def test_a_phrase_file_it_would_misread_is_refused_with_the_entry_named(tmp_path, text, complaint):
    with pytest.raises(LexiconError, match=complaint):
        concept_table(_written(tmp_path, text))


def test_every_concept_a_rule_names_is_in_the_phrase_files():
    named = {c for category in CATEGORIES for rule in category.rules for c in rule.lstrip("~").split("+")}
    counted = {"MANY", "INFANT_WEEKS"}  # found by the reader in numbers ("20 comprimidos", "3 semanas")
    assert named - set(ALL_CONCEPTS) == counted
    assert all(ALL_CONCEPTS[name] for name in named - counted)


def test_the_phrase_files_sit_beside_the_module_and_are_all_read():
    assert sorted(p.name for p in PHRASES.glob("*.json")) == [
        "alone.json", "concepts.json", "events.json", "groups.json", "known_words.json", "languages.json",
        "signs.json", "spelling.json"]
    assert SLANG["vc"] == "voce" and "\n" in BREAKS and "mas" in BREAKS


def test_phrases_from_each_file_reach_the_screen():
    assert assess("a bolsa estourou e estou com 30 semanas de gravidez").kind == "obstetric"  # groups
    assert assess("my chest feels heavy and I'm in a cold sweat").kind == "cardiac"  # signs
    assert assess("meu filho bebeu agua sanitaria").kind == "poisoning"  # events
    assert assess("vou fazer exame de sangue amanha").emergency is False  # concepts: MASK
