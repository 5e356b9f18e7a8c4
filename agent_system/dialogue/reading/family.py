"""Who an appointment is for: a relative named in the message ("pro meu filho", "for my mom"), or the patient.

Read on normalised text (lower case, no accents). The relation is kept as the patient said it, so the
answer can say "seu filho" / "your mom" back.
"""
from __future__ import annotations

import re
import unicodedata

from clinic_servers.contract.cpf import normalize_cpf

_PT_RELATIVES = (r"filh[oa]s?|mae|mamae|pai|papai|espos[oa]|marido|mulher|av[oó]|vo|vovo|irma|irmao|net[oa]|"
                 r"sogr[oa]|enteado|enteada|companheir[oa]|namorad[oa]|bebe|filhinh[oa]|tio|tia|sobrinh[oa]|prim[oa]|"
                 r"cunhad[oa]|genro|nora|cacula")
_EN_RELATIVES = (r"(?:mother|father|son|daughter)[ -]in[ -]law|son|daughter|kid|child|mom|mum|mother|dad|father|wife|"
                 r"husband|grandma|grandmother|grandpa|"
                 r"grandfather|grandson|granddaughter|grandchild|grandkid|sister|brother|baby|partner|aunt|uncle|nephew|"
                 r"niece|cousin|stepson|stepdaughter|boy|girl|kids|children")
# "for my elderly mother", "my little girl needs…": a word about the relative before the relation.
_EN_ABOUT = r"(?:(?:little|elderly|old|older|younger|youngest|eldest|oldest|teenage|baby|two) )?"
# "pro meu filho", "para minha mãe", "a consulta da minha filha", "meu pai precisa", "for my mom", "my dad needs":
# the relative is whom the appointment is for; "meu filho mexeu no armário" only tells what happened.
_PT_FOR = r"(?:pro|pra|para|p/|p|do|da|de)\s+(?:o\s+|a\s+)?"
# "meu pai também precisa", "my dad also needs": one word may stand between the relative and the need.
_PT_NEEDS = r"(?:\s+(?:tb|tbm|tambem|ainda|so|mesmo|agora))?\s+(?:precisa|quer|queria|tem que|vai|deve|necessita|ta precisando|esta precisando)"
_EN_NEEDS = r"(?:\s+(?:also|too|really|still|now))?\s+(?:needs|wants|has to|should|must|would like)"
# "meu marido machucou o joelho, tem ortopedista pra ele?": the relative, then the appointment asked for them.
_PT_FOR_THEM = r"[^.?!]*?\b(?:pro|pra|para|p/)\s+(?:ele|ela)\b"
_EN_FOR_THEM = r"[^.?!]*?\bfor\s+(?:him|her)\b"
_RELATIVE = re.compile(
    rf"\b(?:{_PT_FOR}(?:meu|minha)\s+(?P<pt>{_PT_RELATIVES})\b|(?:meu|minha)\s+(?P<pt2>{_PT_RELATIVES}){_PT_NEEDS}\b"
    rf"|for\s+my\s+{_EN_ABOUT}(?P<en>{_EN_RELATIVES})\b|my\s+{_EN_ABOUT}(?P<en2>{_EN_RELATIVES}){_EN_NEEDS}\b"
    # "put my grandson in the 11:30", "bota minha sogra no das 9": the relative as the one being booked
    rf"|(?:put|book|get|schedule|sign up|squeeze)\s+my\s+{_EN_ABOUT}(?P<en3>{_EN_RELATIVES})\b"
    rf"|(?:marca|agenda|coloca|bota|poe|encaixa)\s+(?:o\s+|a\s+)?(?:meu|minha)\s+(?P<pt3>{_PT_RELATIVES})\b"
    rf"|(?:meu|minha)\s+(?P<pt4>{_PT_RELATIVES})\b{_PT_FOR_THEM}|my\s+{_EN_ABOUT}(?P<en4>{_EN_RELATIVES})\b{_EN_FOR_THEM})")
# The relative is the patient when the words are about the patient's own relative's case, not a booking for
# them: "minha mãe marcou pra mim" names the booker. A booking for the patient themself.
_FOR_SELF = re.compile(r"\b(?:pra|para) mim\b|\bpra eu\b|\bfor me\b|\bfor myself\b|\beu mesm[oa]\b|"
                       r"\bminha propria\b|\bmy own\b")
_CPF_LIKE = re.compile(r"(?<![\d.])(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![\d-])")
# Words around a name and a CPF that are not the name: "o nome dele é Lucas, CPF ...", "her name is ...".
# "He's Jorge Costa, CPF ...": the pronoun and its verb introduce the name, as "ele é" does.
_NOT_NAME = re.compile(r"\b(?:(?:he|she|it|this|that)['’]s|he|she|o|a|e|é|eh|nome|completo|dele|dela|cpf|do|da|seu|sua|"
                       r"meu|minha|filh[oa]|net[oa]|sobrinh[oa]|prim[oa]|sogr[oa]|espos[oa]|marido|irm[aã]o?|m[aã]e|pai|"
                       r"av[oóô]|entead[oa]|cunhad[oa]|grand(?:son|daughter|child|kid|ma|pa|mother|father)|mom|mum|mother|"
                       r"dad|father|wife|husband|sister|brother|cousin|nephew|niece|aunt|uncle|"
                       r"step(?:son|daughter|mother|father)|"
                       r"is|his|her|name|full|and|my|son|daughter|ssn|number|numero|número|chama|se|"
                       r"ele|ela|esta|está|aqui|segue|ok|sim|yes)\b", re.IGNORECASE)
_NAME_WORD = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")


def relation_in(text: str) -> str | None:
    """The relative a normalised message books for ("filho", "mom"), or None."""
    found = _RELATIVE.search(text)
    return next((g for g in found.groups() if g), None) if found else None


def for_self(text: str) -> bool:
    """Whether a normalised message says the appointment is for the patient ("pra mim", "for me")."""
    return bool(_FOR_SELF.search(text))


def person_in(message: str) -> tuple[str, str | None] | None:
    """A full name and a CPF typed together ("Lucas Duarte, cpf ..."): (name, 11 digits or None when
    the number is not a valid CPF); None without a CPF-shaped number and a name of two words or more."""
    found = _CPF_LIKE.search(message)
    if found is None:
        return None
    rest = _NOT_NAME.sub(" ", message[:found.start()] + " " + message[found.end():])
    words = [w for w in re.split(r"[\s,;:.!?()]+", rest) if w]
    if len(words) < 2 or not all(_NAME_WORD.match(w) for w in words) or len(words) > 8:
        return None
    name = " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words)
    return unicodedata.normalize("NFC", name), normalize_cpf(found.group(1))
