"""The one fold: lower case without accents, the form every reader compares text in.

Patients' messages (`language.text`, for the reading and triage) and clinic data (`clinic_data`, for the checks)
are folded by this function; it sits at the bottom so that every layer can use it.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def fold(text: str) -> str:
    """Lower case without accents, punctuation kept ("Coração’s" -> "coracao's")."""
    if text.isascii():  # nothing to decompose: most clinic values (dates, times, codes) take this path
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.replace("\u2019", "'")).casefold()
    # Only the non-ASCII characters can be marks: a long answer has a few dozen of them.
    return _NON_ASCII.sub(lambda mark: _without_mark(mark.group()), decomposed)


@lru_cache(maxsize=1024)
def _without_mark(char: str) -> str:
    return "" if unicodedata.combining(char) else char
