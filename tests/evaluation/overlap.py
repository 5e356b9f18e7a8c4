"""Whether a held-out split has leaked into the product, and whether it stayed as it was first committed.

A split's message leaks when it is found, whole, in any file of the product (code and its comments,
`static/`, `templates/`, i18n JSON, prompts, every CSV and test, the docs), or, for a blind split, when
a four-word sequence of it appears in a product file that held it nowhere when the split was
committed: the writer of a blind split saw no product, so what the product held then is coincidence;
what it gained since was learned. Findings name the split, the row and the file, never the text.
"""
from __future__ import annotations

import re
import subprocess
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

from tests.evaluation.splits import ROOT, SPLIT_GLOBS, Message, read_rows

# A message shorter than this is a reply or a greeting ("sim", "ok, pode", "oi, bom dia") that any
# product holds; it has no four-word sequence either, so neither check looks at it.
SEQUENCE = 4
Gram = tuple[str, ...]


@dataclass(frozen=True)
class Leak:
    """A split's row found in a product file: whole (`exact`) or by a four-word sequence added since."""
    split: str
    row: str
    file: str
    kind: str
    line: int = 0  # for a sequence: the product file's line where it starts, so its author can reword it


_MARKS = re.compile(r"[\u0300-\u036f]")  # the combining accents NFKD splits off Latin letters
_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """Accents and case folded, punctuation dropped: the words as the checks compare them."""
    return _WORD.findall(_MARKS.sub("", unicodedata.normalize("NFKD", text)).casefold())


def grams(tokens: list[str]) -> set[Gram]:
    """Every run of four consecutive words."""
    return {tuple(tokens[i:i + SEQUENCE]) for i in range(len(tokens) - SEQUENCE + 1)}


class Corpus:
    """The product's files as folded word sequences, for whole-message and four-word lookups.

    A file is cut at every turn separator (" || ", the CSVs' earlier turns), so that the end of one
    turn and the start of the next never read as one message.
    """

    def __init__(self, texts: dict[str, str]):
        self.texts = texts
        self.segments = {path: [words(part) for part in text.split("||")] for path, text in texts.items()}
        self.joined = {path: "\n".join(f" {' '.join(tokens)} " for tokens in parts)
                       for path, parts in self.segments.items()}

    def containing(self, message: str) -> list[str]:
        """The files holding the whole message, word for word."""
        key = f" {' '.join(words(message))} "
        return [path for path, text in self.joined.items() if key in text] if key.strip() else []

    def files_with(self, wanted: set[Gram]) -> dict[Gram, list[str]]:
        """For each wanted sequence present in the corpus, the files holding it."""
        firsts = {gram[0] for gram in wanted}  # most positions start no wanted sequence: skip them cheaply
        found: dict[Gram, list[str]] = {}
        for path, parts in self.segments.items():
            here = {gram for tokens in parts for i, word in enumerate(tokens[:len(tokens) - SEQUENCE + 1])
                    if word in firsts and (gram := tuple(tokens[i:i + SEQUENCE])) in wanted}
            for gram in here:
                found.setdefault(gram, []).append(path)
        return found

    def line_of(self, path: str, gram: Gram) -> int:
        """The first line of the file where the sequence starts (it may run on to the next line)."""
        lines = self.texts[path].splitlines()
        for number, line in enumerate(lines, 1):
            here = words(line)
            joined = here + words(lines[number]) if number < len(lines) else here
            starts = range(len(here))
            if any(tuple(joined[i:i + SEQUENCE]) == gram for i in starts):
                return number
        return 0


def exact_leaks(split: str, split_messages: Iterable[Message], product: Corpus) -> Iterator[Leak]:
    """Messages of the split, of four words or more, found whole in a product file."""
    for message in split_messages:
        if len(words(message.text)) < SEQUENCE:
            continue
        for path in product.containing(message.text):
            yield Leak(split, message.row, path, "exact")


def sequence_leaks(split: str, split_messages: Iterable[Message], product: Corpus, before: Corpus) -> Iterator[Leak]:
    """Rows of a blind split sharing a four-word sequence with a product file that `before` held nowhere."""
    by_gram: dict[Gram, set[str]] = {}
    for message in split_messages:
        for gram in grams(words(message.text)):
            by_gram.setdefault(gram, set()).add(message.row)
    new = set(by_gram) - set(before.files_with(set(by_gram)))
    found: dict[tuple[str, str], int] = {}
    for gram, paths in product.files_with(new).items():
        for row in by_gram[gram]:
            for path in paths:
                line = product.line_of(path, gram)
                found[(row, path)] = min(found.get((row, path), line), line)
    for (row, path), line in sorted(found.items()):
        yield Leak(split, row, path, "sequence", line)


def product_files(root: Path = ROOT) -> dict[str, str]:
    """Every text file of the working tree that git tracks or would track, but the splits themselves."""
    listed = _git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    texts = {}
    for path in listed:
        if path and not _is_split(path):
            text = _read(root / path)
            if text is not None:
                texts[path] = text
    return texts


def product_at(commit: str, root: Path = ROOT) -> dict[str, str]:
    """The product's text files as they were at `commit` (the splits of that time left out)."""
    entries = [line.split("\t", 1) for line in _git(root, "ls-tree", "-r", "-z", commit).split("\0") if line]
    wanted = [(path, meta.split()[2]) for meta, path in entries if meta.split()[1] == "blob" and not _is_split(path)]
    blobs = subprocess.run(["git", "cat-file", "--batch"], cwd=root, check=True, capture_output=True,
                           input="".join(f"{sha}\n" for _, sha in wanted).encode()).stdout
    texts, position = {}, 0
    for path, _ in wanted:
        header_end = blobs.index(b"\n", position)
        size = int(blobs[position:header_end].split()[2])
        text = _text(blobs[header_end + 1:header_end + 1 + size])
        position = header_end + 1 + size + 1
        if text is not None:
            texts[path] = text
    return texts


def first_commit(path: str, root: Path = ROOT) -> str | None:
    """The commit that first added `path`, or None when it was never committed."""
    added = _git(root, "log", "--diff-filter=A", "--format=%H", "--", path).split()
    return added[-1] if added else None


def first_version(path: str, root: Path = ROOT) -> tuple[str, dict[str, dict[str, str]]] | None:
    """The first committed version of a split, by row id, with the commit that added it."""
    commit = first_commit(path, root)
    if commit is None:
        return None
    return commit, read_rows(_git(root, "show", f"{commit}:{path}"), f"{path} at {commit[:7]}")


def rewritten_rows(first: dict[str, dict[str, str]], now: dict[str, dict[str, str]]) -> dict[str, str]:
    """Rows of the first version that are gone or changed now (append-only: rows may only be added)."""
    return {row: "removed" if row not in now else "rewritten"
            for row, values in first.items() if now.get(row) != values}


def _is_split(path: str) -> bool:
    return any(fnmatch(path, pattern) for pattern in SPLIT_GLOBS)


def _read(path: Path) -> str | None:
    try:
        return _text(path.read_bytes())
    except (FileNotFoundError, IsADirectoryError):
        return None  # deleted since git listed it (another test's scratch file), or a submodule


def _text(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None  # binary (model weights): no message can hide there


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout
