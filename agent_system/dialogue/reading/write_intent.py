"""Whether a message asks for a write: the one deterministic check that planners and the router share.

Only a request changes a booking: an order ("marca…", "cancel my appointment"), a wish ("quero
agendar…", "I'd like to book…"), a second-person request ("pode marcar…?", "can you book…?") or a
bare choice among offered slots ("o primeiro", "Dr. Fernando 27/11 às 8h"). Anything asked about
(who, whether, is it free, how much, where, is Dr. X good), negated, hedged ("só pra saber", "if you
were me") or quoted never writes, whatever verbs it contains. When unsure, it is not a request: the
assistant then shows the slots and the patient can say "marca".
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from clinic_servers.contract.booking_codes import CODE_PATTERN, canonical

from agent_system.language.lexicon import LivePattern, alternatives, number_words, words
from agent_system.language.registry import generation
from agent_system.language.text import normalize
from agent_system.dialogue.reading.phrases import not_after_a_title, phrase_pattern

def _any(concept: str) -> str:
    """A concept's words in every registered language (language/<code>/lexicon.py), as one group."""
    return f"(?:{alternatives(concept)})"


def _write() -> str:
    """A verb that writes: book, cancel or move; a verb of changing with its object ("muda pra sexta", "move it to
    Friday"; "passa o endereço" is no request); or a phrase that places the patient ("bota meu nome", "put me down")."""
    with_target = (rf"{_any('change_verb')}(?: {_any('change_pointer')})?(?: {_any('change_object')})?"
                   rf"(?: {_any('change_to')}\b| {_any('booking_noun')}\b)")
    return rf"(?:(?:{'|'.join((*words('write_book'), *words('write_cancel'), *words('write_move')))})\b|{with_target}|{_any('place_me')})"


# Words said before a request that change nothing ("ok", "então", "please").
def _openers() -> str:
    return rf"(?:{_any('opener')}\s+)*"


_ORDER = LivePattern(lambda: re.compile(rf"^{_openers()}(?:{_any('order_pronoun')} )?{_write()}"))  # "marca", "me agenda", "me encaixa"
_WISHED = LivePattern(lambda: re.compile(
    rf"\b{_any('wish')} (?:{_any('wish_joiner')} )?{_write()}"
    rf"|\b{_any('wish')} (?:{_any('wish_to')} )?{_any('see_doctor')} (?:{_any('see_doctor_article')} )?"
    rf"{_any('doctor_title')}\b"))
# "me vê um horário com…", "consegue uma vaga pra mim com…": a slot asked for by its noun, a request with the whole slot.
_SLOT_NOUN = LivePattern(lambda: re.compile(rf"^{_any('slot_by_noun')}(?P<rest>.*)$"))
_WISHED_SLOT = LivePattern(lambda: re.compile(rf"^{_openers()}{_any('wish')} (?P<rest>.+)$"))
# "pode marcar…?" and "can you book…?" ask someone to act: a request even as a question. "dá pra…" and "tem como…"
# are requests only when not asked ("tem como marcar sem convênio?" asks whether); "posso marcar…?", "could I get in
# with…?" ask leave, a request when they name the whole slot. "esse pode reservar": the slot just named, then the request.
_ASKED_POLITELY = LivePattern(lambda: re.compile(
    rf"^{_openers()}(?:{_any('this_one')} )?"
    rf"(?P<modal>{_any('second_person')}|{_any('soft_modal')}|{_any('may_i')}) "
    rf"(?:{_any('polite_filler')} )*{_write()}(?P<rest>.*)$"))
_SOFT_OR_LEAVE = LivePattern(lambda: re.compile(rf"{_any('soft_modal')}|{_any('may_i')}"))
_OPENERS_ONLY = LivePattern(lambda: re.compile(_openers()))

