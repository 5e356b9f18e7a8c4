"""Held-out splits stay held out: none leaks into the product, none is rewritten after it was committed.

Every split (the first conversation split, `data/frozen/*.csv`, `data/triage/heldout/*.csv`) is
checked against every text file of the product, docs included: a message found whole fails; for a
split still blind, so does a four-word sequence that a product file gained after the split was
committed. Splits are append-only, checked against the version that first added each file. The
exceptions kept are listed with their reason in `data/splits.json` and shown in docs/evaluation.md.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.evaluation.overlap import (Corpus, Leak, exact_leaks, first_commit, first_version, product_at,
                                      product_files, rewritten_rows, sequence_leaks)
from tests.evaluation.splits import BLIND, DEVELOPMENT, ROOT, Message, load_ledger, messages, read_rows, split_paths


@pytest.fixture(scope="module")
def ledger() -> dict[str, dict]:
    return load_ledger()


@pytest.fixture(scope="module")
def product() -> Corpus:
    return Corpus(product_files())


def split_messages(path: str) -> list[Message]:
    return messages(read_rows((ROOT / path).read_text(encoding="utf-8"), path))


def known(ledger: dict[str, dict], path: str, key: str) -> set[tuple[str, ...]]:
    return {(item["row"], item["file"]) if "file" in item else (item["row"],)
            for item in ledger.get(path, {}).get(key, ())}


def test_every_split_is_in_the_ledger_with_its_status_and_first_measurement(ledger):
    assert set(split_paths()) <= set(ledger), "add the split's entry to data/splits.json when committing it"
    for path, entry in ledger.items():
        assert entry["status"] in {BLIND, DEVELOPMENT} and entry["kind"] in {"conversations", "triage"}, path
        assert entry["status"] == BLIND or entry.get("folded"), f"{path}: say when it was folded"
        assert not entry.get("end") or entry.get("first"), f"{path}: an end of round needs its first measurement"


def test_no_split_message_is_found_whole_in_a_product_file(ledger, product):
    leaks = {(leak.split, leak.row, leak.file) for path in split_paths()
             for leak in exact_leaks(path, split_messages(path), product)}
    exceptions = {(path, *item) for path in ledger for item in known(ledger, path, "known_overlaps")}
    assert sorted(leaks - exceptions) == [], "split rows found word for word in product files (split, row, file)"
    assert sorted(exceptions - leaks) == [], "exceptions that no longer happen: remove them from data/splits.json"


def test_no_blind_split_shares_a_four_word_sequence_gained_since_it_was_committed(ledger, product):
    leaks = []
    for path in split_paths():
        commit = first_commit(path)
        if ledger[path]["status"] != BLIND or commit is None:
            continue  # a split not yet committed is compared with the product it is committed into
        before = Corpus(product_at(commit))
        leaks += [(leak.split, leak.row, f"{leak.file}:{leak.line}")
                  for leak in sequence_leaks(path, split_messages(path), product, before)]
    assert leaks == [], "product lines gained four-word sequences of a blind split: reword them (split, row, file:line)"


def test_splits_are_append_only_since_the_commit_that_added_them(ledger):
    changed: set[tuple[str, str, str]] = set()
    for path in sorted({*split_paths(), *ledger}):
        first = first_version(path)
        if first is None:
            continue
        now = read_rows((ROOT / path).read_text(encoding="utf-8"), path) if (ROOT / path).exists() else {}
        allowed = {row for (row,) in known(ledger, path, "known_rewrites")}
        changed |= {(path, row, how) for row, how in rewritten_rows(first[1], now).items() if row not in allowed}
    assert changed == set(), "split rows removed or rewritten after the split was committed"


def test_the_checks_read_every_kind_of_product_file(product):
    files = set(product.joined)
    for wanted in ("static/i18n/pt.json", "templates/index.html", "prompts/planner.txt", "data/development/casos_compreensao.csv",
                   "data/development/casos_teste.csv", "docs/evaluation.md", "README.md", "agent_system/dialogue/reading/write_intent.py",
                   "data/triage/corpus/group_a.csv", "static/js/chat.js"):
        assert wanted in files, wanted
    assert not set(split_paths()) & files


def test_a_message_copied_whole_is_found_and_a_short_reply_is_not():
    product = Corpus({"tests/test_planted.py": 'REPLY = "Sim, pode ser"\nMESSAGE = "QUERO VER A AGENDA, POR FAVOR!"\n'})
    typed = [Message("T1", "Quero ver a agenda por favor"), Message("T2", "sim, pode ser")]
    found = list(exact_leaks("split.csv", typed, product))
    assert found == [Leak("split.csv", "T1", "tests/test_planted.py", "exact")]


def test_turns_of_a_csv_row_do_not_join_into_one_message():
    product = Corpus({"dev.csv": "U1,cancela,Book Dr. X on May 1 at 7:10 PM || Please cancel it\n"})
    assert list(exact_leaks("split.csv", [Message("T1", "7:10 PM please")], product)) == []


def test_a_four_word_sequence_counts_only_when_the_product_gained_it_after_the_split():
    message = [Message("T7", "minha filha caiu da escada e não acorda")]
    before = Corpus({"corpus.csv": "minha filha caiu da bicicleta ontem"})
    now = Corpus({"corpus.csv": "minha filha caiu da bicicleta ontem",
                  "test_new.py": "X = 1\nY = 'caiu da escada\ne nao'"})
    found = list(sequence_leaks("split.csv", message, now, before))
    assert found == [Leak("split.csv", "T7", "test_new.py", "sequence", 2)]


def test_a_rewritten_or_removed_row_is_found_in_git_history(tmp_path):
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)
    git("init", "-q")
    git("config", "user.email", "split@example.org")
    git("config", "user.name", "split")
    split = tmp_path / "data" / "frozen" / "2030-01-01.csv"
    split.parent.mkdir(parents=True)
    split.write_text("id,text\nA1,primeira\nA2,segunda\n", encoding="utf-8")
    git("add", ".")
    git("commit", "-q", "-m", "split")
    split.write_text("id,text\nA1,primeira mudada\nA3,terceira\n", encoding="utf-8")
    commit, first = first_version("data/frozen/2030-01-01.csv", tmp_path)
    assert commit and product_at(commit, tmp_path) == {}  # the split itself is never product
    now = read_rows(split.read_text(encoding="utf-8"), "now")
    assert rewritten_rows(first, now) == {"A1": "rewritten", "A2": "removed"}


def test_a_split_without_an_id_or_message_column_is_refused():
    with pytest.raises(ValueError, match="a split needs"):
        read_rows("texto,rotulo\noi,rotina\n", "bad.csv")


def test_product_files_leave_out_every_split(tmp_path: Path):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    for path in ("data/frozen/2030-01-01.csv", "data/triage/heldout/2030-01-01.csv", "data/development/casos_teste_congelados.csv",
                 "data/development/casos_teste.csv"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("id,text\n", encoding="utf-8")
    assert set(product_files(tmp_path)) == {"data/development/casos_teste.csv"}
