"""The words the rules planner understands, matched on `text.normalize` output (no accents, lower case)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from clinic_servers.contract.registry import ClinicRegistry

from agent_system.language.text import normalize
from agent_system.dialogue.reading.dates import MONTH_NAMES


def _words(*phrases: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(phrases) + r")\b")


# Medical specialties in general; those a clinic of the registry offers are not refused (FederationWords).
INVALID_SPECIALTY = _words(
    r"neuro\w*", r"pediatr\w*", r"ginecolog\w*", r"gineco", r"gynecolog\w*", r"oftalmo\w*", r"ophthalmolog\w*",
    r"psiquiatr\w*", r"psychiatr\w*", r"psicolog\w*", r"psycholog\w*", r"urolog\w*", r"endocrino\w*",
    r"otorrino\w*", r"gastro\w*", r"dentista", r"dentist", r"odontolog\w*", r"oncolog\w*", r"nutricionista",
    r"nutritionist", r"fisioterap\w*", r"physiotherap\w*", r"clinico geral", r"general practitioner",
    r"pneumolog\w*", r"nefrolog\w*", r"reumatolog\w*", r"rheumatolog\w*", r"obstetr\w*", r"geriatr\w*",
    r"infectolog\w*", r"hematolog\w*", r"alergista", r"allergist", r"oculista")

# A patient record id is a few letters and three digits (CARD-001), whichever clinic keeps it.
PRIVACY = _words(
    r"[a-z]{3,4}-?[a-z]?\d{3}", r"list[ _]?patients", r"get[ _]?patients?", r"prontuarios?",
    r"medical records?", r"patient records?", r"quais (?:os |as )?pacientes",
    r"(?:lista|listar|liste|mostre|mostrar|ver|quais sao|todos) (?:os |de |dos )*pacientes",
    r"(?:os |todos os |outros |esses |estes )pacientes (?:com|que|da|do|cadastrados|tem|tomam|usam)",
    r"pacientes cadastrados", r"(?:list|show|all|other) (?:me )?(?:the |all )?patients",
    r"(?:the|all|other|which|what) patients (?:with|who|of|that|have|has)",
    r"(?:dados|telefone|endereco|cpf|e-?mail|contato|condicao|diagnostico|remedios?)"
    r" (?:do|de|da|dos|das) (?:outr[oa]s? )?(?:paciente|pessoa|pacientes)",
    r"(?:data|phone|address|cpf|e-?mail|contact|condition|diagnosis)(?: number)? of (?:the |another |other )?patients?",
    r"patient'?s? (?:phone|address|cpf|record|data|condition|diagnosis)",
    r"outros? pacientes?", r"outra pessoa", r"another patient", r"someone else", r"condi\w+ (?:do|da|dos) paciente",
    r"ficha (?:do|da|de)", r"historico (?:medico|clinico) (?:do|da|de)", r"quem (?:tem|esta) (?:consulta|agendad)\w*",
    r"who (?:has|is) (?:an appointment|booked)", r"staff tools?", r"ferramentas? (?:de|da) equipe", r"query tool",
    r"(?:busque|buscar|busca|procure|procurar|encontre|encontrar|pesquise|pesquisar|localize) (?:o |a |os |as )?"
    r"(?:paciente|pacientes)", r"(?:search|find|look up|lookup) (?:for )?(?:the |a )?patients?")

# Topics no clinic deals with; they win over a stray date ("the weather tomorrow").
OFF_TOPIC = _words(
    r"weather", r"clima", r"previsao do tempo", r"chover", r"rain", r"piadas?", r"jokes?", r"poemas?", r"poems?",
    r"futebol", r"football", r"soccer", r"noticias", r"news", r"receitas? de", r"recipes?", r"capital d\w+")

# Attempts to talk the assistant out of its rules; refused like a records request (no steps).
INJECTION = _words(
    r"ignor\w* (?:\w+ ){0,3}(?:instructions|instrucoes|regras|rules|prompt)",
    r"(?:esqueca|forget|disregard) (?:\w+ ){0,3}(?:instructions|instrucoes|regras|rules|prompt)",
    r"you are now", r"voce agora e", r"agora voce e", r"^system", r"system prompt", r"prompt do sistema",
    r"developer mode", r"jailbreak",
    r"modo (?:admin\w*|desenvolvedor|staff|equipe)", r"act as (?:an? )?(?:admin\w*|staff|doctor)",
    r"staff token", r"token (?:de|da) equipe")

MEDICAL_ADVICE = _words(
    r"(?:que|qual|quais) remedios?", r"(?:que|qual|quais) medicament\w*", r"posso tomar", r"devo tomar",
    r"o que (?:eu )?(?:devo|posso) (?:tomar|usar|fazer)", r"dosagem", r"dose", r"e grave", r"sera que (?:eu )?tenho",
    r"o que (?:eu )?tenho", r"diagnostic\w*", r"me receita", r"receitar", r"tratamento (?:para|pra|de)",
    r"what (?:medicine|medication|pill|drug)s?", r"should i take", r"can i take", r"is it serious", r"diagnos\w*",
    r"what do i have", r"do i have", r"prescri\w*", r"how (?:much|many) (?:mg|pills)", r"treatment for",
    r"cura (?:para|pra)", r"como (?:tratar|curar)", r"how (?:to|do i) (?:treat|cure)")

# Questions about a clinic itself: where it is, its phone, opening hours, the health plans it takes.
CLINIC_INFO = _words(
    r"onde fica\w*", r"onde (?:e|esta) a clinica", r"endereco", r"como (?:chego|chegar)", r"localizacao",
    r"telefone", r"numero (?:de|do) telefone", r"contato da clinica", r"horarios? de (?:funcionamento|atendimento)",
    r"(?:que|qual) horas? (?:abre|fecha)", r"abre (?:aos|no|nos) (?:sabados?|domingos?)", r"aceita\w*",
    r"(?:e|eh|sao) aceit[oa]s?", r"convenios?", r"planos? de saude", r"where is", r"address", r"phone(?: number)?",
    r"how do i get",
    r"opening hours", r"open on (?:saturdays?|sundays?)", r"what time (?:do|does) (?:it|you|the clinic) (?:open|close)",
    r"accept\w*", r"health (?:plans?|insurance)", r"insurance")
# With a health plan named, the verbs that ask whether a clinic takes it ("quais clínicas pegam amil",
# "which clinics take Unimed?", "atende pela Unimed?").
TAKES_PLAN = _words(
    r"pega\w*", r"cobre\w*", r"trabalha\w* com", r"atende\w* (?:pel[oa]|com|o|a)", r"takes?", r"taken",
    r"covers?", r"covered", r"work\w* with")

BOOK = _words(
    r"agend(?!a\b)\w*", r"marc(?:ar|a|o|ando|que)", r"reserv\w*", r"book\w*", r"schedule", r"quero (?:uma )?consulta",
    r"fico com", r"pode ser", r"vou querer", r"quero (?:o|esse|este|esse horario)", r"i ?ll take", r"i will take",
    r"i want (?:the|that|this)", r"sign me up",
    r"i(?: d| would)? (?:like|want) to see (?:dr|dra|doctor)", r"confirm\w*", r"consulta com", r"appointment with")
LIST = _words(
    r"horarios?", r"disponi\w*", r"vagas?", r"agenda", r"tem (?:horario|vaga|consulta)", r"slots?", r"available",
    r"availability", r"openings?", r"when can", r"quando (?:tem|posso|pode)", r"opcoes", r"options", r"ver",
    r"mostr\w*", r"show", r"list\w*", r"quais", r"consultas?", r"appointments?", r"especialistas?",
    r"medicos?", r"doctors?", r"cardiologistas?")
GREETING = _words(
    r"oi", r"ola", r"bom dia", r"boa tarde", r"boa noite", r"hello", r"hi", r"hey", r"tudo bem", r"e ai",
    r"obrigad[oa]", r"valeu", r"thanks?", r"thank you", r"good (?:morning|afternoon|evening)", r"tchau", r"bye",
    # asking what the assistant is for gets the same introduction
    r"o (?:que|q) (?:voce|vc|tu) (?:faz|fazes|pode fazer|sabe fazer)", r"(?:quem|o que) (?:e|eh) (?:voce|vc)",
    r"what (?:can|do) you do", r"what (?:are|is) you", r"who are you", r"how can you help",
    # a bare call for help: what the assistant can do is the answer (an emergency is triage's, before this)
    r"help(?: me)?", r"(?:me )?ajud[ae](?: aqui)?", r"ajuda por favor", r"preciso de ajuda")
# Thanks or goodbye ("valeu, obrigada!", "thanks, bye"), and the words that may come with them and ask nothing.
THANKS_OR_BYE = _words(r"obrigad[oa]s?", r"obg", r"brigad(?:[oa]|ao|inh[oa])", r"valeu", r"vlw", r"agradec\w*",
                       r"thanks?", r"thank you", r"thx", r"ty", r"tchau", r"bye", r"goodbye", r"ate (?:mais|logo)",
                       r"falou", r"flw", r"see you", r"cheers")
CLOSING_FILLER = _words(r"ok", r"okay", r"beleza", r"blz", r"perfeito", r"otimo", r"great", r"perfect", r"show",
                        r"muito", r"mt", r"much", r"so", r"a lot", r"mesmo", r"entao", r"e", r"and", r"pela ajuda",
                        r"for (?:the|your|all the) help", r"de novo", r"again", r"gente", r"moca", r"tudo certo",
                        r"that s all", r"era isso", r"so isso", r"por hoje", r"for today", r"you", r"voce", r"vc")
YES = _words(r"sim", r"yes", r"isso", r"confirmo", r"pode", r"ok", r"okay", r"claro", r"certo", r"sure", r"yep",
             r"correto", r"exato", r"please do", r"go ahead")

# "on the 3rd", "Friday the 4th", "wed 2nd", "December 3rd", "the 3rd of December" name a day of the month, not an
# option.
_NOT_A_DAY = (r"(?<!on the )(?<!day the )(?<!dia )(?<!mon )(?<!tue )(?<!wed )(?<!thu )(?<!fri )"
              + "".join(f"(?<!{month} )" for month in MONTH_NAMES))
_OF_MONTH = rf"(?! of (?:{'|'.join(MONTH_NAMES)})\b)"
# "primeiro de dezembro" is a day and "primeiro de tudo" a way of speaking; "a primeira de quinta" is a pick.
_NOT_OF_MONTH = rf"(?! vez| de (?:{'|'.join(MONTH_NAMES)}|tudo|\d+)\b)"

ORDINALS: tuple[tuple[re.Pattern[str], int], ...] = (
    (_words(r"(?:o |a )?mais cedo", r"(?:the )?earliest", r"(?:o |a )?mais proxim[oa]", r"(?:the )?soonest",
            r"(?<!minha )(?<!meu )(?:o |a )?primeir[oa]" + _NOT_OF_MONTH, r"(?<!my )(?:the )?first(?: one)?(?! time| thing)",
            r"first thing",
            r"(?<!dia )1o(?! de)", _NOT_A_DAY + r"1st" + _OF_MONTH), 0),
    (_words(r"(?:o )?segundo", r"a segunda(?![ -]feira)", r"segunda (?:opcao|vaga|da lista)",
            r"(?:the )?second(?: one)?", r"(?<!dia )2o(?! de)", _NOT_A_DAY + r"2nd" + _OF_MONTH), 1),
    (_words(r"(?:o |a )?terceir[oa]", r"(?:the )?third(?: one)?", r"(?<!dia )3o(?! de)",
            _NOT_A_DAY + r"3rd" + _OF_MONTH), 2),
    (_words(r"(?:o |a )?quart[oa] (?:horario|opcao|vaga)", r"o quarto", r"(?:the )?fourth(?: one)?",
            r"(?<!dia )4o(?! de)", _NOT_A_DAY + r"4th" + _OF_MONTH), 3),
    (_words(r"(?:o )?quinto", r"(?:a )?quinta (?:opcao|vaga)", r"(?:the )?fifth(?: one)?", r"(?<!dia )5o(?! de)",
            _NOT_A_DAY + r"5th" + _OF_MONTH), 4),
    # "last" is also a verb ("how long does it last") and a time word ("last week", "my last visit").
    (_words(r"(?<!minha )(?<!meu )(?:o |a )?ultim[oa](?! vez| semana| mes| consulta que)",
            r"the last(?: one| slot| option| opening| time| appointment(?! i))?(?! week| month| year| time i| visit)",
            r"last one", r"(?:o |a )?mais tarde", r"(?:the )?latest"), -1),
)

_NAME_STOPWORDS = {"dr", "dra", "dr.", "dra.", "de", "da", "do", "dos", "das", "e"}
_TITLES = {"dr", "dra", "doutor", "doutora", "doctor"}


@dataclass(frozen=True)
class DoctorRef:
    name: str
    clinic_id: str
    specialty: str
    tokens: frozenset[str]


class DoctorIndex:
    """Finds doctors named in a message by any part of their name."""

    def __init__(self, registry: ClinicRegistry):
        self.doctors = tuple(
            DoctorRef(d.name, c.id, c.specialty.key,
                      frozenset(t.strip(".") for t in normalize(d.name).split() if t not in _NAME_STOPWORDS))
            for c in registry.clinics for d in c.doctors)

    @property
    def name_words(self) -> frozenset[str]:
        """Every first name and surname of every doctor (normalized)."""
        return frozenset().union(*(d.tokens for d in self.doctors))

    def named_in(self, text: str, ignore: frozenset[str] = frozenset()) -> list[DoctorRef]:
        """Doctors whose first name or surname appears in the (normalized) text, best match first."""
        words = {w.strip(".") for w in text.split()} - (ignore - _titled_words(text))
        scored = [(len(d.tokens & words), d) for d in self.doctors if d.tokens & words]
        if not scored:
            return []
        best = max(score for score, _ in scored)
        return [d for score, d in scored if score == best]

    def by_name(self, name: str) -> DoctorRef | None:
        """The doctor with exactly this full name."""
        return next((d for d in self.doctors if d.name == name), None)


def _titled_words(text: str) -> set[str]:
    """Words right after 'Dr.'/'Dra.': a doctor's name even when the patient shares it."""
    words = [w.strip(".") for w in text.split()]
    return {word for title, word in zip(words, words[1:]) if title in _TITLES}


# Ordinals that are ordinary words too ("the last time", "first thing in the morning", "a última consulta
# do dia"): they pick a slot only when the sentence is a choice, not a question about something else.
_WORD_ORDINALS = re.compile(r"\b(?:last|ultim[oa]|first thing|latest|mais tarde)\b")


def ordinal_in(text: str, choice: bool = True) -> int | None:
    """The position an ordinal pick refers to ('o primeiro' -> 0, 'o último' -> -1), if any."""
    for pattern, index in ORDINALS:
        match = pattern.search(text)
        if match and (choice or not _WORD_ORDINALS.search(match.group(0))):
            return index
    return None
