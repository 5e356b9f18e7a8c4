"""The frozen test split stays unseen: none of its messages may appear where the product learns words.

A message of `tests/casos_teste_congelados.csv` found in a unit test, in the planner's code and
vocabulary, in a prompt or in the development CSV would make the split a development set again.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

from tests.evaluation.cases import CASES_CSV, CATEGORIES, FROZEN_CSV, load_frozen_cases

ROOT = Path(__file__).resolve().parents[2]
# A bare yes/no is the only way to answer a confirmation; every other message must be unseen.
CONFIRMATIONS = {"sim", "yes", "nao", "no"}
OUTCOME_KINDS = {"horarios", "agendada", "cancelada", "remarcada", "consultas", "mantidas"}


def normalised(text: str) -> str:
    """Accents and case folded, words separated by single spaces, padded so a match is whole words."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()
    return " " + " ".join(re.findall(r"\w+", folded)) + " "


def watched_files() -> list[Path]:
    """Unit tests, the product's code and data (triage phrases included), the prompts, the development CSV."""
    product = [*ROOT.glob("agent_system/**/*.py"), *ROOT.glob("agent_system/**/*.json")]
    return sorted({*ROOT.glob("tests/**/*.py"), *product, *ROOT.glob("prompts/*"), CASES_CSV})


def seen_messages(messages: list[str], files: list[Path]) -> dict[str, list[str]]:
    """Each message found in any of the files, with where."""
    texts = {path: normalised(path.read_text(encoding="utf-8")) for path in files}
    found = {}
    for message in messages:
        key = normalised(message)
        if key.strip() in CONFIRMATIONS:
            continue
        where = [_shown(path) for path, text in texts.items() if key in text]
        if where:
            found[message] = where
    return found


def test_no_frozen_message_appears_in_tests_lexicon_prompts_or_the_development_csv():
    messages = sorted({m for case in load_frozen_cases() for m in case.messages})
    assert seen_messages(messages, watched_files()) == {}


def test_the_leak_check_sees_a_planted_message(tmp_path):
    """The check can fail: a frozen message copied into a unit test is found."""
    case = load_frozen_cases()[0]
    planted = tmp_path / "test_planted.py"
    planted.write_text(f"MESSAGE = {case.text.upper()!r}\n", encoding="utf-8")
    assert seen_messages([case.text, "sim", "a message nobody wrote"], [planted]) == {case.text: [str(planted)]}


def test_the_leak_check_reads_the_triage_phrase_files():
    """The red-flag phrases live in JSON beside the screen: a frozen message copied there is found too."""
    phrase_files = sorted((ROOT / "agent_system" / "triage" / "phrases").glob("*.json"))
    assert phrase_files and set(phrase_files) <= set(watched_files())


def test_the_frozen_split_is_large_bilingual_and_multi_turn():
    cases = load_frozen_cases()
    languages = Counter(case.lang for case in cases)
    assert len(cases) >= 80 and len({case.id for case in cases}) == len(cases) and FROZEN_CSV.exists()
    assert {case.category for case in cases} <= set(CATEGORIES)
    assert sum(bool(case.earlier_turns) for case in cases) >= 20
    assert set(languages) == {"pt", "en"} and languages["pt"] >= 0.5 * len(cases) >= languages["en"], languages


def test_every_frozen_case_states_its_outcome_and_step_parameters():
    for case in load_frozen_cases():
        assert case.outcome is not None and set(case.outcome) <= OUTCOME_KINDS, case.id
        assert len(case.expected_params) == len(case.expected), case.id
        writes = {"agendada", "cancelada", "remarcada"} & set(case.outcome)
        assert len(writes) <= 1 and (case.awaits_confirmation == "sim") >= bool({"cancelada", "remarcada"} & writes)


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
