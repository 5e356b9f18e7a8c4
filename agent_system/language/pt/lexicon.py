"""Portuguese (pt-BR): the words the reading looks for, by concept (language/concepts.py), on folded text.

Entries are regular-expression fragments matched as whole words on `text.normalize` output (lower case, no
accents). Where an entry is spelled the same in English ("ok", "show"), it is listed in one language only.
"""
from __future__ import annotations

from agent_system.language.pt import bookings, day_words, federation, own_bookings, several_requests, when

# Relatives a booking may be for ("pro meu filho", "minha mãe precisa"): kept as said, so the answer says them back.
_RELATIVES = (r"filh[oa]s?|mae|mamae|pai|papai|espos[oa]|marido|mulher|av[oó]|vo|vovo|irma|irmao|net[oa]|"
              r"sogr[oa]|enteado|enteada|companheir[oa]|namorad[oa]|bebe|filhinh[oa]|tio|tia|sobrinh[oa]|prim[oa]|"
              r"cunhad[oa]|genro|nora|cacula")
_FOR = r"(?:pro|pra|para|p/|p|do|da|de)\s+(?:o\s+|a\s+)?"
# "meu pai também precisa": one word may stand between the relative and the need.
_NEEDS = (r"(?:\s+(?:tb|tbm|tambem|ainda|so|mesmo|agora))?\s+(?:precisa|quer|queria|tem que|vai|deve|necessita|"
          r"ta precisando|esta precisando)")
# "meu marido machucou o joelho, tem ortopedista pra ele?": the relative, then the appointment asked for them.
_FOR_THEM = r"[^.?!]*?\b(?:pro|pra|para|p/)\s+(?:ele|ela)\b"

