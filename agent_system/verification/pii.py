"""Other people's personal data in clinic results and answers (the Verifier's rule R2).

Only the current patient's own name and CPF may be shown. Everything here judges data and
returns findings; nothing is logged, and findings never carry the data itself.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, Mapping

from agent_system.domain.clinic_data import Leaf, fold

# Patterns are written for `fold` output: lower case, no accents, punctuation kept.
# A CPF full or masked (*, x or •), formatted, or as 11 bare digits.
_CPF_TOKEN = re.compile(
    r"(?<![\w*•])(?:[\d*x•]{3}\.[\d*x•]{3}\.[\d*x•]{3}-[\d*x•]{2}|\d{9}-\d{2}|\d{11})(?![\w*•])")
# Lookbehinds keep dates (24/11/2026, 2026-11-24) and times (09:00) from reading as phones.
_PHONE = re.compile(
    r"(?:\+\s?55[\s.-]?)?\(\d{2}\)\s?9?\d{4}[\s.-]?\d{4}(?!\d)"  # (11) 98765-4321, (11) 3456-7890
    r"|\+\s?55[\s.-]?\d{2}[\s.-]?9?\d{4}[\s.-]?\d{4}(?!\d)"  # +55 11 98765-4321
    r"|(?<![\d:/.-])\d{2}[\s.]9\d{4}[\s.-]?\d{4}(?!\d)"  # 11 98765-4321
    r"|(?<![\d:/.-])9\d{4}-\d{4}(?![\d-])"  # 98765-4321
    r"|(?<![\d:/.-])\d{2}9\d{8}(?!\d)")  # 11987654321
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A street type, a name and a house number: "Rua das Acácias, 120", "Av. Brasil, 455".
_STREET = re.compile(
    r"\b(?:rua|avenida|av\.|travessa|alameda|rodovia|estrada|praca)\s+[^\W\d][^\d\n;:!?]{0,60}?,?\s*"
    r"(?:n[o.]?\s*)?\d{1,5}\b"
    r"|\b\d{1,5}\s+(?:[a-z]+\s+){1,3}(?:street|st\.|avenue|ave\.|road|rd\.|boulevard|blvd|lane)\b")
_POSTCODE = re.compile(r"\bcep\b:?\s*\d{5}-?\d{3}\b|(?<![\d-])\d{5}-\d{3}(?![\d-])")
_DIGIT_OR_AT = re.compile(r"[\d@]")
_SCHEDULE_VALUE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}")
_FOUR_DIGITS = re.compile(r"\d{4}")
_AT = re.compile("@")
# (kind, pattern, guard): the guard is a cheap search every match of the pattern needs (phones and
# postcodes hold four digits in a row, e-mails an "@"), so answers full of dates and times skip them.
_TEXT_PATTERNS = (("phone", _PHONE, _FOUR_DIGITS), ("email", _EMAIL, _AT), ("address", _STREET, None),
                  ("address", _POSTCODE, _FOUR_DIGITS))
_GUARDS = frozenset(guard for _, _, guard in _TEXT_PATTERNS if guard is not None)

# Field names (folded) whose value is personal data whoever it belongs to: scheduling never needs them.
_CONTACT_FIELDS = frozenset({
    "address", "endereco", "home_address", "logradouro", "street", "cep", "zip", "zip_code", "postal_code",
    "phone", "phone_number", "telefone", "celular", "mobile", "whatsapp", "fone",
    "email", "e-mail", "e_mail",
    "birth_date", "birthdate", "date_of_birth", "dob", "data_nascimento", "data_de_nascimento", "nascimento",
})
_CPF_KEYS = frozenset({"cpf", "cpf_masked", "documento", "document"})
_PATIENT_NAME_KEYS = frozenset({"patient_name", "patient", "paciente", "nome_paciente", "nome_do_paciente",
                                "patient_full_name"})
_GENERIC_NAME_KEYS = frozenset({"name", "nome", "full_name", "nome_completo"})
# Fields judged by their name whatever their value looks like; any other value is judged by its shape.
FIELD_KEYS = _CONTACT_FIELDS | _CPF_KEYS | _PATIENT_NAME_KEYS | _GENERIC_NAME_KEYS
# A generic "name" under these keys names a doctor, clinic or specialty: public information.
_PUBLIC_CONTEXTS = frozenset({"doctor", "doctors", "medico", "medica", "medicos", "clinic", "clinics", "clinica",
                              "clinicas", "specialty", "specialties", "especialidade", "serverinfo"})
# Doctors and clinics are public: "Dr. Paulo", "Clínica A" in a generic "name" field are not patients.
_PUBLIC_NAME = re.compile(r"^\s*(?:dra?|doutora?|clinica|clinic)\b")
_HAS_LETTERS = re.compile(r"[^\W\d_]{2,}")
_NON_WORD = re.compile(r"[^\w\s]")
# Person names found by shape, whatever field holds them: "Maria Aparecida Santos", "JOÃO DA SILVA".
_UPPER = re.compile(r"[^\W\d_a-zß-ÿ]")
_PART_SEPARATORS = re.compile(r"[,;:|/()\[\]\n]+")
_NAME_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_NAME_CONNECTORS = frozenset({"da", "das", "de", "do", "dos", "e", "di", "du", "van", "von", "del"})
# Capitalised words that begin or fill no patient's name in scheduling data (compared folded).
_NOT_NAME_WORDS = frozenset({
    "dr", "dra", "doutor", "doutora", "doctor", "clinica", "clinic", "consultorio", "hospital", "centro", "center",
    "medico", "medica", "sala", "room", "unidade", "unit", "andar", "bloco", "rua", "avenida", "av", "praca",
    "travessa", "alameda", "estrada", "rodovia", "bairro", "consulta", "consultas", "agenda", "horario", "horarios",
    "paciente", "patient", "plano", "saude", "health", "cardiologia", "dermatologia", "ortopedia", "cardiology",
    "dermatology", "orthopedics", "segunda", "terca", "quarta", "quinta", "sexta", "sabado", "domingo", "feira",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "janeiro", "fevereiro", "marco",
    "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro", "january",
    "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"})
_TITLE = re.compile(r"^(?:dra?|doutora?|doctor)\s+")
_TITLED_NAME = re.compile(r"\s*(?:Dra?\.?|Doutora?|Doctor)\s+[^\W\d_]")
_DATE_HINT = re.compile(r"\d[-/.]\d")
_DATED_YEAR = re.compile(r"(?<!\d)(\d{4})-[01]\d-[0-3]\d(?!\d)|(?<!\d)[0-3]?\d[/.][01]?\d[/.](\d{4})(?!\d)")


def cpf_digits(cpf: str) -> str:
    """The digits of a CPF as the session holds it (bare or formatted)."""
    return re.sub(r"\D", "", cpf)


def is_own_cpf(token: str, own_digits: str) -> bool:
    """Whether a CPF, full or masked, agrees with the patient's CPF on every visible digit."""
    chars = token.replace(".", "").replace("-", "")
    return len(chars) == 11 and all(c == o for c, o in zip(chars, own_digits) if c.isdigit())