_NEGATED = phrase_pattern("negation")
_HEDGED = phrase_pattern("hedge")  # "if", "só pra saber", "if you were me": asked about, not asked for
_COURTESY = phrase_pattern("courtesy")
# Conditions that close a question the patient asked just before: "…? se tiver, marca", "…? if so, book it".
# "vê se consegue marcar…" asks someone to act, like "consegue marcar…": the "se" is no hedge there.
_SEE_IF = LivePattern(lambda: re.compile(rf"^{_any('see_if')}"))
# "works" accepts a choice ("the second option works", "that one works fine"); about a doctor it says when they work.
# A whole slot followed by "works" accepts it too ("Dr. X on Tuesday at 9 am works").
_ACCEPTED = LivePattern(lambda: re.compile(
    rf"\b(?P<what>{_any('works_subject')}|h|\d) {_any('accepts_choice')}$| {_any('accepts_anywhere')}\b"))
_TAG = phrase_pattern("go_ahead_tag")  # "…, beleza?", "…, would that work?"
_CONDITION_MET = LivePattern(lambda: re.compile(rf"^{_any('condition_met')}\b ?"))
_ASKING = LivePattern(lambda: re.compile(
    rf"^(?:{_any('question_opener')} )?{_any('question_auxiliary')}\b|\b{_any('question_word')}\b"))

# The words of a bare choice of a slot are the language packs' (language/<code>/lexicon.py): what it may say, what in
# it picks (a day, a part of the day, an ordinal, a pointer), and which of those are ordinals or pointers.


def _word_set(concept: str) -> frozenset[str]:
    """A concept's words in every registered language, as a set (a bare choice is checked word by word)."""
    return _words_of(concept, generation())


@lru_cache(maxsize=32)
def _words_of(concept: str, _generation: int) -> frozenset[str]:
    return frozenset(words(concept))


def _slot_words() -> frozenset[str]:
    return _word_set("slot_word") | number_words()


def _spoken_numbers() -> frozenset[str]:
    """Every word a day or an hour may be said in, but the little words that only join them (number_joiner)."""
    return number_words() - _word_set("number_joiner")


def _titles() -> frozenset[str]:
    """A doctor's titles as written: "doutora", "dr", "dr."."""
    short = _word_set("title_abbreviation")
    return _word_set("doctor_title") | short | {f"{title}." for title in short}


# A day or an hour said in words picks as a digit does ("dia vinte e seis as dezesseis horas"); not the little
# words that only join them, nor "um"/"uma"/"one" (an article as often as a number): the packs' number_joiner.
# Said anywhere, these make the whole message a question: "marca com o Dr. X às 9h, só perguntando".
_JUST_ASKING = phrase_pattern("just_asking")
# A specialty a bare choice may name ("dermato tarde", "ortho at 3").
_SPECIALTY = LivePattern(lambda: re.compile(rf"^(?:{alternatives('specialty_stem')})"))

_SENTENCES = LivePattern(lambda: re.compile(rf"([?!\n:]|{not_after_a_title()}\.(?!\d))"))
_CLAUSES = LivePattern(lambda: re.compile(rf"[;,]|\b{_any('clause_break')}\b", re.IGNORECASE))
_QUOTED = re.compile(r"[\"“”«»][^\"“”«»]*[\"“”«»]")


def is_write_request(message: str, names: frozenset[str] = frozenset()) -> bool:
    """Whether the message asks for a booking, cancel or reschedule (not merely asks about one).

    `names` are the doctors' first names and surnames, which a bare choice may use without a title
    ("o primeiro com a Juliana").
    """
    return _is_write_request(message, names, generation())


