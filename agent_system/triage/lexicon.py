"""Triage vocabulary: the signals people use for red flags, grouped into concepts (data only).

Terms are matched on folded words (lower case, no accents, "can't" -> "cant"); "x*" matches any
word starting with "x"; a term of several words matches them in a row. The category rules in
`triage_categories` combine these concepts; which guidance each category follows is written there.
"""
from __future__ import annotations

MASK = "MASK"  # a phrase that hides the concepts inside it ("exame de sangue", "queimadura de sol")

# Everyday and WhatsApp spelling (PT and EN) -> the spelling the terms use.
SLANG = {
    "n": "nao", "naum": "nao", "nau": "nao", "ñ": "nao", "nn": "nao", "ta": "esta", "tah": "esta", "tao": "estao",
    "tava": "estava", "tbm": "tambem", "tb": "tambem", "mt": "muito", "mto": "muito", "mta": "muita",
    "mtu": "muito", "mt0": "muito", "mts": "muitos", "mtos": "muitos", "mtas": "muitas", "muinto": "muito",
    "vc": "voce", "vcs": "voces", "q": "que", "pq": "porque", "hj": "hoje", "agr": "agora", "dps": "depois",
    "msm": "mesmo", "cmg": "comigo", "td": "tudo", "tds": "todos", "nd": "nada", "ngm": "ninguem",
    "qdo": "quando", "qnd": "quando", "sla": "sei", "dnv": "denovo", "mae": "mae", "mainha": "mae",
    "painho": "pai", "vovo": "avo", "nenem": "nene", "bb": "bebe", "bebezinho": "bebe",
    "u": "you", "ur": "your", "cant": "cant", "cannot": "cant", "pls": "please", "b4": "before",
    "bc": "because", "cuz": "because", "dont": "dont", "wont": "wont",
}
SPLIT_SLANG = {"denovo": ("de", "novo"), "derrepente": ("de", "repente"), "donada": ("do", "nada"),
               "mtmt": ("muito", "muito"), "aiaiai": ("ai",)}

# Words that open a negation; "no" only in English ("dor no peito" is Portuguese for "pain in the chest").
NEGATORS = frozenset("""nao sem nunca nenhum nenhuma nem jamais nada not never without none dont doesnt didnt
    havent hasnt hadnt isnt arent wasnt werent denies""".split())
ENGLISH_ONLY_NEGATORS = frozenset({"no"})
# Words that end a negation's reach: "não tenho febre, mas estou com dor no peito".
BREAKS = frozenset(""". ! ? ; , \n mas porem entao e but and so although though except""".split()) | {"\n"}

# Common long words never "corrected" towards a red-flag word (desmarcar is not desmaiar).
PROTECTED = frozenset("""desmarcar desmarcou desmarca remarcar remarcacao marcar marcacao agendar agendamento
    cancelar cancelamento consulta consultas horario horarios cardiologia cardiologista dermatologia
    dermatologista ortopedia ortopedista clinica clinicas doutora doutor medica medico semana proxima
    proximo segunda terca quarta quinta sexta sabado domingo amanha obrigado obrigada gostaria preciso
    precisava queria disponivel disponiveis retorno revisao acompanhamento receita exames exame resultado
    resultados confirmar confirmado reagendar paciente pacientes appointment appointments schedule
    reschedule cancel booking available tomorrow tuesday wednesday thursday friday saturday sunday monday
    cardiology dermatology orthopedics orthopedic checkup follow prescription results thanks please
    primeiro primeira possivel manchas mancha espinhas coceira tornozelo joelhos joelho ombros costas
    coluna quadril cotovelo punho tendinite unhas cabelo cabelos pressao pescoco""".split())

