"""Triage vocabulary for people at special risk: pregnancy, babies and children, despair, infection
(data only; same term syntax as `triage_lexicon`)."""
from __future__ import annotations

GROUPS: dict[str, tuple[str, ...]] = {
    # --- obstetric ---------------------------------------------------------------------------------
    "WATERS": (
        "bolsa estourou", "bolsa rompeu", "bolsa rompida", "bolsa estourada", "rompeu a bolsa", "estourou a bolsa",
        "perdendo liquido", "perdi liquido", "saindo liquido", "vazando liquido", "escorrendo liquido",
        "waters broke", "water broke", "waters * broke", "water * broke", "waters went", "bolsa * estourou",
        "bolsa * rompeu", "waters have broken", "water has broken", "leaking fluid", "leaking water", "fluid leaking",
        "gush of fluid",
    ),
    "BABY_MOVES_LESS": (
        "parou de mexer", "nao esta mexendo", "nao mexe", "nao mexeu", "gone quiet", "really quiet", "not kicking",
        "stopped kicking", "parou de chutar", "nao chuta", "nao chutou", "quietinho", "muito quieto", "muito parado",
        "parado demais", "nao sinto o bebe mexer", "nao sinto ele mexer", "nao sinto ela mexer", "nao sinto mexer",
        "mexendo menos", "mexendo bem menos", "mexe menos", "mexendo pouco", "nao senti o bebe", "nao senti mexer",
        "stopped moving", "moving less", "not moving", "hasnt moved", "havent felt", "not felt the baby",
        "no movement*", "fewer movements", "less movement",
    ),
    "CONTRACTIONS": (
        "contrac*", "contractions", "contraction", "trabalho de parto", "labor", "labour", "cramps", "cramping",
        "colicas", "every * minutes", "de * em * minutos",
    ),
    "PRETERM": ("antes da hora", "antes do tempo", "prematur*", "cedo demais", "too early", "preterm", "premature"),
    "SPOTS": (
        "pontinhos", "estrelinhas", "pontos brilhantes", "pontos pretos", "vendo pontos", "vendo estrelas",
        "luzes piscando", "flashes", "flashing", "seeing spots", "spots", "sparkles",
    ),
    "HYPERTENSION": (
        "pressao alta", "pressao subiu", "pressao muito alta", "pre eclampsia", "preeclampsia", "pre-eclampsia",
        "eclampsia", "high blood pressure", "blood pressure is high",
    ),
    "FEVER": (
        "febre", "febril", "febrao", "quente", "quentinho", "quentinha", "ardendo em febre", "fever", "feverish",
        "hot", "high temperature", "temperatura alta", "37 5", "37 6", "37 7", "37 8", "37 9", "38", "38 *", "39",
        "39 *", "40", "40 *", "41",
    ),
    "LEG_CLOT": (
        "perna inchada", "perna vermelha", "panturrilha", "batata da perna", "swollen leg", "red leg", "calf",
    ),
    "HARM_BABY": (
        "thoughts of hurting", "thoughts of harming", "pensamentos de machucar", "pensamento de machucar",
        "pensando em machucar", "vontade de machucar", "urge to hurt", "machucar o bebe", "fazer mal ao bebe",
        "fazer mal pro bebe", "harm the baby", "hurt the baby", "harm my baby", "hurt my baby",
    ),
    "FOUL_DISCHARGE": ("corrimento com cheiro", "cheiro forte", "mau cheiro", "fedendo", "foul", "smelly discharge"),
    "MILD_PREGNANCY": (
        "enjoo leve", "enjoo de manha", "enjoo matinal", "morning sickness", "tornozelo inchado", "pes inchados",
        "ankles swollen", "swollen ankles", "fim do dia", "end of the day", "ultrassom", "ultrasound",
        "ultrassonografia", "pre natal", "prenatal", "azia", "heartburn",
    ),
    # --- child danger signs ------------------------------------------------------------------------
    "FLOPPY_LITTLE": (
        "molinho", "molinha", "caidinho", "caidinha", "roxinho", "roxinha", "choro estridente", "choro agudo",
        "high pitched cry", "high-pitched cry", "shrill cry",
    ),
    "FLOPPY": (
        "molinho", "molinha", "mole", "caidinho", "caidinha", "largad*", "sem reacao", "floppy", "limp", "lifeless",
    ),
    "NOT_FEEDING": (
        "nao quer mamar", "nao mama", "nao esta mamando", "parou de mamar", "nao quer comer nada",
        "recusando o peito", "recusa o peito", "recusando a mamadeira", "nao aceita mamadeira", "nao aceita o peito",
        "wont feed", "not feeding", "isnt feeding", "refusing feeds", "refusing to feed", "wont eat or drink",
        "wont drink", "not drinking",
    ),
    "VOMITS_ALL": (
        "vomita tudo", "vomitando tudo", "vomitou tudo", "vomiting everything", "cant keep anything down",
        "nao para nada no estomago", "throws up everything", "nao para de vomitar",
    ),
    "HARD_TO_WAKE": (
        "nao acorda", "nao acorda direito", "dificil de acordar", "muito sonolent*", "so dorme", "nao desperta",
        "hard to wake", "wont wake", "cant wake", "very sleepy", "so sleepy", "wont stay awake",
    ),
    "FONTANELLE": ("moleira", "fontanela", "soft spot", "fontanelle"),
    "BULGING": ("alta", "estufad*", "inchad*", "saltad*", "bulging", "swollen", "raised", "tense"),
    "NON_BLANCHING": (
        "nao somem", "nao some", "nao desaparecem", "nao desaparece", "petequia*", "teste do copo", "doesnt fade",
        "dont fade", "wont fade", "not fading", "glass test", "non blanching", "non-blanching", "nao sumiram",
    ),
    "PURPLE_SPOTS": (
        "manchinhas roxas", "manchas roxas", "pintinhas roxas", "pontinhos roxos", "pontos roxos", "purple spots",
        "purple rash", "pintinhas vermelhas",
    ),
    "HIGH_CRY": (
        "choro estridente", "choro diferente", "choro agudo", "chorando sem parar", "nao para de chorar",
        "choro fraco", "gemendo", "olhos fundos", "sunken", "moleira funda", "gemido", "gemidinho", "high pitched",
        "high-pitched", "inconsolabl*", "moaning", "whimpering", "grunting", "weak cry",
    ),
    "MOTTLED": (
        "pele manchada", "marmorizad*", "rajada", "pele roxa", "maos e pes gelados", "pes gelados",
        "maozinhas geladas", "pezinhos gelados", "mottled", "blotchy", "cold hands and feet", "very pale",
        "muito palido", "muito palida", "amarelinho", "amarelo", "ictericia", "yellow", "jaundice",
    ),
    "WELL_CHILD": (
        "brincando", "comendo bem", "mamando bem", "bem disposto", "bem disposta", "ativo", "ativa", "playing",
        "eating well", "feeding well", "drinking well", "alert", "puericultura", "consulta de rotina", "vacina*",
        "vaccin*", "colica que passa", "passa no colo", "settles when held", "nariz entupido", "blocked nose",
        "stuffy nose",
    ),
    # --- suicide and self-harm ---------------------------------------------------------------------
    "SUICIDE": (
        "me matar", "se matar", "matar a mim", "me suicidar", "suicid*", "tirar a minha vida", "tirar minha vida",
        "tirar a propria vida", "tirar a vida", "acabar com tudo", "acabar com a minha vida", "acabar com minha vida",
        "por fim a minha vida", "dar fim a minha vida", "dar um fim em tudo", "quero morrer", "queria morrer",
        "queria estar mort*", "quero estar mort*", "melhor mort*", "vontade de morrer", "pensando em morrer",
        "penso em morrer", "quero sumir", "queria sumir", "vontade de sumir", "quero desaparecer",
        "queria desaparecer", "vontade de desaparecer", "sumir do mapa", "dormir e nao acordar", "nao acordar mais",
        "nunca mais acordar", "dormir pra sempre", "dormir para sempre", "nao aguento mais", "nao aguento mais viver",
        "nao quero mais viver", "nao quero viver", "nao vale a pena viver", "sem motivo pra viver",
        "sem motivo para viver", "sem razao pra viver", "nao tenho motivo", "nao vejo saida", "sem saida",
        "nao vejo mais sentido", "nao vejo sentido", "nao tem mais sentido", "sem sentido viver",
        "sem vontade de viver", "sentido em viver", "sentido pra viver", "no point in living", "no point living",
        "nao tem saida", "nao ha saida", "melhor sem mim", "melhores sem mim", "ficaria melhor sem mim",
        "ficariam melhor sem mim", "sou um peso", "sou um fardo", "so atrapalho", "me despedindo",
        "carta de despedida", "me despedir de todos", "guardei os remedios", "guardando remedios",
        "juntando remedios", "juntando comprimidos", "guardando comprimidos", "me cortei", "me cortando", "me corto",
        "me cortar", "me machuquei de proposito", "me machucar", "me ferir", "automutil*", "autolesao", "auto lesao",
        "pular da ponte", "pular do predio", "pular da janela", "me jogar da", "me jogar do", "me jogar na frente",
        "me enforcar", "enforcar", "corda no pescoco", "desistir da vida", "desistir de viver",
        "nada mais faz sentido", "acaba tudo", "acabar tudo", "acabo com tudo", "acabar com isso", "acabar de vez",
        "end it tonight", "ending it", "end it", "um peso pra", "um peso para", "peso pra familia", "fardo pra",
        "a burden to", "still be here", "wont be here", "not be here", "nao vou estar aqui", "nao estarei aqui",
        "nao vou durar", "se despedindo", "se despediu de todos", "despedindo de todo mundo", "mensagem de despedida",
        "goodbye message", "goodbye note", "goodbye post", "postou uma despedida", "posted a goodbye",
        "wrote letters to", "escrevi cartas", "escreveu cartas", "has a plan", "tem um plano", "bought a rope",
        "comprou uma corda", "comprei uma corda", "got a rope", "comprou uma arma", "comprei uma arma",
        "bought a gun", "got a gun", "tired of living", "cansei de viver", "cansada de viver", "cansado de viver",
        "kill myself", "kill herself", "kill himself", "killing myself", "end it all", "end my life",
        "ending my life", "end things", "take my own life", "take my life", "want to die", "wanna die",
        "wish i was dead", "wish i were dead", "better off dead", "better off without me", "better without me",
        "a burden", "im a burden", "want to disappear", "wish i could disappear", "and not wake up", "never wake up",
        "sleep forever", "cant go on", "cant take it anymore", "cant do this anymore", "no way out",
        "no reason to live", "nothing to live for", "not worth living", "dont want to live", "dont want to be here",
        "dont want to be alive", "wish i wasnt alive", "wish i wasnt here", "nao quero estar vivo",
        "nao quero estar viva", "nao quero mais estar vivo", "nao quero mais estar viva", "this is goodbye",
        "saying goodbye to everyone", "goodbye letter", "saving up pills", "saving pills", "stockpil*", "cut myself",
        "cutting myself", "self harm", "self-harm", "selfharm", "hurt myself", "harm myself", "hurting myself",
        "jump off", "hang myself", "overdose on purpose", "give up on life",
    ),
    # --- sepsis ------------------------------------------------------------------------------------
    "INFECTION": (
        "infecc*", "infeccao", "infeccionad*", "infectad*", "infection", "infected", "sepse", "sepsis", "septicemia",
        "pneumonia", "infeccao urinaria", "uti", "operou", "cirurgia", "surgery", "operation", "quimio*", "chemo*",
        "ferida", "wound", "pus",
    ),
    "MOTTLED_SKIN": ("marmorizad*", "mottled", "pele rendilhada"),
    "STOCKPILE": (
        "separei", "juntei", "guardei", "juntando", "guardando", "separando", "saving up", "saving", "stockpil*",
        "saved up", "collecting", "hoarding", "escondendo", "hiding",
    ),
    "GIVING_AWAY": (
        "gave away", "giving away", "gave my * to", "doei minhas", "doei meus", "dei minhas coisas", "dei as minhas",
        "deu as coisas", "deu as coisas dela", "deu as coisas dele", "dando as coisas", "doou as coisas",
        "cleared out my", "affairs in order", "deixei tudo organizado", "organizei meus documentos", "deu tudo",
    ),
    "DONE": (
        "im done", "i am done", "acabou pra mim", "nao aguento", "cansei", "tired of everything", "se despedindo",
        "despedida", "goodbye", "adeus", "farewell",
    ),
    "SEPSIS_SIGN": (
        "confus*", "delirando", "deliri*", "tremedeira que nao para", "nao para de tremer", "cant stop shivering",
        "cant stop shaking", "rigors", "marmorizad*", "pele manchada", "mottled", "blotchy", "nao faz xixi",
        "nao fez xixi", "sem fazer xixi", "havent peed", "hasnt peed", "no urine", "vou morrer", "going to die",
        "passando muito mal", "feel awful", "feels awful", "really unwell", "gelado e palido", "cold and clammy",
        "gelada e palida", "clammy", "confused", "delirious",
    ),
}
