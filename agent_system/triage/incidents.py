"""Triage vocabulary: what happened (a sting, a fall, a fire, a swallowed product), pain, pregnancy,
babies and despair (data only; same term syntax as `triage_lexicon`)."""
from __future__ import annotations

EVENTS: dict[str, tuple[str, ...]] = {
    # --- anaphylaxis -------------------------------------------------------------------------------
    "ANAPHYLAXIS": (
        "anafila*", "anaphyla*", "choque anafilatico", "epipen*", "epi pen", "caneta de adrenalina", "edema de glote",
        "glote",
    ),
    "AIRWAY": ("garganta", "lingua", "labio*", "beico", "glote", "throat", "tongue", "lip", "lips"),
    "SWELLING": (
        "inchad*", "inchand*", "inchou", "incharam", "inchaco", "edema", "fechando", "fechou", "fechad*", "apertad*",
        "swell*", "swollen", "closing", "closed", "tight", "puffy", "puffed", "huge", "enorme", "giant", "gigante",
        "grossa", "grosso",
    ),
    "ALLERGY": (
        "alergi*", "alergic*", "allerg*", "camarao", "frutos do mar", "amendoim", "castanha*", "abelha", "vespa",
        "marimbondo", "picad*", "picou", "ferroad*", "formiga", "latex", "penicilina", "dipirona", "shrimp",
        "shellfish", "peanut*", "nuts", "bee", "wasp", "sting", "stung", "hornet", "antibiotico*", "antibiotic*",
        "remedio novo", "injecao", "contraste", "amoxicilina", "penicillin", "ibuprofeno", "new medicine",
        "new medication",
    ),
    "HIVES": (
        "placas vermelhas", "placa* no corpo", "vergo*", "urticaria", "empolad*", "brotoeja*", "hives", "welts",
        "rash", "manchas vermelhas", "bolinhas vermelhas",
    ),
    "HOARSE": ("voz rouca", "rouquidao", "hoarse", "voice went", "voice changed", "voz sumiu", "voz mudou"),
    "SWALLOW_FUNCTION": ("engolir", "engole", "swallow", "swallowing"),
    "UNWELL": (
        "passando mal", "passou mal", "passar mal", "muito mal", "feel faint", "feeling faint", "feel awful",
        "feels awful", "unwell", "really ill", "very ill", "mal estar", "mal-estar",
    ),
    "BENIGN_ALLERGY": (
        "rinite", "hay fever", "sinusite", "espirr*", "sneez*", "nariz escorrendo", "runny nose", "coceira leve",
        "alergista", "allergist", "cronica", "chronic", "de sempre",
    ),
    # --- severe pain -------------------------------------------------------------------------------
    "HEAD": ("cabeca", "head", "headache*", "enxaqueca*", "migraine*", "cefaleia", "nuca"),
    "EXERTION": (
        "quando corro", "quando subo", "subir escada", "subindo escada", "correr", "corrida", "academia",
        "exercicio*", "esforco", "running", "after running", "exercise", "workout", "climbing stairs", "gym",
        "supino", "levantando peso", "fazendo forca", "durante a relacao", "during sex", "lifting", "straining",
    ),
    "HEADACHE": (
        "headache*", "dor de cabeca", "cefaleia", "enxaqueca*", "migraine*", "cabeca doendo", "cabeca vai explodir",
    ),
    "EXPLOSIVE": (
        "explod*", "estourar", "estourando", "thunderclap", "trovao", "pancada por dentro", "like being hit",
        "hit me like", "like a bat", "like a hammer", "like a punch", "martelada", "como um soco",
    ),
    "DIABETIC": ("diabetic*", "diabetes", "diabetico", "diabetica", "glicemia", "acucar alto"),
    "PEE": ("xixi", "urinar", "mijar", "pee", "urinate", "wee"),
    "STIFF_NECK": ("nuca dura", "nuca rigida", "pescoco duro", "pescoco rigido", "stiff neck", "neck is stiff"),
    "BELLY": (
        "barriga", "abdome*", "abdomen", "abdominal", "estomago", "ventre", "belly", "stomach", "tummy", "gut",
        "pe da barriga", "boca do estomago", "umbigo", "lado direito da barriga",
    ),
    "RIGID_BELLY": (
        "barriga dura", "barriga rigida", "nao consigo encostar", "nao deixa * encostar", "nem encostar",
        "anda curvado", "andando curvado", "anda curvada", "hunched over", "bent over", "doi de encostar",
        "doi so de encostar", "doi ate de encostar", "nao deixa encostar", "rock hard", "hard as a rock",
        "hurts to touch", "rigid", "doubled over", "dobrad* de dor", "se contorcendo", "contorcendo", "curled up",
        "can t stand up straight",
    ),
    "NO_URINE": (
        "nao consigo fazer xixi", "nao consigo urinar", "nao faz xixi", "nao fez xixi", "nao urina", "sem fazer xixi",
        "sem urinar", "cant pee", "cant urinate", "havent peed", "hasnt peed", "no urine", "no wee", "fralda seca",
        "fraldas secas", "no wet nappies", "no wet diapers", "dry nappy", "dry diaper", "dry nappies", "dry diapers",
        "no wet napp*", "no wet diaper*",
    ),
    "NO_STOOL": (
        "nao evacuo", "nao evacua", "nao solto gases", "nem gases", "nao consigo evacuar", "cant poop", "cant fart",
        "cant pass wind", "cant pass gas",
    ),
    "BENIGN_PAIN": (
        "gases", "gas", "bloat*", "estufad* de gases", "azia", "heartburn", "colica menstrual", "colicas menstruais",
        "period cramps", "period pain", "menstrua*", "ressaca", "hangover", "fim do dia", "end of the day", "tensao",
        "tension", "sinus*", "sinusite", "colica renal", "pedra no rim", "kidney stone*", "de sempre", "como sempre",
        "as usual", "my usual", "as always", "same as always", "diarreia", "diarrhoea", "diarrhea",
    ),
    # --- trauma ------------------------------------------------------------------------------------
    "HEAD_BLOW": (
        "bateu a cabeca", "bateu com a cabeca", "bati a cabeca", "bateu cabeca", "pancada na cabeca",
        "caiu de cabeca", "batida na cabeca", "traumatismo craniano", "hit his head", "hit her head", "hit my head",
        "banged his head", "banged her head", "banged my head", "bumped his head", "bumped her head",
        "bumped my head", "head injury", "knock on the head", "blow to the head", "hit the head", "hit their head",
    ),
    "HEAD_BLOW_SIGN": (
        "vomit*", "throwing up", "threw up", "grogue", "sonolent*", "confus*", "desmai*", "apag*", "tont*", "drowsy",
        "groggy", "confused", "knocked out", "passed out", "dizzy", "sangue do ouvido", "sangrando pelo ouvido",
        "liquido do ouvido", "saindo liquido", "saindo sangue", "fluid from", "blood from", "clear fluid",
        "nao lembra", "doesnt remember", "cant remember", "sleepy", "muito sono", "convuls*", "seizur*",
        "fala enrolada", "slurr*", "vision", "vista",
    ),
    "HIGH_ENERGY": (
        "acidente de carro", "acidente de moto", "acidente de transito", "acidente de bicicleta", "batida de carro",
        "batida de moto", "bateu o carro", "bateu a moto", "bateu de moto", "bateu de carro", "capot*", "atropel*",
        "colisao", "caiu da moto", "caiu de moto", "bati o carro", "bati a moto", "bati de carro", "bati de moto",
        "batida forte", "capotei", "capotamos", "facada", "esfaque*", "tiro", "tiros", "baleado", "baleada",
        "bala perdida", "arma de fogo", "ferragens", "preso nas ferragens", "soterrad*", "desabou", "desabamento",
        "afog*", "car crash", "car accident", "motorbike accident", "motorcycle accident", "bike accident", "crash",
        "crashed", "hit by a car", "run over", "ran over", "stabbed", "stab wound", "gunshot", "got shot", "was shot",
        "been shot", "trapped", "drown*", "collapsed on", "crushed",
    ),
    "FALL_HEIGHT": (
        "caiu da laje", "caiu do telhado", "caiu da escada", "caiu do andaime", "caiu de uma altura", "caiu do muro",
        "caiu da arvore", "caiu do segundo", "caiu do terceiro", "caiu do predio", "caiu da janela", "caiu do cavalo",
        "caiu do alto", "caiu da sacada", "caiu do beliche", "queda de altura", "fell off the roof",
        "fell off a roof", "fell from", "fell off the ladder", "fell off a ladder", "fell down the stairs",
        "fell off", "fell out of", "cai da escada", "cai do telhado", "cai da laje",
    ),
    "LEGS_GONE": (
        "nao sente as pernas", "nao sinto as pernas", "nao mexe as pernas", "nao mexo as pernas",
        "nao consegue mexer as pernas", "nao consigo mexer as pernas", "cant feel my legs", "cant feel his legs",
        "cant feel her legs", "cant move my legs", "cant move his legs", "cant move her legs", "paraplegi*",
    ),
    "SPINE_SIGN": (
        "nao sente as pernas", "nao sinto as pernas", "nao mexe as pernas", "paralis*", "paraliz*", "paralyz*",
        "formigamento", "formigando", "tingling", "pescoco torto", "twisted neck",
    ),
    "BACK_NECK": ("pescoco", "coluna", "costas", "neck", "spine", "back"),
    "FALL": ("caiu", "cai", "queda", "tombo", "caindo", "fell", "fall", "falling", "tripped", "escorreg*"),
    "MINOR_INJURY": (
        "torceu", "torci", "torcido", "entorse", "tornozelo", "galo", "roxo na testa", "sprain*", "twisted my ankle",
        "bump", "bruise*", "hematoma", "gesso", "tirar o gesso", "cast", "plaster", "ralou", "arranhao", "scrape*",
        "scratch*",
    ),
    # --- burns -------------------------------------------------------------------------------------
    "BURN": (
        "queim*", "escald*", "burn*", "scald*", "bolha*", "blister*", "agua fervendo", "oleo quente", "oleo fervendo",
        "boiling water", "hot oil", "hot water", "agua quente",
    ),
    "BURN_SERIOUS": (
        "rosto", "cara", "face", "mao", "maos", "hand", "hands", "pe", "pes", "feet", "genita*", "virilha", "nadega*",
        "boca", "mouth", "labio*", "lips", "grande", "enorme", "grandes", "big", "large", "huge", "bolha*",
        "blister*", "branca", "preta", "carboniz*", "charred", "white", "leathery", "bebe", "crianca", "baby",
        "child", "toddler", "inteiro", "inteira", "todo o", "toda a", "all over", "whole", "peito", "chest", "olho",
        "olhos", "eye", "eyes", "braco inteiro", "perna inteira", "fundo", "profund*", "deep",
    ),
    "ELECTRIC": (
        "choque eletrico", "tomou choque", "levou choque", "levou um choque", "tomou um choque", "tomei choque",
        "levei choque", "levei um choque", "eletrocut*", "fio desencapado", "descarga eletrica",
        "atingido por um raio", "caiu um raio", "electric shock", "electrocut*", "struck by lightning", "live wire",
        "got a shock", "got shocked", "took a shock", "shock from the", "choque na tomada", "choque no fio",
        "choque da tomada", "mordeu o fio", "frayed cable", "frayed wire",
    ),
    "CHEMICAL": (
        "soda caustica", "acido", "acid", "agua sanitaria", "cloro", "alvejante", "bleach", "lye", "caustic",
        "chemical*", "produto quimico",
    ),
    "FIRE": (
        "pegou fogo", "pegando fogo", "incendio", "explodiu", "explosao", "botijao explodiu", "on fire",
        "caught fire", "house fire", "explosion", "exploded", "chamas", "flames", "kitchen fire",
    ),
    "SPLASH": (
        "caiu", "espirrou", "respingou", "jogou", "derramou", "no olho", "nos olhos", "na pele", "splashed",
        "spilled", "got on", "in my eye", "in his eye", "in her eye", "on my skin",
    ),
    "SMOKE": ("fumaca", "fumaceira", "smoke", "fumes", "gas toxico", "vapor toxico", "monoxido"),
    "EYES": ("olho", "olhos", "eye", "eyes", "vista"),
    "BENIGN_BURN": (
        "pequena", "pequeno", "pequenininh*", "small", "minor", "leve", "mild", "sem bolha", "no blister*",
        "curativo", "dressing", "cicatriz", "scar", "vermelhinh*", "just red", "so vermelho",
    ),
    # --- poisoning ---------------------------------------------------------------------------------
    "POISON": (
        "envenen*", "intoxic*", "overdose", "veneno", "chumbinho", "raticida", "mata rato", "poison*", "intoxicated",
        "overdosed", "procedencia duvidosa", "bootleg", "moonshine", "bebida batizada", "drink was spiked",
        "spiked my drink", "metanol", "methanol", "bebida adulterada", "agrotoxico*", "pesticid*", "inseticida",
        "insecticide", "chumbo",
    ),
    "INGESTED": (
        "engol*", "bebeu", "bebi", "tomou", "tomei", "tomaram", "comeu", "comi", "ingeriu", "ingeri", "mastigou",
        "colocou na boca", "botou na boca", "swallow*", "drank", "drunk", "ate", "eaten", "took", "taken", "ingested",
        "chewed", "got into", "put in his mouth", "put in her mouth", "tomando", "chewing", "mastigando", "lambendo",
        "licking", "sucking on", "chupando",
    ),
    "SWALLOWED": (
        "engol*", "bebeu", "comeu", "ingeriu", "mastigou", "colocou na boca", "botou na boca", "pegou", "swallow*",
        "drank", "ate", "eaten", "ingested", "chewed", "got into", "put in his mouth", "put in her mouth",
        "found him with", "found her with", "chewing", "mastigando", "lambendo", "licking", "sucking on", "chupando",
        "empty", "vazio", "vazia", "sumiram",
    ),
    "HOUSEHOLD": (
        "agua sanitaria", "cloro", "alvejante", "soda caustica", "produto de limpeza", "produtos de limpeza",
        "desinfetante", "detergente", "amaciante", "querosene", "gasolina", "thinner", "solvente", "removedor",
        "acetona", "naftalina", "veneno", "raticida", "chumbinho", "bleach", "cleaning product*", "cleaner",
        "detergent", "laundry pod*", "tide pod*", "kerosene", "petrol", "gasoline", "paint thinner", "antifreeze",
        "comigo ninguem pode", "cogumelo*", "mushroom*", "lava loucas", "limpa forno", "acido", "dishwasher",
        "dishwasher pod*", "capsula de lava roupa", "sabao em capsula", "lava roupa", "pod", "pods",
    ),
    "HARMFUL_OBJECT": (
        "pilha", "pilhas", "bateria", "baterias", "bateria de relogio", "button batter*", "batter*", "ima", "imas",
        "magnet*",
    ),
    "MEDS": (
        "remedio*", "comprimido*", "pilula*", "capsula*", "medicamento*", "cartela", "calmante*", "tarja preta",
        "antidepressivo*", "pills", "pill", "pill organiser", "pill organizer", "pill box", "porta comprimidos",
        "porta remedios", "tablets", "meds", "medicine*", "medication*", "painkiller*", "sleeping pill*",
        "paracetamol", "dipirona", "ibuprofeno", "rivotril", "clonazepam", "diazepam", "insulina",
    ),
    "WHOLE_PACK": (
        "cartela inteira", "caixa inteira", "vidro inteiro", "frasco inteiro", "todos os comprimidos",
        "todos os remedios", "whole pack", "whole box", "whole bottle", "whole packet", "whole strip", "all my pills",
        "all the pills", "all of my pills",
    ),
    "TOO_MUCH": (
        "demais", "cartela inteira", "caixa inteira", "vidro inteiro", "frasco inteiro", "muitos", "muitas", "varios",
        "varias", "monte de", "punhado", "tudo de uma vez", "todos de uma vez", "too many", "whole pack", "whole box",
        "whole bottle", "whole packet", "handful", "bunch of", "lots of", "dose dobrada", "dose dupla", "duas doses",
        "duas vezes", "double dose", "twice", "two doses", "a mais", "extra dose", "overdos*", "dezenas", "vinte",
        "trinta", "quinze", "twenty", "thirty", "fifteen", "dozens",
    ),
    "WITH_ALCOHOL": (
        "com bebida", "com alcool", "com cerveja", "com cachaca", "com vinho", "with alcohol", "with booze",
        "with beer", "with wine", "with vodka", "misturou", "misturei", "mixed",
    ),
    "VENOMOUS": (
        "escorpiao", "cobra", "aranha", "jararaca", "cascavel", "coral", "lacraia", "taturana", "lagarta",
        "agua viva", "arraia", "scorpion", "snake", "spider", "rattlesnake", "jellyfish", "stingray",
    ),
    "BITE": (
        "picad*", "picou", "mordid*", "mordeu", "ferroou", "ferrad*", "queimou", "bite", "bit", "bitten", "stung",
        "sting",
    ),
    "MEDICATION_ROUTINE": (
        "esqueci de tomar", "esqueci o remedio", "esqueci a dose", "atrasei", "atrasad*", "pular a dose", "forgot",
        "missed", "late dose", "efeito* colatera*", "side effect*", "interac*", "posso tomar", "can i take",
        "renovar", "receita", "prescription", "refill",
    ),
}
