"""The reading's patterns hold no words of a language: the words are the language packs' (issue 27, step 4).

Every string literal in `agent_system/dialogue/reading/` that is regular-expression syntax (it holds an escape such
as `\\b` or `\\d`, a group or a character class) is stripped of that syntax: group names, backreferences, escapes,
character classes and `{concept}` placeholders. What is left may hold no run of two or more letters, but for the few
below, which are the same in every language. A plain string without regular-expression syntax (a group's name read
back, a concept's name) is not a pattern and is not looked at.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

READING = Path(__file__).resolve().parents[2] / "agent_system" / "dialogue" / "reading"
# Letters the same in every language the product may speak: the Brazilian taxpayer number's name.
SHARED = frozenset({"cpf"})
_SYNTAX = re.compile(r"\\[a-zA-Z]|\(\?|\[")
_STRIPPED = re.compile(r"\(\?P<\w+>?|\(\?P=\w+\)|\\[a-zA-Z]|\[[^\]]*\]|\{[a-z_]+\}|\\\{\([a-z_]+\\w\+\)\\\}")
_LETTERS = re.compile(r"[^\W\d_]{2,}")


def _patterns(path: Path) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _SYNTAX.search(node.value)]


def _words_in(pattern: str) -> set[str]:
    return set(_LETTERS.findall(_STRIPPED.sub(" ", pattern))) - SHARED


def test_the_readings_patterns_hold_no_words():
    found = [f"{path.name}:{line}: {sorted(words)}" for path in sorted(READING.glob("*.py"))
             for line, pattern in _patterns(path) if (words := _words_in(pattern))]
    assert found == [], "words belong in the language packs (agent_system/language/<code>/):\n" + "\n".join(found)


def test_a_word_in_a_pattern_is_found():
    assert _words_in(r"\b(?:consulta|\d{1,2})\b") == {"consulta"}
    assert _words_in(r"(?P<hour>\d{1,2})[:h](?P<minute>\d{2})\s*{clock_am}") == set()
    assert _words_in(r"\b(?:cpf|\d{11})\b") == set()