def pii_kinds(text: str, own_name: str, own_cpf: str) -> set[str]:
    """The kinds of someone else's personal data in a text: cpf, phone, email, address."""
    if _SCHEDULE_VALUE.fullmatch(text):  # a slot's date or time, the most common value with digits
        return set()
    folded = _without_name(fold(text), own_name)
    if not _DIGIT_OR_AT.search(folded):  # every kind needs a digit (an e-mail an "@"): most names, notes
        return set()
    own = cpf_digits(own_cpf)
    tokens = _CPF_TOKEN.findall(folded)
    kinds = {"cpf"} if any(_visible(t) and not is_own_cpf(t, own) for t in tokens) else set()
    # Already judged: the patient's CPF must not read as a phone.
    rest = _CPF_TOKEN.sub(" ", folded) if tokens else folded
    guards = {guard: guard.search(rest) is not None for guard in _GUARDS}  # each searched once, shared
    return kinds | {kind for kind, pattern, guard in _TEXT_PATTERNS
                    if (guard is None or guards[guard]) and pattern.search(rest)}


def name_key(name: str) -> str:
    """A name as compared: case, accents, punctuation and spacing ignored."""
    return " ".join(_NON_WORD.sub(" ", fold(name)).split())


def mentions(text: str, name: str, own_name: str = "") -> bool:
    """Whether the text names this person in full (the patient's own name aside)."""
    wanted = name_key(name)
    return bool(wanted) and re.search(rf"\b{re.escape(wanted)}\b", _without_name(name_key(text), own_name)) is not None


def field_leaks(leaf: Leaf, own_name: str, own_cpf: str, doctors: frozenset[str] = frozenset()) -> bool:
    """Whether the field holding this value makes it someone else's personal data (its text aside)."""
    if leaf.key in _CONTACT_FIELDS and leaf.value.strip():
        return True
    if leaf.key in _CPF_KEYS and _foreign_cpf_field(leaf.value, own_cpf):
        return True
    return bool(foreign_names(leaf, own_name, own_cpf, doctors))


def foreign_names(leaf: Leaf, own_name: str, own_cpf: str, doctors: frozenset[str] = frozenset()) -> list[str]:
    """The people this value names who are neither the current patient nor a doctor, whatever its field."""
    named = [leaf.value] if _is_patient_name(leaf) else person_names(leaf.value)
    return [name for name in named
            if not _same_person(name, leaf.record, own_name, own_cpf) and doctor_key(name) not in doctors]


@lru_cache(maxsize=4096)
def person_names(value: str) -> tuple[str, ...]:
    """The parts of a value shaped like a person's full name: two or more capitalised words."""
    if not _UPPER.search(value):
        return ()
    parts = (part.strip(" .") for part in _PART_SEPARATORS.split(value))
    return tuple(part for part in parts if _is_name_shaped(part))


