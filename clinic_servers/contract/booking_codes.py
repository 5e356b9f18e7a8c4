"""Booking codes: six characters a patient can read over the phone, proof that a booking is theirs."""
from __future__ import annotations

import re
import secrets

# No 0/O, 1/I/L, 2/Z, 5/S or 8/B: nothing a patient could misread.
LETTERS = "ACDEFGHJKMNPQRTUVWXY"
DIGITS = "34679"
LENGTH = 6
CODE_PATTERN = re.compile(rf"^[{LETTERS}{DIGITS}]{{{LENGTH}}}$")


def new_code() -> str:
    """A fresh random code with at least one letter and one digit (so it never reads as a word or a number)."""
    while True:
        code = "".join(secrets.choice(LETTERS + DIGITS) for _ in range(LENGTH))
        if any(c in DIGITS for c in code) and any(c in LETTERS for c in code):
            return code


def canonical(code: str) -> str:
    """The code as stored: upper case, spaces and dashes dropped."""
    return re.sub(r"[\s-]", "", code).upper()
