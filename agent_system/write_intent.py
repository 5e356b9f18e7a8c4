"""Whether a message asks for a write: the one deterministic check that planners and the router share.

Only a request changes a booking: an imperative ("marca…", "cancel it"), a wish ("quero agendar…",
"I'd like to book…"), a polite modal ("pode marcar…?", "can you book…?"), or a choice among offered
slots ("o primeiro", "that one"). Questions about slots, doctors, prices or the clinic (who, whether,
is it free, how much, where, is Dr. X good) never write, whatever verbs they contain.
"""
from __future__ import annotations

import re
from typing import Literal

from .text import normalize

# Verbs of booking, cancelling and moving, as people type them (imperative, infinitive, "-me").
_WRITE_VERB = (
    r"(?:marc(?:a|ar|a-?me|ar-?me)|marque|agend(?:a|ar|e|a-?me)|reserv(?:a|ar|e)|bot(?:a|ar|e)|coloc(?:a|ar)|coloque"
    r"|poe|ponha|garant(?:e|a|ir)|encaix(?:a|ar|e)|confirm(?:a|ar|e|o)|cancel(?:a|ar|e)|desmarc(?:a|ar)|desmarque|remarc(?:a|ar)|remarque|reagend(?:a|ar|e)"
    r"|mud(?:a|ar|e)|troc(?:a|ar)|troque|pass(?:a|ar|e)|jog(?:a|ar|ue)|adi(?:a|ar|e)|antecip(?:a|ar|e)|fech(?:a|ar|e)"
    r"|book|reserve|schedule|cancel|reschedule|move|change|switch|shift|put|sign|confirm|drop|scrap|grab"
    r"|lock|set|make|get|pencil|slot|fit|squeeze|add)"
)
# Words that may open a request without changing it ("ok, marca", "por favor agende", "then book it").
_FILLER = (r"(?:(?:ok|okay|sim|yes|yeah|yep|entao|ta|beleza|blz|perfeito|otimo|show|massa|certo|por favor|pf|pfv|"
           r"pls|please|oi|ola|hi|hello|hey|bom dia|boa tarde|boa noite|e|and|then|so|great|cool|alright|ah|ai|"
           r"vc|voce|se puder|if possible|if so|se sim|se tiver|se estiver|if it is|if there is|if yes)\s+)*")
_NEGATION = r"(?<!nao )(?<!not )(?<!don t )(?<!nem )(?<!never )(?<!nunca )"
_MODAL = (r"(?:pode|podia|poderia|consegue|conseguiria|da pra|da para|tem como|posso|podemos|"
          r"can you|could you|would you|will you|can i|could i|may i|can we|could we|i can)")
_WISH = (r"(?:quero|qro|kero|queria|qria|gostaria(?: de)?|preciso|desejo|vou querer|i want(?: to)?|i wanna|i d like(?: to)?|"
         r"i would like(?: to)?|i need(?: to)?|i ll|i will|let s|lets|want to)")
# What a wish may point at instead of a verb: "quero o das 10h", "I'd like the first one".
_CHOSEN = (r"(?:o|a|os|esse|essa|este|esta|aquele|aquela|um horario|uma consulta|uma vaga|o horario|com|with|"
           r"dr|dra|doutor|doutora|doctor|"
           r"the|that|this|it|an appointment|a slot|a booking|the slot|that slot|that one|this one)")
_CHOICE = (r"(?:o |a |the )?(?:primeir[oa]|segund[oa]|terceir[oa]|quart[oa](?! feira)|quint[oa](?! feira)|"
           r"sext[oa](?! feira)|ultim[oa]|mais cedo|mais proxim[oa]|first|second|third|fourth|fifth|sixth|"
           r"last (?:one|slot|option|opening)|earliest|soonest|\d+(?:o|a|st|nd|rd|th)\b)|esse mesmo|este mesmo|esse ai|esse horario|"
           r"that one|this one|fico com|vou de|vou com|pode ser|i ll take|i will take|take it|sounds good|works for me|"
           r"(?:i ll |i will |let s |lets )?go (?:with|for)|"
           r"(?:o |a |the )(?:da |de )?(?:manha|tarde|noite)|(?:the )?(?:morning|afternoon|evening) one")
# A reply that names a slot without a verb ("às 10h", "Dr. Fernando 27/11 às 08:00", "tomorrow at 9"):
# a choice among the slots just offered, unless it ends with a question mark ("às 10h?" asks whether).
# A specialty or "consulta" may open it: "Dermatology with Dr. Nunes on Dec 3 at 10, please".
_NAMED_SLOT = (r"(?:(?:cardio\w*|derm\w*|orto\w*|ortho\w*|consulta|appointment|an appointment)\s+)?"
               r"(?:(?:o|a|the|com|with|para|pra|for|on|no|na)\s+){0,2}(?:(?:das|da|de|do|as|at)\s+)?"
               r"(?:\d|amanha|hoje|tomorrow|today|dr|dra|doutor|doutora|doctor|segunda|terca|quarta|quinta|sexta|"
               r"monday|tuesday|wednesday|thursday|friday)")