# Each concept: a signal or a marker, in PT and EN, with the spellings people use.
CONCEPTS: dict[str, tuple[str, ...]] = {
    MASK: (
        "exame* de sangue", "tirar sangue", "coleta de sangue", "doar sangue", "doacao de sangue", "blood test*",
        "blood work", "blood pressure", "pressao arterial", "queimadura* de sol", "queimad* do sol", "sunburn*",
        "ar condicionado", "intoxicacao alimentar", "food poisoning", "morr* de rir", "morr* de fome",
        "morr* de sono", "morr* de medo", "morr* de calor", "morr* de frio", "morr* de saudade*", "morr* de vergonha",
        "morr* de tedio", "morr* de inveja", "morr* de vontade", "morr* de cansaco", "morr* de ansiedade",
        "morr* de curiosidade", "dying to", "dying of laughter", "to die for", "dying for", "died laughing",
        "mata de rir", "matar a saudade", "matar saudade", "kill time", "bateu a saudade", "batida de frutas",
        "drew my blood", "drew blood", "blood drawn", "drawing blood", "tiraram sangue", "tirou sangue",
        "tirando sangue", "coletar sangue", "coletaram sangue", "bloods", "book bloods", "heart rate",
        "stroke of luck", "teste de alergia", "testes de alergia", "allergy test*", "pressao alta",
    ),
    # --- who and when ---------------------------------------------------------------------------
    "CHILD": (
        "bebe", "bebes", "nene", "recem nascid*", "recem-nascid*", "rn", "crianca*", "filho", "filha", "filhinh*",
        "menino", "menina", "neto", "neta", "sobrinho", "sobrinha", "nephew", "niece", "baby", "babies", "newborn",
        "infant", "toddler", "son", "daughter", "child", "kid", "kids", "boy", "girl", "grandson", "granddaughter",
        "year old", "years old", "month old", "months old", "week old", "weeks old", "year-old", "month-old",
        "week-old",
    ),
    "INFANT_AGE": (
        "recem nascid*", "recem-nascid*", "newborn", "neonat*", "1 mes", "um mes", "2 meses", "dois meses",
        "1 mes e meio", "dias de vida", "dias de nascid*", "semanas de vida", "semanas de nascid*", "week old",
        "weeks old", "week-old", "weeks-old", "1 month old", "one month old", "2 months old", "two months old",
        "month-old", "days old",
    ),
    "PREGNANT": (
        "gravid*", "gestante", "gestacao", "gravidez", "semanas de gestacao", "pregnan*", "weeks pregnant",
        "semanas de gravidez", "expecting", "pre natal", "pre-natal", "barrigao",
    ),
    "POSTPARTUM": (
        "pos parto", "pos-parto", "depois do parto", "apos o parto", "ganhei nenem", "ganhei o bebe", "ganhei bebe",
        "ganhou bebe", "ganhou nenem", "ganhou o bebe", "resguardo", "puerper*", "postpartum", "post-partum",
        "after birth", "after giving birth", "gave birth", "just had a baby", "had my baby", "deu a luz", "dei a luz",
        "cesarea", "cesariana", "c-section", "tive nenem", "tive bebe", "tive o bebe", "tive meu bebe",
        "tive a nenem", "tive o nene", "tive nene", "teve nene", "teve o nene", "teve bebe", "teve o bebe",
        "had a baby", "had the baby", "had my baby",
    ),
    "DISTANT_PAST": (
        "ano passado", "anos atras", "meses atras", "mes passado", "last month", "ha anos", "ha meses", "faz anos",
        "faz meses", "ha * anos", "faz * anos", "ha * meses", "faz * meses", "em 19*", "em 20*", "in 19*", "in 20*",
        "last year", "years ago", "months ago", "a year ago", "ano retrasado", "sequela*", "antig*", "pos infarto",
        "pos-infarto", "pos avc", "pos-avc", "apos o avc", "apos o infarto", "depois do avc", "depois do infarto",
        "retorno", "revisao", "acompanhamento", "follow up", "follow-up", "followup", "check up", "check-up",
        "checkup", "fisioterapia", "physio*", "reabilitacao", "rehab*", "historico", "history of", "old",
        "tratamento", "tratando", "controlad*", "controlled", "cronic*", "chronic", "diagnosticad*", "diagnosed",
        "de sempre", "como sempre", "the usual", "as usual", "my usual", "same as always", "renovar", "renew*",
        "refill", "receita", "desde aquela epoca", "desde entao", "since then", "ever since",
    ),
    "CURRENT": (
        "agora", "agorinha", "neste momento", "nesse momento", "now", "right now", "currently", "at the moment",
        "desde ontem", "desde cedo", "desde hoje", "desde de manha", "desde a manha", "ha pouco", "just now",
        "acabou de", "acabei de", "hoje de manha", "hoje cedo", "esta manha", "essa manha", "this morning", "tonight",
        "a few minutes", "minutos atras", "agora a pouco", "a pouco",
    ),
    "RECURRING": (
        "de novo", "novamente", "outra vez", "voltou", "voltando", "volta e meia", "vai e volta", "again",
        "came back", "come back", "coming back", "comes and goes", "back again", "recomecou", "started again",
    ),
    "REPORTED": (
        "vi no jornal", "no jornal", "na tv", "na televisao", "documentario", "documentary", "novela", "noticiario",
        "reportagem", "materia sobre", "li uma materia", "read an article", "watched a", "on the news", "on tv",
        "filme", "movie", "prevenir", "prevencao", "preventivo*", "preventive", "prevent", "risco de", "risk of",
    ),
    "RESOLVED": (
        "passou", "ja passou", "parou", "ja parou", "melhorou", "ja melhorou", "ja estou bem", "ja esta bem",
        "fiquei bem", "ficou bem", "estou bem agora", "esta bem agora", "me recuperei", "se recuperou", "recuperou",
        "recovered", "stopped", "went away", "settled", "fine now", "ok now", "okay now", "better now", "resolved",
        "was fine", "felt fine", "fine a minute later", "fine afterwards", "uma vez so", "so uma vez", "once",
        "normal de novo", "voltou ao normal", "back to normal",
    ),
    "BENIGN_TRIGGER": (
        "tirar sangue", "coleta", "vacina*", "agulha", "blood draw", "blood test", "needle", "vaccin*",
        "tem epilepsia", "has epilepsy", "drew my blood", "drew blood", "blood drawn", "drawing blood",
        "tiraram sangue", "tirou sangue", "epilepsia controlada", "known epilepsy", "de sempre", "como sempre",
        "as usual", "the usual", "my usual",
    ),
    # --- markers of severity and onset ------------------------------------------------------------
    "SUDDEN": (
        "do nada", "de repente", "repentin*", "subit*", "sudden*", "all of a sudden", "out of nowhere",
        "out of the blue", "came on", "comecou agora", "started", "de uma hora pra outra", "de uma hora para outra",
        "em segundos", "in seconds", "agora", "now", "just now", "right now", "desde o almoco", "desde o jantar",
        "desde que acord*", "desde cedo", "desde hoje cedo", "since lunch", "since this morning", "since i woke up",
        "since she woke up", "since he woke up", "since breakfast", "ha * minutos", "faz * minutos", "* minutes ago",
        "* minutos atras", "hoje de manha", "this afternoon",
    ),
    "SEVERE": (
        "forte", "fortissim*", "intens*", "insuportave*", "horrivel", "terrive*", "muito", "muita", "demais", "pior",
        "absurd*", "severe*", "terrible", "unbearable", "worst", "awful", "excruciating", "really bad", "so bad",
        "very bad", "agonia", "agoniz*", "nunca senti", "never felt", "never had", "tanta", "tanto", "lot", "heavily",
        "heavy", "massive", "huge", "extreme*", "grave", "enorme", "badly", "really badly", "so much", "pounding",
        "latejando", "sharp", "aguda", "pontada forte", "gemendo de dor", "chorando de dor", "gritando de dor",
        "groaning", "screaming",
    ),
    "WORST": (
        "pior dor", "pior da minha vida", "pior da vida", "pior que ja senti", "worst", "nunca senti", "never felt",
        "never had", "nunca tive", "explod*", "explosao", "estourar", "estourando", "pancada", "thunderclap",
        "trovao", "como um soco", "like being hit", "martelada", "pancada por dentro", "hit me like", "like a bat",
        "like a hammer", "like a punch", "different", "diferente", "unlike any", "not like my usual", "nao e como",
        "never like this",
    ),
    "ONGOING": (
        "nao passa", "nao para", "nao melhora", "so piora", "piorando", "sem parar", "wont stop", "doesnt stop",
        "not stopping", "wont go away", "getting worse", "keeps", "nao pass*", "nao sara", "continua", "ainda",
        "still", "ha mais de", "for over", "for more than", "nao quer parar", "going for", "been going",
        "for * minutes", "mais de 5 minutos", "passou de 5 minutos", "over 5 minutes", "more than 5 minutes",
        "nonstop", "non stop", "non-stop",
    ),
    "UNABLE": (
        "nao consigo", "nao consegue", "nao conseguia", "nao conseguiu", "nao estou conseguindo",
        "nao esta conseguindo", "nao to conseguindo", "nao tou conseguindo", "nao consigu*", "nao consig*",
        "mal consigo", "mal consegue", "sem conseguir", "dificuldade", "dificuldade pra", "dificuldade para",
        "dificil", "custando", "nao sei", "nao sei se", "dont know", "not sure", "sei la", "cant", "can not",
        "couldnt", "unable", "struggling", "struggle*", "hard to", "trouble", "difficulty", "barely", "not able",
        "isnt able", "wasnt able", "nao da pra", "nao deu pra",
    ),
    "THIRD_PERSON": (
        "minha mae", "meu pai", "minha avo", "meu avo", "avo", "minha vo", "meu vo", "vozinha", "vozinho",
        "meu filho", "minha filha", "meu marido", "minha esposa", "minha mulher", "meu irmao", "minha irma",
        "vizinh*", "um cara", "uma mulher", "um senhor", "uma senhora", "um homem", "ele", "ela", "my mom", "my mum",
        "my mother", "my dad", "my father", "my wife", "my husband", "my son", "my daughter", "my grandma",
        "my grandmother", "my grandpa", "my grandfather", "he", "she", "him", "her", "neighbour*", "neighbor*",
        "someone", "a man", "a woman", "tio", "tia", "sogr*", "amig*", "colega", "friend", "coworker",
    ),
}