LEXICON: dict[str, tuple[str, ...]] = {
    "book": (r"agend(?!a\b)\w*", r"marc(?:ar|a|o|ando|que)", r"reserv\w*", r"quero (?:uma )?consulta", r"fico com",
             r"pode ser", r"vou querer", r"quero (?:o|esse|este|esse horario)", r"confirm\w*", r"consulta com",
             r"fecha pra mim"),
    "list": (r"horarios?", r"disponi\w*", r"vagas?", r"agenda", r"tem (?:horario|vaga|consulta)",
             r"quando (?:tem|posso|pode)", r"opcoes", r"ver", r"mostr\w*", r"quais", r"consultas?", r"especialistas?",
             r"medicos?", r"cardiologistas?"),
    "greeting": (
        r"oi", r"ola", r"bom dia", r"boa tarde", r"boa noite", r"tudo bem", r"e ai", r"obrigad[oa]", r"valeu",
        r"tchau",
        # asking what the assistant is for gets the same introduction
        r"o (?:que|q) (?:voce|vc|tu) (?:faz|fazes|pode fazer|sabe fazer)", r"(?:quem|o que) (?:e|eh) (?:voce|vc)",
        # a bare call for help: what the assistant can do is the answer (an emergency is triage's, before this)
        r"(?:me )?ajud[ae](?: aqui)?", r"ajuda por favor", r"preciso de ajuda"),
    "thanks_or_bye": (r"obrigad[oa]s?", r"obg", r"brigad(?:[oa]|ao|inh[oa])", r"valeu", r"vlw", r"agradec\w*",
                      r"tchau", r"ate (?:mais|logo)", r"falou", r"flw"),
    "closing_filler": (r"ok", r"okay", r"beleza", r"blz", r"perfeito", r"otimo", r"show", r"muito", r"mt", r"so",
                       r"mesmo", r"entao", r"e", r"pela ajuda", r"de novo", r"gente", r"moca", r"tudo certo",
                       r"era isso", r"so isso", r"por hoje", r"voce", r"vc"),
    "yes": (r"sim", r"isso", r"confirmo", r"pode", r"ok", r"okay", r"claro", r"certo", r"correto", r"exato"),
    "clinic_info": (
        r"onde fica\w*", r"onde (?:e|esta) a clinica", r"endereco", r"como (?:chego|chegar)", r"localizacao",
        r"telefone", r"numero (?:de|do) telefone", r"contato da clinica", r"horarios? de (?:funcionamento|atendimento)",
        r"(?:que|qual) horas? (?:abre|fecha)", r"abre (?:aos|no|nos) (?:sabados?|domingos?)", r"aceita\w*",
        r"(?:e|eh|sao) aceit[oa]s?", r"convenios?", r"planos? de saude"),
    # "quais clínicas pegam amil", "atende pela Unimed?"
    "takes_plan": (r"pega\w*", r"cobre\w*", r"trabalha\w* com", r"atende\w* (?:pel[oa]|com|o|a)"),
    "off_topic": (r"clima", r"previsao do tempo", r"chover", r"piadas?", r"poemas?", r"futebol", r"noticias",
                  r"receitas? de", r"capital d\w+"),
    "injection": (
        r"ignor\w* (?:\w+ ){0,3}(?:instructions|instrucoes|regras|rules|prompt)",
        r"(?:esqueca|forget|disregard) (?:\w+ ){0,3}(?:instructions|instrucoes|regras|rules|prompt)",
        r"voce agora e", r"agora voce e", r"prompt do sistema", r"modo (?:admin\w*|desenvolvedor|staff|equipe)",
        r"token (?:de|da) equipe"),
    "medical_advice": (
        r"(?:que|qual|quais) remedios?", r"(?:que|qual|quais) medicament\w*", r"posso tomar", r"devo tomar",
        r"o que (?:eu )?(?:devo|posso) (?:tomar|usar|fazer)", r"dosagem", r"dose", r"e grave", r"sera que (?:eu )?tenho",
        r"o que (?:eu )?tenho", r"diagnostic\w*", r"me receita", r"receitar", r"tratamento (?:para|pra|de)",
        r"cura (?:para|pra)", r"como (?:tratar|curar)"),
    # A patient record id is a few letters and three digits (CARD-001), whichever clinic keeps it.
    "privacy": (
        r"[a-z]{3,4}-?[a-z]?\d{3}", r"list[ _]?patients", r"get[ _]?patients?", r"prontuarios?",
        r"quais (?:os |as )?pacientes", r"(?:lista|listar|liste|mostre|mostrar|ver|quais sao|todos) (?:os |de |dos )*pacientes",
        r"(?:os |todos os |outros |esses |estes )pacientes (?:com|que|da|do|cadastrados|tem|tomam|usam)",
        r"pacientes cadastrados",
        r"(?:dados|telefone|endereco|cpf|e-?mail|contato|condicao|diagnostico|remedios?)"
        r" (?:do|de|da|dos|das) (?:outr[oa]s? )?(?:paciente|pessoa|pacientes)",
        r"outros? pacientes?", r"outra pessoa", r"condi\w+ (?:do|da|dos) paciente", r"ficha (?:do|da|de)",
        r"historico (?:medico|clinico) (?:do|da|de)", r"quem (?:tem|esta) (?:consulta|agendad)\w*",
        r"ferramentas? (?:de|da) equipe",
        r"(?:busque|buscar|busca|procure|procurar|encontre|encontrar|pesquise|pesquisar|localize) (?:o |a |os |as )?"
        r"(?:paciente|pacientes)"),
    "invalid_specialty": (
        r"neuro\w*", r"pediatr\w*", r"ginecolog\w*", r"gineco", r"oftalmo\w*", r"psiquiatr\w*", r"psicolog\w*",
        r"urolog\w*", r"endocrino\w*", r"otorrino\w*", r"gastro\w*", r"dentista", r"odontolog\w*", r"oncolog\w*",
        r"nutricionista", r"fisioterap\w*", r"clinico geral", r"pneumolog\w*", r"nefrolog\w*", r"reumatolog\w*",
        r"obstetr\w*", r"geriatr\w*", r"infectolog\w*", r"hematolog\w*", r"alergista", r"oculista"),
    # a reply that only accepts (dialogue/reading/acceptance.py): plain phrases
    "accept_yes": ("sim", "simm", "s", "ss", "pode ser", "pode sim", "pode", "quero", "quero sim", "eu quero",
                   "vou querer", "aceito", "claro", "com certeza", "isso", "isso mesmo", "bora", "vamos", "vamo",
                   "fechado", "fechou", "combinado", "demorou", "dale", "pode marcar", "pode agendar", "pode reservar",
                   "quero marcar", "quero agendar", "marca", "agenda", "marca pra mim"),
    "accept_ok": ("ok", "okk", "okay", "blz", "beleza", "ta", "ta bom", "ta otimo", "certo", "otimo", "perfeito", "show",
                  "top", "massa", "uhum", "aham"),
    "accept_thanks": ("obrigado", "obrigada", "obg", "brigado", "valeu", "vlw"),
    "accept_filler": ("por favor", "pf", "pfv", "pfvr", "entao", "e", "ah", "sim sim", "ja", "mesmo", "muito",
                      # a pointer at what was just shown names no slot of its own: "pode marcar esse"
                      "esse", "essa", "esse ai", "essa ai"),
    # requests that write (dialogue/reading/write_intent.py)
    "write_book": (r"marc(?:a|ar|amos)", r"marque", r"agend(?:a|ar|e)", r"reserv(?:a|ar|e)", r"encaix(?:a|ar|e)",
                   r"garant(?:e|a|ir)", r"fecha pra mim"),
    "write_cancel": (r"cancel(?:a|ar|e)?", r"desmarc(?:a|ar)", r"desmarque"),
    "write_move": (r"remarc(?:a|ar)", r"remarque", r"reagend(?:a|ar|e)", r"adi(?:a|ar|e)", r"antecip(?:a|ar|e)"),
    "change_verb": (r"mud(?:a|ar|e)", r"troc(?:a|ar)", r"troque", r"pass(?:a|ar|e)", r"jog(?:a|ar|ue)"),
    "change_pointer": (r"a", r"o", r"minha", r"meu", r"isso", r"ela", r"ele"),
    "change_object": (r"consulta", r"horario", r"data", r"agendamento"),
    "change_to": (r"pra", r"para", r"pro"),
    "booking_noun": (r"consulta", r"horario", r"data", r"agendamento"),
    "place_me": (r"(?:bot(?:a|ar|e)|coloc(?:a|ar)|coloque|poe|ponha) (?:meu nome|eu|me|pra mim)",
                 r"(?:passar|consultar|ser atendid[oa]) (?:com|pel[oa])\b",
                 r"deix(?:a|ar|e) (?:marcad|agendad|reservad)[oa]\b"),
    "opener": (r"ok", r"okay", r"sim", r"entao", r"ta", r"beleza", r"blz", r"perfeito", r"otimo", r"show", r"certo",
               r"por favor", r"pf", r"pfv", r"oi", r"ola", r"bom dia", r"boa tarde", r"boa noite", r"e", r"ah", r"ai",
               r"vc", r"voce", r"tambem", r"tbm"),
    "second_person": (r"pode", r"poderia", r"podia", r"consegue", r"conseguiria"),
    "soft_modal": (r"da pra", r"da para", r"tem como"),
    "may_i": (r"posso", r"podemos", r"consigo", r"daria pra", r"daria para", r"seria possivel", r"e possivel"),
    "wish": (r"quero", r"qro", r"kero", r"queria", r"qria", r"gostaria de", r"gostaria", r"preciso", r"desejo",
             r"vou querer"),
    "wish_joiner": (r"de", r"me", r"pra mim"),
    "see_doctor": (r"ver", r"consultar com", r"passar com"),
    "see_doctor_article": (r"o", r"a"),
    # plain phrases
    "negation": ("nao", "nunca", "jamais", "nem"),
    "hedge": ("se", "caso", "saber", "perguntando", "curiosidade", "seu lugar", "telefone", "sera"),
    "courtesy": ("se possivel", "se puder", "por gentileza"),
    "go_ahead_tag": ("pode ser", "pode", "ok", "okay", "tudo bem", "beleza", "blz"),
    "just_asking": ("so perguntando", "so pra saber", "so para saber", "so curiosidade", "hipoteticamente"),
    # a yes or no to "shall I cancel/move it?": words
    "confirm_yes": ("sim", "ok", "okay", "confirmo", "confirmado", "confirma", "confirmar", "claro", "isso", "certo",
                    "correto", "exato", "positivo", "pode", "bora", "perfeito", "beleza", "blz", "fechou", "fechado"),
    "confirm_along": ("por", "favor", "pf", "pfv", "obrigado", "obrigada", "mesmo", "cancelar", "cancela", "remarcar",
                      "remarca", "mover", "trocar", "troca", "troque", "mudar", "muda", "mude", "ser", "entao", "o", "a",
                      "e", "codigo", "meu", "minha", "essa", "esse", "isso", "consulta", "aqui", "esta", "ta", "segue",
                      "desculpa", "desculpe", "foi", "mal", "agora", "correto", "certo", "mim", "pra", "manda",
                      "ver", "obg", "valeu", "kkk", "show", "otimo", "ai", "remarque", "mude", "confirme", "passar", "serve",
                      "passa", "passe", "jogar", "joga"),
    "confirm_no": ("nao", "negativo", "nunca", "jamais", "deixa", "deixar", "mantem", "mantenha", "manter", "espera",
                   "esperar", "pensar", "pensando", "depois", "talvez", "esquece", "desisti"),
    # another day or time put forward without a verb of moving (dialogue/reading/proposals.py)
    "proposal_frame": (
        r"e se (?:fosse|for|ficasse|ficar|passasse|mudasse|trocasse|jogasse|puder ser)",
        r"(?:da|daria|dava|tem como|teria como|consegue|conseguiria|consegue me|rola|poderia|podia|pode) (?:pra |para |p/ )?"
        r"(?:ser|ficar|passar|jogar|deixar|mudar|trocar|colocar|botar)",
        r"(?:consegue|conseguiria|rola|tem como)(?= \w)", r"prefiro", r"preferia", r"preferiria",
        r"(?:seria|fica|ficaria|e|era) melhor", r"melhor(?= (?:na|no|dia|semana|as|pra|de|a|o) )", r"^melhor", r"que tal",
        r"(?:serve|funciona) melhor"),
    # a whole slot said with a wish or a please is a request (dialogue/reading/write_intent.py; plain phrases)
    "wanted": ("por favor", "pfv", "pf", "por gentileza", "quero", "queria", "gostaria", "preciso", "me poe",
               "poe meu nome", "me coloca", "me coloque"),
    # …unless it is slots the patient wants to see ("quero ver os horários da dra X dia 30 às 9h")
    "looking": ("ver", "veja", "mostra", "mostrar", "horarios", "disponivel", "disponiveis", "livre", "livres", "tem"),
    # a bare choice of a slot, and what makes a clause a question (dialogue/reading/write_intent.py)
    "question_opener": (r"e",),
    "question_word": (r"quem", r"qual", r"quais", r"quanto", r"quanta", r"quantos", r"quantas", r"onde", r"aonde",
                      r"como", r"quando", r"por que", r"porque", r"pq"),
    # conditions that close a question asked just before: "…? se tiver, marca"
    "condition_met": (r"se sim", r"se tiver", r"se estiver", r"se der"),
    # "vê se consegue marcar…" asks someone to act, like "consegue marcar…": the "se" is no hedge there
    "see_if": (r"(?:ve|veja|verifica) se (?=(?:consegue|conseguiria|pode|poderia|da pra|tem como)\b)",),
    # "me vê um horário com…", "consegue uma vaga pra mim com…": a slot asked for by its noun
    "slot_by_noun": (r"(?:me )?(?:ve|veja|arruma|arranja|arranje|descola|consegue|consiga|conseguiria)"
                     r"(?: pra mim| para mim)? (?:um|uma) (?:horario|vaga|consulta|encaixe)",),
    "this_one": (r"esse", r"essa", r"este", r"esta"),
    "polite_filler": (r"me", r"pra mim", r"por favor", r"so", r"ja"),
    "clause_break": (r"mas", r"depois"),
    # words a bare choice of a slot may use, besides numbers and a doctor's name (words)
    "slot_word": tuple((
        "o a os as das da de do dos no na em com para pra pro e dia horas hora manha tarde noite amanha hoje "
        "feira seg ter qua qui sex segunda terca quarta quinta sexta sabado domingo janeiro fevereiro marco "
        "abril maio junho julho agosto setembro outubro novembro dezembro primeiro primeira segundo terceiro "
        "terceira quarto quinto ultimo ultima mais cedo proximo proxima esse essa este esta aquele aquela "
        "opcao horario vaga consulta minha meu me mim pf pfv por favor ok sim pode ser fico vou mesmo ai "
        "clinica lista dele dela entao c perfeito otimo um uma h hs"
    ).split()),
    # words that pick in a bare choice: a day, a part of the day, an ordinal, a pointer (words)
    "slot_anchor": tuple((
        "amanha hoje segunda terca quarta quinta sexta primeiro primeira segundo terceiro terceira ultimo "
        "ultima cedo esse essa este esta manha tarde noite"
    ).split()),
    # of those, the ordinals and pointers (words)
    "ordinal_anchor": tuple((
        "primeiro primeira segundo terceiro terceira ultimo ultima cedo esse essa este esta"
    ).split()),
    # words that say something about a doctor or slot: they end the name, and the reply (words)
    "predicate": tuple((
        "ta esta e eh tem tiver atende atendendo livre livres disponivel ocupado ocupada vago bom boa caro "
        "cara barato"
    ).split()),
    # whom a booking is for (dialogue/reading/family.py): each entry names the relative in its group "relation"
    "relative_booked_for": (
        rf"{_FOR}(?:meu|minha)\s+(?P<relation>{_RELATIVES})\b",  # "pro meu filho", "a consulta da minha filha"
        rf"(?:meu|minha)\s+(?P<relation>{_RELATIVES}){_NEEDS}\b",  # "meu pai precisa"
        rf"(?:marca|agenda|coloca|bota|poe|encaixa)\s+(?:o\s+|a\s+)?(?:meu|minha)\s+(?P<relation>{_RELATIVES})\b",
        rf"(?:meu|minha)\s+(?P<relation>{_RELATIVES})\b{_FOR_THEM}"),
    "for_self": (r"(?:pra|para) mim", r"pra eu", r"eu mesm[oa]", r"minha propria"),
    # words around a name and a CPF that are not the name ("o nome dele é Lucas, CPF ..."); matched ignoring case
    "not_a_name": (r"o", r"a", r"e", r"é", r"eh", r"nome", r"completo", r"dele", r"dela", r"cpf", r"do", r"da", r"seu",
                   r"sua", r"meu", r"minha", r"filh[oa]", r"net[oa]", r"sobrinh[oa]", r"prim[oa]", r"sogr[oa]",
                   r"espos[oa]", r"marido", r"irm[aã]o?", r"m[aã]e", r"pai", r"av[oóô]", r"entead[oa]", r"cunhad[oa]",
                   r"numero", r"número", r"chama", r"se", r"ele", r"ela", r"esta", r"está", r"aqui", r"segue",
                   r"ok", r"sim"),
    # a person named with a CPF inside a longer message (dialogue/reading/named_person.py)
    "name_joining": ("da", "de", "do", "das", "dos", "e"),
    "never_a_name": tuple("""
        cpf oi ola ele ela meu minha seu sua nome marca segunda terca quarta quinta sexta sabado domingo janeiro
        fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro dr dra doutor doutora
        seg ter qua qui sex sab dom jan fev abr mai jun jul ago set out nov dez hoje amanha feira
        """.split()),
    "request_word": tuple("""
        precisa quer queria tem vai marca marcar consulta com pra para no na dia as a de do da e""".split()),
    "relative_start": ("minha", "meu"),
    "name_cue_subject": (r"ele", r"ela"),
    "name_cue": (r"\bse\s+chama", r"\bchama(?:-se)?", r"\bnome(?:\s+(?:dele|dela|completo))?(?:\s+(?:e|é|eh))?",
                 r"\b(?:ele|ela)\s+(?:e|é)"),
    "cpf_cue_before": (r"o", r"a"),
    "cpf_cue_whose": (r"dele", r"dela", r"do", r"da"),
    "cpf_cue_is": (r"e", r"é", r"eh"),
    "lower_case_name_cue": (r"se chama", r"chama-se", r"nome (?:dele|dela|completo) (?:e|é)", r"nome:",
                            r"(?:minha|meu) [^\W\d_]+"),
    # asking for a person, or to be called (dialogue/reading/human_contact.py)
    "ask_person": (
        r"atendentes?", r"atendimento humano", r"recepcionista", r"recepcao", r"secretaria", r"operador[a]?",
        r"(?:falar|conversar|trocar uma ideia) com (?:alguem|uma pessoa|um ser humano|um humano|gente|a clinica|"
        r"um funcionario|uma funcionaria)",
        r"pessoa de verdade", r"humano de verdade", r"alguem da clinica", r"de carne e osso",
        r"com gente,? (?:e )?nao com (?:uma |um |a |o )?(?:maquina|robo|bot)",
        r"(?:me )?(?:passa|transfere|encaminha)\w* (?:pra |para |pro )?(?:alguem|uma pessoa|um humano|o? ?atendimento)",
        # refusing the assistant itself, or a complaint about the service
        r"nao quero (?:falar|conversar) com (?:um |o )?(?:robo|bot|maquina)", r"reclama(?:cao|coes|r)", r"ouvidoria"),
    # "retorno" alone is also a follow-up visit: it asks for a call only with a phone given
    "call_me": (r"me (?:liga|ligue|ligar|ligam|liguem|retorn\w*)", r"liga(?:r)? (?:pra|para) mim", r"ligar de volta",
                r"ligue de volta", r"retorno", r"retornar", r"retornem", r"me chamar?"),
    "call_me_back": (r"me (?:liga|ligue|ligar|ligam|liguem)", r"liga(?:r)? (?:pra|para) mim", r"ligar de volta",
                     r"ligue de volta"),
    "best_time": (r"de manha", r"pela manha", r"a tarde", r"de tarde", r"pela tarde", r"a noite", r"de noite",
                  r"depois das \d{1,2}h?", r"antes das \d{1,2}h?"),
    # what a visit costs (dialogue/reading/price.py)
    "price": (r"(?:quanto|qto|qnto|quant) (?:custa\w*|sai|fica|e|eh|cobra\w*|pago|pagaria|vou pagar|devo pagar|ta|esta|da)",
              r"(?:qual|quais) (?:e |eh |sao )?(?:o |os |a )?(?:valor|valores|preco|precos|custo|custos)",
              r"valor(?:es)?", r"precos?", r"custa\w*", r"custos?", r"(?:e|eh|sai|fica|muito|mt|mto|ta) car[oa]",
              r"barat[oa]"),
    # what may stand around the price words: small words, and the visit itself (words)
    "price_around": tuple((
        "o a os as um uma de da do das dos e eh em no na com c pra para pro por me mim minha meu se ser vai vou "
        "ta esta sao qual quais que q ai la aqui voces vcs mais ou menos media aproximadamente mesmo entao essa "
        "esse essas esses isso isto aquela aquele consulta consultas atendimento atendimentos visita visitas "
        "retorno particular particulares sessao convenio plano sem pelo pela medico medica doutor doutora dr "
        "dra clinica clinicas"
    ).split()),
    # the federation's names (dialogue/reading/federation_words.py)
    "list_joiner": ("e", "ou"),
    # "pelo convênio Cassi?", "plano de saúde X": a bare "plano" is also a plan of the day, so it needs "de saúde"
    "plan_before_name": (r"convenios?", r"plano de saude"),
    "plan_name_joiner": (r"da ", r"do ", r"de "),
    "not_a_plan_name": tuple("""
        de da do saude medico odontologico individual empresarial familiar particular coletivo que qual quais voces
        vcs vc seu sua meu minha teu tua aceito aceitos aceitam aceita e ou""".split()),
    # a message that asks for several things (dialogue/reading/requests.py, continued_request.py); matched ignoring case
    "request_and": (r"e", r"mas"),
    "request_also": (r"tamb[eé]m", r"tbm", r"tb"),
    "request_then": (r"tamb[eé]m", r"tbm", r"e depois", r"depois"),
    "one_more_opener": (r"e", r"tamb[eé]m", r"tbm", r"tb"),
    "article": (r"a", r"o"),
    "doctor_title": (r"dr", r"dra", r"doutor", r"doutora"),
    "title_abbreviation": ("dr", "dra"),
    # the little words that only join a number said in words, and "um"/"uma" (an article as often as a number)
    "number_joiner": ("o", "pras", "pro", "pros", "meia", "meio", "um", "uma"),
    # a specialty a bare choice may name ("dermato tarde")
    "specialty_stem": (r"cardio", r"dermato", r"derma", r"orto", r"pele", r"joelho"),
    # a pick from a listing by its position (dialogue/reading/vocabulary.py); "{months}" is every language's month words
    # and "{not_a_day}" what before a number makes it a day of the month ("dia 1o")
    "ordinal_first": (r"(?:o |a )?mais cedo", r"(?:o |a )?mais proxim[oa]",
                      # "primeiro de dezembro" is a day and "primeiro de tudo" a way of speaking
                      r"(?<!minha )(?<!meu )(?:o |a )?primeir[oa](?! vez| de (?:{months}|tudo|\d+)\b)",
                      r"(?<!dia )1o(?! de)"),
    "ordinal_second": (r"(?:o )?segundo", r"a segunda(?![ -]feira)", r"segunda (?:opcao|vaga|da lista)",
                       r"(?<!dia )2o(?! de)"),
    "ordinal_third": (r"(?:o |a )?terceir[oa]", r"(?<!dia )3o(?! de)"),
    "ordinal_fourth": (r"(?:o |a )?quart[oa] (?:horario|opcao|vaga)", r"o quarto", r"(?<!dia )4o(?! de)"),
    "ordinal_fifth": (r"(?:o )?quinto", r"(?:a )?quinta (?:opcao|vaga)", r"(?<!dia )5o(?! de)"),
    "ordinal_last": (r"(?<!minha )(?<!meu )(?:o |a )?ultim[oa](?! vez| semana| mes| consulta que)",
                     r"(?:o |a )?mais tarde"),
    # ordinals that are ordinary words too ("a última consulta do dia"): a pick only when the sentence is a choice
    "ordinal_word": (r"ultim[oa]", r"mais tarde"),
    "not_a_day_before": (r"dia",),
    # what the booking code is called: "reserva" there asks to book nothing ("meu código de reserva é K7M4QP")
    "code_name": (r"(?:codigo|cod|numero|localizador) (?:da|de|do) (?:minha |meu )?(?:reserva|agendamento|marcacao|consulta)",
                  r"(?:codigo|numero) (?:da|de) confirmacao"),
    # the booking code asked again (dialogue/handlers/booking_code.py)
    "booking_code_asked": (
        r"qual (?:(?:e|eh|era|foi) )?(?:mesmo )?(?:o )?(?:meu )?(?:codigo|cod)",
        r"qual (?:(?:e|eh|era|foi) )?o numero (?:da|de) (?:reserva|confirmacao|agendamento|marcacao)",
        r"cade o (?:meu )?(?:codigo|cod)",
        r"(?:esqueci|perdi|nao anotei|nao salvei|nao guardei|nao lembro) d?o (?:meu )?(?:codigo|cod)",
        r"(?:passa|passe|manda|mande|envia|envie|diz|diga|fala|fale|informa|informe|mostra|mostre|repete|repita)"
        r"(?: pra mim| para mim)?(?: de novo| novamente)? (?:o|meu|o meu) (?:codigo|cod)"),
    **bookings.WORDS,
    **when.WORDS,
    **own_bookings.WORDS,
    **day_words.WORDS,
    **several_requests.WORDS,
    **federation.WORDS,
}
