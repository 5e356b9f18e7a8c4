"""Triage vocabulary: the body parts, functions and signs that the category rules combine (data only).

Same term syntax as `triage_lexicon`. Grouped by the category whose guidance introduced them;
the rules in `triage_categories` may share them across categories.
"""
from __future__ import annotations

SIGNS: dict[str, tuple[str, ...]] = {
    # --- cardiac -----------------------------------------------------------------------------------
    "HEART_ATTACK": (
        "infart*", "enfart*", "infarte", "ataque cardiac*", "ataque do coracao", "ataque de coracao",
        "parada cardiac*", "parada cardiorrespiratoria", "heart attack", "cardiac arrest", "coracao parou",
        "heart stopped", "sindrome coronariana",
    ),
    "CHEST": ("peito", "peitoral", "torax", "toracica", "chest", "breastbone", "esterno", "ribs", "rib cage"),
    "HEART": ("coracao", "heart"),
    "PAIN": (
        "dor", "dores", "doi", "doendo", "doeu", "doer", "doia", "dodoi", "dolorid*", "pontada*", "fisgada*", "pain",
        "pains", "painful", "hurt*", "ache", "aches", "aching", "sore", "agonia", "desconforto", "discomfort",
        "incomodo",
    ),
    "PRESSURE": (
        "aperto", "apertad*", "apertando", "aperta", "pressao", "pressionando", "peso", "pesado", "pesada",
        "esmagando", "esmagad*", "elefante", "tight*", "pressure", "heaviness", "heavy", "squeez*", "crushing",
        "elephant",
    ),
    "BURNING": ("queimacao", "queimando", "ardendo", "ardencia", "burning", "indigestion"),
    "SPREADS": (
        "desce", "descendo", "desceu", "irradia*", "espalha*", "vai pro", "vai para", "vai pra", "corre pro",
        "pega o", "pegando o", "ate o", "ate a", "spread*", "radiat*", "down my", "down his", "down her", "into my",
        "into his", "into her", "going to my", "going down", "moving to",
    ),
    "UPPER_BODY": (
        "braco", "bracos", "braco esquerdo", "queixo", "mandibula", "maxilar", "pescoco", "ombro", "ombros", "costas",
        "dentes", "arm", "arms", "jaw", "neck", "shoulder*", "back", "teeth",
    ),
    "JAW": ("queixo", "mandibula", "maxilar", "jaw"),
    "COLD_SWEAT_ALONE": ("suor frio", "suando frio", "suor gelado", "cold sweat*", "em suor frio"),
    "COLD_SWEAT": (
        "suor frio", "suando frio", "suando muito", "suor gelado", "suadouro", "cold sweat*", "sweating", "clammy",
        "sweaty", "suando", "suado", "suada", "encharcad* de suor",
    ),
    "PALPITATION": (
        "disparad*", "acelerad*", "palpita*", "batendo forte", "batendo rapido", "batendo muito", "racing",
        "pounding", "fluttering", "palpitation*", "taquicardia", "coracao a mil",
    ),
    "DOOM": (
        "vou morrer", "sensacao de morte", "sensacao de que vou morrer", "vai morrer", "going to die", "gonna die",
        "about to die", "something terrible", "something is very wrong", "algo muito errado", "algo terrivel",
        "sinto que vou morrer", "achei que ia morrer", "ia morrer",
    ),
    "NAUSEA": ("enjoo", "enjoad*", "nausea*", "nauseous", "sick to my stomach", "vomit*", "throwing up", "vomitando"),
    # --- stroke ------------------------------------------------------------------------------------
    "STROKE": (
        "avc", "derrame", "acidente vascular", "stroke", "mini avc", "mini stroke", "ait", "isquemia cerebral",
        "tia stroke", "transient ischemic",
    ),
    "FACE": ("rosto", "cara", "face", "boca", "mouth", "sorriso", "smile", "labio*", "lip", "lips", "bochecha"),
    "DROOP": (
        "torta", "torto", "caid*", "caindo", "entort*", "repuxad*", "droop*", "crooked", "lopsided", "sagging",
        "saggy", "uneven", "paralisad*", "paralyz*", "paralys*", "puxando pro lado", "puxando para o lado",
        "went slack", "fell", "slipped", "subiu so", "so um lado", "only one side",
    ),
    "ONE_SIDE": (
        "um lado", "um dos lados", "lado esquerdo", "lado direito", "lado so", "de lado", "metade do corpo",
        "metade do rosto", "one side", "left side", "right side", "half of", "one arm", "one leg", "esquerdo",
        "direito", "esquerda", "direita", "left", "right",
    ),
    "LIMB": (
        "braco", "bracos", "perna", "pernas", "mao", "maos", "pe", "pes", "arm", "arms", "leg", "legs", "hand",
        "hands", "foot", "feet", "corpo", "body",
    ),
    "WEAK": (
        "dormente", "dormencia", "adormecid*", "fraco", "fraca", "fraqueza", "sem forca", "perdeu a forca",
        "perdi a forca", "perdendo a forca", "nao mexe", "nao mexia", "nao levanta", "nao segura", "numb*", "weak*",
        "gave way", "gave out", "cant lift", "cant raise", "cant move", "cant hold", "paralis*", "paraliz*",
        "paralyz*", "formigand*", "formigamento", "pesad*", "mole", "molenga", "deixou cair", "dropping things",
        "dropped", "caiu sozinho", "caiu sozinha", "cai sozinho", "drifted down", "drifts down", "drifting",
        "arrastando", "dragging", "puxando a perna",
    ),
    "LIFT": ("levantar", "erguer", "mexer", "segurar", "lift", "raise", "move", "hold"),
    "SPEECH_ODD": (
        "fala enrolada", "fala embolada", "fala arrastada", "fala estranha", "fala esquisita", "falando enrolado",
        "falando embolado", "falando arrastado", "falando estranho", "falando esquisito", "enrolando a lingua",
        "lingua enrolada", "lingua travada", "palavras trocadas", "trocando as palavras", "trocando palavras",
        "falando coisa sem sentido", "falando coisas sem sentido", "coisa com coisa", "embolando as palavras",
        "enrolando as palavras", "slurr*", "garbled", "jumbled", "mumbl*", "talking nonsense", "not making sense",
        "words came out wrong", "words wrong", "cant find words", "cant find the words", "cant get words out",
        "cant get the words out", "cant get my words out", "cant speak", "cant talk", "nao entende o que",
        "nao entende nada", "doesnt understand what", "cant understand what", "nao consegue falar",
        "nao consigo falar", "nao consegue responder", "parou de falar", "nao sai a fala", "nao sai palavra",
        "perdeu a fala", "slurred speech", "speech is slurred",
    ),
    "VISION_SUDDEN": (
        "vista escureceu", "escureceu a vista", "perdeu a visao", "perdi a visao", "vendo dobrado", "visao dupla",
        "visao dobrada", "vendo duplo", "double vision", "seeing double", "lost vision", "lost my vision",
        "lost sight", "went blind", "perdeu a vista", "ficou cego", "fiquei cego", "fiquei cega",
    ),
    "VISION_LOSS": (
        "vista escureceu", "vista escura", "escureceu a vista", "escureceu tudo", "perdeu a visao", "perdi a visao",
        "vendo dobrado", "visao dupla", "visao dobrada", "vendo duplo", "vista embacada", "visao embacada",
        "vista turva", "visao turva", "embacou", "turvou", "nao enxerg*", "parei de enxergar", "cego",
        "double vision", "blurr*", "cant see", "lost vision", "lost my vision", "lost sight", "went blind",
        "seeing double", "blind", "vision",
    ),
    "SPEECH": ("fala", "falar", "falando", "palavra*", "speech", "talking", "speaking", "words", "voz"),
    "SLURRED": (
        "enrolad*", "embolad*", "arrastad*", "sem sentido", "slurr*", "garbled", "jumbled", "mumbl*", "nonsense",
        "gibberish", "nao sai", "travad*", "wrong words", "trocad*",
    ),
    "VISION": ("vista", "visao", "olho", "olhos", "enxerg*", "vision", "eye", "eyes", "sight"),
    "DARKENED": (
        "escureceu", "escura", "escuro", "embacad*", "turv*", "dupla", "dobrad*", "cortina", "sumiu", "apagou",
        "blurr*", "went black", "went dark", "curtain", "double", "dim", "lost",
    ),
    "BALANCE_LOSS": (
        "nao para em pe", "nao fica em pe", "nao consegue ficar em pe", "perdeu o equilibrio", "perdi o equilibrio",
        "sem equilibrio", "cambaleando", "cambaleou", "nao consegue andar", "andando torto", "lost balance",
        "lost his balance", "lost her balance", "lost my balance", "cant walk", "cant stand", "staggering",
        "cant stand up",
    ),
    "DIZZY": (
        "tontura", "tonto", "tonta", "zonzo", "zonza", "dizzy", "dizziness", "vertigem", "vertigo", "lightheaded",
    ),
    # --- breathing ---------------------------------------------------------------------------------
    "BREATHE": ("respira*", "respiro", "respirou", "folego", "breath*", "air", "ar"),
    "AIRLESS": (
        "falta de ar", "faltando ar", "faltou ar", "falta ar", "sem ar", "sem folego", "perdendo o ar",
        "ar nao entra", "nao entra ar", "short of breath", "shortness of breath", "out of breath", "breathless",
        "cant breathe", "cant breath", "cant catch my breath", "cant get air", "not breathing", "isnt breathing",
        "stopped breathing", "nao respira", "nao esta respirando", "parou de respirar", "nao respirava", "gasp*",
        "sufoc*", "suffocat*", "asfixi*", "puxando o ar", "puxando ar", "lutando pra respirar", "engasg*", "chok*",
        "ofegante", "cansaco pra respirar", "cansado pra respirar", "chiado forte", "chiado muito forte",
        "chiando muito", "wheezing badly", "wheezing really badly", "pegar ar", "pegar o ar", "puxar ar",
        "puxar o ar", "buscar ar", "stopping to breathe", "stop to breathe", "mid sentence", "mid-sentence",
        "terminar uma frase", "terminar a frase", "costela* afundando", "costelinha*", "ribs sucking", "sucking in",
        "narizinho abrindo", "nariz abrindo e fechando", "nostrils flaring", "gemendo pra respirar", "grunting",
        "respirando rapido", "respirando muito rapido", "respiracao rapida", "breathing fast", "breathing super fast",
        "breathing really fast", "breathing very fast",
    ),
    "CYANOSIS_SITE": (
        "labio*", "boca", "lingua", "rosto", "dedos", "pontas dos dedos", "lips", "lip", "mouth", "tongue", "face",
        "fingertips", "fingers", "skin", "pele",
    ),
    "BLUE": (
        "roxo", "roxa", "roxinho", "roxinha", "arroxead*", "azulad*", "cinzent*", "blue", "bluish", "grey", "gray",
        "purple lips",
    ),
    # --- bleeding ----------------------------------------------------------------------------------
    "BLOOD": (
        "sangue", "sangr*", "hemorrag*", "blood", "bleed*", "hemorrhag*", "haemorrhag*", "bled", "nosebleed*",
        "sangramento nasal",
    ),
    "HEMORRHAGE": ("hemorrag*", "hemorrhag*", "haemorrhag*"),
    "BLEED_HEAVY": (
        "jorrando", "jorra", "esguichando", "espirrando sangue", "encharc*", "ensopad*", "empapad*", "poca de sangue",
        "muito sangue", "sangue demais", "spurting", "pouring", "gushing", "soaked", "soaking", "pool of blood",
        "lot of blood", "lots of blood", "wont stop", "nao para", "nao estanca", "nao estancou", "whole towel",
        "toalha inteira", "soaked a", "encharcou",
    ),
    "VOMIT": ("vomit*", "vomito", "golfad*", "throwing up", "threw up", "vomiting", "puking", "puked", "vomiting"),
    "COUGH": ("tossindo", "tosse", "tossiu", "escarr*", "cuspindo", "coughing", "cough*", "spitting"),
    "COFFEE_GROUNDS": ("borra de cafe", "coffee ground*", "coffee-ground*"),
    "STOOL": ("coco", "fezes", "evacuacao", "stool", "stools", "poop", "poo", "feces", "faeces", "bowel movement*"),
    "TARRY": ("piche", "preto", "preta", "pretas", "tar", "tarry", "black", "borra"),
    "BLACK_STOOL": (
        "coco preto", "fezes pretas", "fezes escuras", "piche", "coco escuro", "black stool*", "black poop",
        "black tarry", "tarry", "tar-like", "melena",
    ),
    "PALE_FAINT": (
        "palido", "palida", "branco", "branca", "gelad*", "tont*", "fraco", "fraca", "pale", "dizzy", "lightheaded",
        "light headed", "faint*", "clammy", "cold", "white as a sheet", "branco que nem papel",
        "branca que nem papel", "goes black", "went black", "vista escurece", "escurece tudo", "apagando",
    ),
    "MINOR": (
        "gengiva*", "escovar", "escovando", "brushing", "gums", "corte pequeno", "cortezinho", "small cut",
        "paper cut", "rajada*", "raias", "fio de sangue", "pontinhos de sangue", "streak*", "spots of blood", "ferro",
        "sulfato ferroso", "iron", "menstrua*", "period", "nariz sangrou",
    ),
    # --- consciousness and seizure -----------------------------------------------------------------
    "UNCONSCIOUS": (
        "desmai*", "desmaei", "desmaio", "apagou", "apaguei", "apagado", "apagada", "apaga de novo", "apagando",
        "acordei no chao", "acordou no chao", "woke up on the floor", "found on the floor", "came to on the floor",
        "dont remember falling", "nao lembro de cair", "nao lembra de ter caido", "nao lembro de ter caido",
        "desacordad*", "inconscien*", "inconcien*", "incosciente", "nao acorda", "nao acordava", "nao responde",
        "nao respondia", "nao reage", "perdeu os sentidos", "perdeu a consciencia", "perdi a consciencia",
        "perdi os sentidos", "caiu duro", "caiu desmaiad*", "caido no chao", "caida no chao", "desfaleceu", "faint*",
        "passed out", "pass out", "passing out", "blacked out", "black out", "collaps*", "unconscious",
        "unresponsive", "wont wake", "not waking", "cant wake", "not responding", "doesnt respond", "knocked out",
        "keeled over", "dropped to the floor",
    ),
    "SEIZURE": (
        "convuls*", "convulc*", "convulssao", "crise convulsiva", "ataque epilet*", "ataque epilept*",
        "crise epilet*", "crise epilept*", "se debatendo", "debatendo", "tremendo todo", "tremendo inteiro",
        "olho revirado", "olhos revirados", "revirando os olhos", "babando", "espuma pela boca", "seizur*", "fitting",
        "having a fit", "had a fit", "a fit", "shaking all over", "jerking", "foaming", "eyes rolled", "eyes rolling",
        "mordeu a lingua", "mordi a lingua", "lingua mordida", "tongue bitten", "bit my tongue", "bit his tongue",
        "bit her tongue",
    ),
    "CONFUSED_STRONG": (
        "desorientad*", "nao reconhece", "nao sabe onde", "nao sabe quem", "nao sabe que dia",
        "nao fala coisa com coisa", "nao esta falando coisa com coisa", "delirando", "alucinando", "disoriented",
        "doesnt know where", "doesnt recognise", "doesnt recognize", "delirious", "hallucinating", "didnt know where",
        "didnt recognise", "didnt recognize", "nao reconheceu", "nao sabia onde",
    ),
    "EPILEPSY": ("epilepsia", "epileptic*", "epilepsy", "epilet*", "epilept*"),
    "SEIZURE_EPISODE": ("crise", "crises", "ataque", "fit", "fits", "episode"),
    "CONFUSED": (
        "confus*", "desorientad*", "nao reconhece", "nao sabe onde", "nao sabe quem", "nao sabe que dia",
        "nao fala coisa com coisa", "nao esta falando coisa com coisa", "delirando", "deliri*", "alucin*", "grogue",
        "sonolent*", "confused", "disoriented", "doesnt know where", "doesnt recognise", "doesnt recognize",
        "delirious", "hallucinat*", "not herself", "not himself", "drowsy", "groggy", "out of it", "dopey",
        "muito sono", "hard to wake", "muddled",
    ),
}
