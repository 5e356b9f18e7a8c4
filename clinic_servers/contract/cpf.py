"""CPF (Brazilian taxpayer id) validation and masking, shared by clinics, orchestrator and web app."""
from __future__ import annotations

import re

_NON_DIGITS = re.compile(r"\D")
# ASCII only: `\d` takes every script's digits, and a CPF in fullwidth or Arabic-Indic digits reads the
# same once masked but would be another key in every store.
_CPF_DIGITS = re.compile(r"[0-9]{11}", re.ASCII)
_SEPARATORS = str.maketrans("", "", " .-")


def _check_digit(digits: str) -> str:
    """One CPF verification digit for the digits given (weights count down to 2)."""
    total = sum(int(d) * w for d, w in zip(digits, range(len(digits) + 1, 1, -1)))
    rest = (total * 10) % 11
    return "0" if rest == 10 else str(rest)


def normalize_cpf(value: object) -> str | None:
    """The 11 ASCII digits of a valid CPF (spaces, dots and the dash dropped), or None when invalid."""
    digits = value.translate(_SEPARATORS) if isinstance(value, str) else ""
    if not _CPF_DIGITS.fullmatch(digits):
        return None
    # Repeated digits pass the arithmetic but are never issued.
    if digits == digits[0] * 11:
        return None
    if _check_digit(digits[:9]) != digits[9] or _check_digit(digits[:10]) != digits[10]:
        return None
    return digits


def format_cpf(digits: str) -> str:
    """The canonical form of 11 CPF digits: three groups of three split by dots, then a dash and the two check digits."""
    return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"


def mask_cpf(digits: str) -> str:
    """Hide the first three and the check digits: ***.456.789-**."""
    return f"***.{digits[3:6]}.{digits[6:9]}-**"


def redact_cpfs(text: str) -> str:
    """Replace every full CPF-looking number in free text by its masked form."""
    return _CPF_IN_TEXT.sub(lambda m: mask_cpf(_NON_DIGITS.sub("", m.group(0))), text)


_CPF_IN_TEXT = re.compile(r"(?<!\d)(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})(?!\d)")