@lru_cache(maxsize=1024)  # the planner, the overlap guard and the router each ask about the same message
def _is_write_request(message: str, names: frozenset[str], _generation: int) -> bool:
    """`is_write_request` for the languages registered now."""
    clauses = _clauses(_QUOTED.sub(" ", message))
    if _JUST_ASKING.search(normalize(message)):
        return False
    if any(_requests(clause, asked, names) for clause, asked in clauses):
        return True
    # "I'd like an appointment with Dr. X, December 4, 10 AM": the slot's parts listed with commas.
    joined = " ".join(c for c, _ in clauses)
    if len(clauses) > 1 and _requests(joined, any(a for _, a in clauses), names):
        return True
    # "Dr. X, Dec 4, 10am please": a whole slot named, nothing asked.
    if len(clauses) > 1 and not any(a for _, a in clauses) and _is_choice(joined.split(), names) \
            and _whole_slot(joined.split(), names):
        return True
    # A bare choice ("o primeiro", "às 10h") only as the whole reply: "first, tell me the price" is no pick.
    choices = [not asked and _is_choice(clause.split(), names) for clause, asked in clauses
               if clause and not _OPENERS_ONLY.fullmatch(clause + " ")]  # "…, please" / "yes, that one"
    if bool(choices) and all(choices):
        return True
    if _wanted_slot(message, clauses, names):
        return True
    # A slot named, then a tag asking for the go-ahead: "a Dra. Y dia 9 às 8h, beleza?".
    return len(clauses) == 2 and bool(_TAG.fullmatch(clauses[1][0])) and _is_choice(clauses[0][0].split(), names)


# A wish or a please said with a whole slot: "I want Dr. X, Friday Dec 4, 2pm", "Dermatology with Dra. X, Nov 30 at
# 9:00 please", "me põe com a dra X qua 2/12 10:30".
_WANTED = phrase_pattern("wanted")
# …unless it is slots the patient wants to see: "quero ver os horários da dra X dia 30 às 9h".
_LOOKING = phrase_pattern("looking")


def _wanted_slot(message: str, clauses: list[tuple[str, bool]], names: frozenset[str]) -> bool:
    """A whole slot (doctor, day and time) said with a wish or a please, with nothing asked, negated or hedged."""
    plain = normalize(message)
    if any(asked for _, asked in clauses) or _NEGATED.search(plain) or _HEDGED.search(plain):
        return False
    looking = _ASKING.search(plain) or _LOOKING.search(plain)
    return bool(_WANTED.search(plain)) and not looking and _whole_slot(plain.split(), names)


def is_question(message: str) -> bool:
    """Whether the message asks about something (a question word, not a polite request) and requests nothing."""
    clauses = _clauses(_QUOTED.sub(" ", message))
    return not is_write_request(message) and any(_ASKING.search(c) and not _ASKED_POLITELY.match(c)
                                                 for c, _ in clauses)


def _clauses(message: str) -> list[tuple[str, bool]]:
    """Each clause, normalised, with whether its sentence ends with a question mark."""
    parts = _SENTENCES.split(message)
    sentences = zip(parts[::2], [*parts[1::2], ""])
    return [(_plain(clause), end == "?") for sentence, end in sentences
            for part in _CLAUSES.split(sentence) if (clause := normalize(part))]


def _plain(clause: str) -> str:
    """A clause without courtesy, a met condition or "vê se", and with "works (for me)" as an "ok"."""
    clause = _SEE_IF.sub("", _CONDITION_MET.sub("", _COURTESY.sub(" ", clause)).strip())
    return _ACCEPTED.sub(lambda m: f"{m['what'] or ''} ok", clause)


def _requests(clause: str, asked: bool, names: frozenset[str]) -> bool:
    if not clause or _NEGATED.search(clause) or _HEDGED.search(clause):
        return False
    by_noun = _SLOT_NOUN.match(clause)
    if by_noun:
        rest = by_noun.group("rest").split()
        return _slot_words_only(rest, names) and _whole_slot(rest, names)
    polite = _ASKED_POLITELY.match(clause)
    if polite:
        # "dá pra marcar amanhã?" asks whether; with the doctor, the day and the time it asks for that booking.
        soft = _SOFT_OR_LEAVE.fullmatch(polite.group("modal")) is not None
        rest = polite.group("rest").split()
        return _slot_words_only(rest, names) and not (asked and soft and not _whole_slot(rest, names))
    if asked:
        return bool(_ORDER.match(clause)) and _slot_words_only(_ORDER.sub("", clause).split(), names)
    if _ORDER.match(clause):
        return True
    if _ASKING.search(clause):
        return False
    wished = _WISHED_SLOT.match(clause)
    return bool(_WISHED.search(clause) or (wished and _is_choice(wished.group("rest").split(), names)))