def suspect_leaves(found: list[Leaf]) -> list[Leaf]:
    """The leaves `field_leaks` can find anything in: named fields, and values shaped like a person's name.

    A listing has hundreds of leaves and a few dozen distinct values: most are skipped by one set lookup.
    """
    shaped = {value for value in {leaf.value for leaf in found} if person_names(value)}
    return [leaf for leaf in found if leaf.key in FIELD_KEYS or leaf.value in shaped]


@lru_cache(maxsize=1024)
def doctor_key(name: str) -> str:
    """A doctor's name as compared: `name_key` without the title ("Dr. Ricardo Lopes" -> "ricardo lopes")."""
    return _TITLE.sub("", name_key(name))


def doctor_keys(values: Iterable[str]) -> frozenset[str]:
    """The doctors among these values: every titled name ("Dra. Ana Beatriz Souza")."""
    return frozenset(doctor_key(v) for v in values if _TITLED_NAME.match(v))


def stale_date(texts: Iterable[str]) -> bool:
    """Whether a date lies two years or more before the latest one: scheduling never looks back that far.

    Among a turn's slots and bookings, such a date can only be a birth date (or another personal date).
    """
    years = [int(m.group(1) or m.group(2)) for text in texts if _DATE_HINT.search(text)
             for m in _DATED_YEAR.finditer(text)]
    return bool(years) and min(years) <= max(years) - 2


def _is_name_shaped(part: str) -> bool:
    """Two to six words, every one but the connectors capitalised letters only, none a place or calendar word."""
    words = part.split()
    if not 2 <= len(words) <= 6 or fold(words[0]) in _NAME_CONNECTORS:
        return False
    named = [word for word in words if fold(word) not in _NAME_CONNECTORS]
    return len(named) >= 2 and all(_is_name_word(word) for word in named)


def _is_name_word(word: str) -> bool:
    capitalised = word[0].isupper() and (word[1:].islower() or word.isupper())
    return len(word) >= 2 and capitalised and _NAME_WORD.fullmatch(word) is not None \
        and fold(word) not in _NOT_NAME_WORDS


def _is_patient_name(leaf: Leaf) -> bool:
    """Whether the value is a person's name in a field that names a patient."""
    # The field first: it is the cheapest test, and most values (dates, times, doctors) fail it.
    if leaf.key not in _PATIENT_NAME_KEYS and leaf.key not in _GENERIC_NAME_KEYS:
        return False
    if any(k in _PUBLIC_CONTEXTS for k in leaf.keys[:-1]):
        return False
    # Ids such as CARD-001 carry digits; names never do.
    if not _HAS_LETTERS.search(leaf.value) or any(c.isdigit() for c in leaf.value):
        return False
    if leaf.key in _PATIENT_NAME_KEYS:
        return True
    return leaf.key in _GENERIC_NAME_KEYS and not _PUBLIC_NAME.match(fold(leaf.value))


def _same_person(name: str, record: Mapping[str, Any], own_name: str, own_cpf: str) -> bool:
    """The patient's own name, or a shorter form of it on a record under their own CPF."""
    if name_key(name) == name_key(own_name):
        return True
    # A booking made in another session may carry "Ana Teixeira" for "Ana Paula Teixeira":
    # the clinic matched it by CPF, so it is the patient's if first and last names agree.
    theirs, mine = name_key(name).split(), name_key(own_name).split()
    same_ends = len(theirs) >= 2 and len(mine) >= 2 and (theirs[0], theirs[-1]) == (mine[0], mine[-1])
    return same_ends and _record_is_own(record, own_cpf)


def _record_is_own(record: Mapping[str, Any], own_cpf: str) -> bool:
    """Whether the object carries the patient's own CPF (full or masked)."""
    own = cpf_digits(own_cpf)
    values = [str(v) for k, v in record.items() if fold(str(k)) in _CPF_KEYS and v]
    return bool(values) and all(is_own_cpf(v.strip(), own) for v in values)


def _foreign_cpf_field(value: str, own_cpf: str) -> bool:
    """A CPF field holding anything but the patient's CPF (unformatted or oddly masked included)."""
    visible = value.strip()
    if not any(c.isdigit() for c in visible):
        return False  # empty or fully masked: nothing identifies anyone
    return not is_own_cpf(visible, cpf_digits(own_cpf))


def _visible(token: str) -> bool:
    """Whether a CPF-shaped token shows any digit (a fully masked one identifies nobody)."""
    return any(c.isdigit() for c in token)


def _without_name(folded: str, own_name: str) -> str:
    """The text with the patient's own name blanked, so it never reads as someone else's data."""
    own = name_key(own_name)
    # The substring test first: most texts (dates, times, doctors) never hold the name.
    return re.sub(rf"\b{re.escape(own)}\b", " ", folded) if own and own in folded else folded