_REQUESTS = tuple(re.compile(p) for p in (
    rf"^{_FILLER}{_NEGATION}(?:me\s+)?{_WRITE_VERB}\b",  # "marca", "me agenda", "me encaixa"
    rf"{_NEGATION}\b{_WISH}\s+(?:(?:de|to|me|pra mim)\s+)?{_WRITE_VERB}\b",
    rf"{_NEGATION}\b{_WISH}\s+(?:to\s+)?(?:see|ver|consultar com|passar com)\s+(?:o\s+|a\s+)?(?:dr|dra|doctor|doutor|doutora)\b",
    rf"^{_FILLER}{_NEGATION}{_WISH}\s+{_CHOSEN}\b",
    rf"\b{_MODAL}\s+(?:(?:me|pra mim|por favor|please|so|just|ja|already)\s+)*{_WRITE_VERB}\b",
    rf"\b(?:por favor|please|pf|pfv|pra mim|for me)\b.*\b{_WRITE_VERB}\b",
    rf"\b{_WRITE_VERB}\b.*\b(?:por favor|please|pf|pfv|pra mim|for me)\b",
))
# A choice without a verb: a request unless asked as a question ("o primeiro?" asks about it).
_CHOSEN_REPLY = re.compile(rf"^{_FILLER}(?:{_CHOICE}\b|{_NAMED_SLOT})")
# Questions about something, not requests: "como faço para marcar?", "how much is it to book?".
_ASKING_ABOUT = re.compile(
    r"^(?:e |and |so )?(?:quem|qual|quais|quanto|quanta|quantos|quantas|onde|aonde|como|quando|por que|porque|"
    r"pq|sera que|sera|sabe se|sabia|existe|who|whom|whose|what|which|where|how|when|why|whether|"
    r"is|are|was|were|does|do|did|has|have|had)\b")
# A question word anywhere makes a clause a question ("o primeiro é com qual médico?") unless it opens
# with an order ("marca o primeiro, qual o endereço?" is two clauses anyway).
_ASKING_ANYWHERE = re.compile(r"\b(?:quem|qual|quais|quanto|quanta|onde|como|quando|who|what|which|where|how|"
                              r"when|why|whether)\b")
# Split on the raw text: normalising drops the punctuation that ends a question. A full stop after
# a title ("Dr.", "Dra.") or inside a date does not end a sentence.
_SENTENCES = re.compile(r"([?!\n]|(?<![Dd]r)(?<![Dd]ra)(?<![Ss]r)(?<![Ss]ra)\.(?!\d))")
_CLAUSES = re.compile(r"[;,]|\b(?:mas|but|then|depois|after that)\b", re.IGNORECASE)

_YES = re.compile(r"^(?:sim|s|yes|y|yep|yeah|yup|ok|okay|confirmo|confirmado|confirmar|confirma|confirm|"
                  r"confirmed|pode|pode sim|pode ser|claro|isso|isso mesmo|certo|correto|exato|sure|go ahead|"
                  r"please do|do it|positivo|bora|manda|pode cancelar|pode remarcar|pode mudar)\b")
_NO = re.compile(r"^(?:nao|n|no|nope|nah|negativo|deixa|deixa pra la|deixa quieto|mantem|mantenha|manter|manter a|"
                 r"keep|keep it|dont|never mind|nevermind|esquece|desisti|melhor nao|nao precisa)\b")


# A tag that turns the slot named before it into a request: "Dr. X na quinta às 11h, pode ser?".
_TAG = re.compile(r"^(?:pode ser|pode|ok|okay|tudo bem|beleza|blz|da|serve|can you|could you|would that work|"
                  r"is that ok|is that possible|ok for you|please)$")


def is_write_request(message: str) -> bool:
    """Whether the message asks for a booking, cancel or reschedule (not merely asks about one)."""
    clauses = _clauses(message)
    if any(_requests(clause, asked) for clause, asked in clauses):
        return True
    return any(_TAG.match(tag) and _CHOSEN_REPLY.match(slot)
               for (slot, _), (tag, _) in zip(clauses, clauses[1:]))


def is_question(message: str) -> bool:
    """Whether the message asks about something (a question word, not a polite request) and requests nothing."""
    clauses = _clauses(message)
    return not any(_requests(c, asked) for c, asked in clauses) and any(
        (_ASKING_ABOUT.match(c) or _ASKING_ANYWHERE.search(c)) and not re.match(rf"^{_MODAL}\b", c) for c, _ in clauses)


def confirmation_reply(message: str) -> Literal["yes", "no"] | None:
    """A yes or a no to the question "shall I cancel/move it?", read from the reply's opening words."""
    text = normalize(message)
    if _NO.match(text):
        return "no"
    return "yes" if _YES.match(text) else None


def _clauses(message: str) -> list[tuple[str, bool]]:
    """Each clause, normalised, with whether its sentence ends with a question mark."""
    parts = _SENTENCES.split(message)
    sentences = zip(parts[::2], [*parts[1::2], ""])
    return [(clause, end == "?") for sentence, end in sentences
            for part in _CLAUSES.split(sentence) if (clause := normalize(part))]


def _requests(clause: str, asked: bool) -> bool:
    if _REQUESTS[0].search(clause):  # an order first: "marca o das 10h"
        return True
    # A modal opening is a polite request ("pode marcar?"); any other question word asks about something.
    if (_ASKING_ABOUT.match(clause) or _ASKING_ANYWHERE.search(clause)) and not re.match(rf"^{_MODAL}\b", clause):
        return False
    if any(p.search(clause) for p in _REQUESTS[1:]):
        return True
    return not asked and not re.search(r"\b(?:nao|not|no)\b", clause) and bool(_CHOSEN_REPLY.match(clause))