def _whole_slot(words: list[str], names: frozenset[str]) -> bool:
    """Words that name a doctor, a day and a time ("com a dra X dia 24 as 11h30", "Dr. X on Nov 30 at 2 PM")."""
    titles, spoken = _titles(), _spoken_numbers()
    doctor = any(w in titles or w in names for w in words)
    numbers = sum(w[:1].isdigit() or w in spoken for w in _numbers_joined(words))  # "the twenty-seventh"
    anchors, ordinals = _word_set("slot_anchor"), _word_set("ordinal_anchor")
    days = sum(w in anchors and w not in ordinals for w in words)
    return doctor and (numbers >= 2 or (numbers == 1 and days >= 1))


def _is_choice(words: list[str], names: frozenset[str]) -> bool:
    """A reply made only of a slot's words, with something that picks one (a day, a time, an ordinal)."""
    words, anchors = [part for word in words for part in word.split("-") if part], _word_set("slot_anchor")  # "sexta-feira"
    spoken = _spoken_numbers()
    return _slot_words_only(words, names) and any(w in anchors or w in spoken or w[:1].isdigit() for w in words)


def _slot_words_only(words: list[str], names: frozenset[str] = frozenset()) -> bool:
    after_title, predicates, slot_words, titles = 0, _word_set("predicate"), _slot_words(), _titles()
    for word in _numbers_joined([part for said in words for part in said.split("-") if part]):
        if word in titles:
            after_title = 3
        elif word in predicates:
            return False
        elif after_title and word.isalpha():
            after_title -= 1
        elif not (word in slot_words or word in names or word[:1].isdigit() or _SPECIALTY.match(word)):
            return False
    return True


def _numbers_joined(words: list[str]) -> list[str]:
    """The words without the "e" inside a number said in words ("vinte e seis", "quatro e meia"): no predicate."""
    spoken, joining = number_words(), _word_set("number_and")

    def number(word: str) -> bool:
        return word[:1].isdigit() or word in spoken
    return [w for i, w in enumerate(words)
            if not (w in joining and 0 < i < len(words) - 1 and number(words[i - 1]) and number(words[i + 1]))]


def confirmation_reply(message: str, code: str | None = None) -> Literal["yes", "no"] | None:
    """A clear yes or no to "shall I cancel/move it?"; anything hesitant or asked back is no yes.

    A typed booking code with nothing but assent around it ("o código é K7M4QP") is a yes.
    """
    said = re.findall(r"\w+", normalize(without_codes(message)))
    yes, along, no = (frozenset(words(concept)) for concept in ("confirm_yes", "confirm_along", "confirm_no"))
    if any(w in no for w in said):
        return "no"
    if message.strip().endswith("?") or not all(w in yes or w in along for w in said):
        return None
    return "yes" if code or any(w in yes for w in said) else None


_CODE_LIKE = re.compile(r"(?<![\w-])[A-Za-z0-9]{3}-?[A-Za-z0-9]{3}(?![\w-])")


def mistyped_code(message: str) -> bool:
    """Whether the message holds something shaped like a booking code that no code can be ("TNY4Y0")."""
    return any(any(c.isdigit() for c in found) and any(c.isalpha() for c in found)
               and not CODE_PATTERN.match(canonical(found)) for found in _CODE_LIKE.findall(message))


def without_codes(text: str) -> str:
    """The text with every booking code blanked: "PJG963" is a code, not a patient id like "CARD-001"."""
    return _CODE_LIKE.sub(lambda found: " " if _is_code(found.group()) else found.group(), text)


def booking_code_in(message: str) -> str | None:
    """A booking code the patient typed ("K7M4QP", "k7m-4qp"), if any."""
    return next((canonical(found) for found in _CODE_LIKE.findall(message) if _is_code(found)), None)


def _is_code(candidate: str) -> bool:
    code = canonical(candidate)
    return bool(CODE_PATTERN.match(code)) and any(c.isdigit() for c in code) and any(c.isalpha() for c in code)
