"""Portuguese: the words of days, times and changes relative to a booking that the reading looks for, by concept
(language/concepts.py), on folded text (joined into the pack's lexicon)."""
from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # a word right before an hour: "às 10", "das 9", "pelas 8"
    "time_cue": ("as", "das", "pelas"),
    "hour_cue": (r"as", r"das", r"a", r"pelas"),
    "not_after_hour": (r"consultas?", r"vagas?", r"horarios?", r"pessoas?", r"opcoes", r"das", r"dos", r"de"),
    "hour_follows": (r"e meia", r"d[ae] (?:manha|tarde|noite)", r"horas?\b"),
    # weekdays that are ordinals too: "a segunda opção" is not a Monday
    "ordinal_weekdays": (r"segunda", r"terca", r"quarta", r"quinta", r"sexta"),
    # a word taking back the day just said (dialogue/reading/day_corrections.py)
    "take_back": ("nao", "digo", "quer dizer", "ou melhor", "ops", "perdao"),
    # a window of days (dialogue/reading/date_windows.py): "entre 25 e 27", "até sexta", "a partir do dia 26"
    "window_between": (r"entre",),
    "window_and": (r"e",),
    "window_from": (r"de", r"do", r"desde"),
    "window_to": (r"a", r"ate", r"ao"),
    "window_until": (r"ate",),
    "window_before": (r"antes d[eoa]", r"antes"),
    "window_after": (r"depois d[eoa](?! amanha)", r"apos"),
    "window_starting": (r"a partir d[eoa]", r"desde"),
    # a change relative to the booking (dialogue/reading/relative_change.py)
    "next_day": (r"no dia seguinte", r"dia seguinte"),
    "day_before": (r"no dia anterior", r"dia anterior"),
    "same_day": (r"n?(?:o|esse|aquele|nesse|naquele) mesmo dia", r"mesmo dia"),
    "following_week": (r"semana seguinte", r"semana q(?:ue)? vem", r"proxima semana", r"(?:na |pra |para a )?outra semana"),
    "same_week": (r"n?(?:a|essa|nessa) mesma semana", r"mesma semana", r"(?:dessa|desta|daquela|naquela) semana"),
    "later_word": (r"mais tarde",),
    "unit_week": (r"semanas?",),
    "unit_day": (r"dias?",),
    "unit_hour": (r"horas?", r"horinhas?"),
    "half_hour": (r"meia hora",),
    "and_a_half": (r"e meia",),
    "shift_later": (r"pra frente", r"para frente", r"depois", r"mais tarde", r"adiante", r"a mais"),
    "shift_earlier": (r"antes", r"mais cedo", r"pra tras", r"para tras", r"a menos"),
    "hours_later": (r"depois", r"mais tarde", r"pra frente", r"para frente"),
    "hours_earlier": (r"antes", r"mais cedo", r"pra tras", r"para tras"),
    "shift_earlier_verb": (r"adiant\w*", r"antecip\w*"),
    "shift_back_verb": (r"volt\w*", r"recu\w*"),
    "shift_later_verb": (r"adi(?:a|ar|e)", r"atras\w*", r"empurr\w*"),
    "shift_by": (r"em",),
    "exactly": (r"exatamente", r"so"),
    "shifted_booking": (r"ela", r"ele", r"isso", r"essa", r"esse", r"a consulta", r"o horario"),
    "earlier_word": (r"mais cedo",),
    # weeks and months asked about (dialogue/reading/dates.py)
    "week_after_next": (r"semana\s+depois\s+da\s+(?:que\s+vem|proxima)", r"daqui\s+a\s+(?:2|duas)\s+semanas"),
    "next_week": (r"semana\s+q(?:ue|e)?\s+vem", r"prox(?:ima|ma)?\.?\s+semana", r"semana seguinte"),
    "this_week": (r"n?(?:est|ess)a semana",),
    "this_month": (r"n?(?:est|ess)e mes",),
    "next_month": (r"mes q(?:ue)? vem", r"prox(?:imo)? mes"),
    # later or earlier that day, said bare: "dá pra ser mais tarde?", "um pouco mais cedo"
    "bare_shift_verb": (r"ser", r"ficar", r"deixar", r"passar", r"jogar", r"mudar"),
    "a_bit": (r"um pouco", r"um pouquinho"),
    "this_next_that": (r"essa", r"nessa", r"na", r"da"),
    "week_or_month": (r"semana", r"mes"),
    # the next free slot after the booking: "o próximo horário livre depois desse"
    "next_free_first": (r"proxim[ao]", r"primeir[ao]"),
    "next_free_noun": (r"horario", r"vaga", r"vago"),
    "next_free_adjective": (r"livre", r"disponivel", r"vago"),
    "next_free_with": (r"com",),
    "next_free_them": (r"ela", r"ele", r"o medico", r"a medica"),
    "next_free_of_them": (r"dele", r"dela"),
    "next_free_after": (r"depois", r"apos", r"seguinte"),
    "next_free_said": (r"(?:horario|vaga) (?:livre )?(?:seguinte|logo depois|depois d(?:esse|essa|ele|ela))",
                       # said short: "qual o proximo livre dps desse?", "e o proximo vago depois dele?"
                       r"proxim[ao] (?:horario )?(?:livre|vag[ao]|disponivel) (?:dps|depois|apos) "
                       r"(?:desse|dessa|deste|desta|dele|dela|do meu|da minha)"),
    # another part of the booking's own day: "mais pro fim da tarde", "pra parte da manhã"
    "day_part_move": (r"(?:pro|pra|para o|para a|ao|no|na) (?:fim|final|finalzinho|comeco|inicio) d[ao] (?:manha|tarde|noite)",
                      r"(?:pra|para|pro|na|no) (?:o |a )?(?:parte|periodo|turno) d[ao] (?:manha|tarde|noite)"),
    # a position inside a day: "a primeira vaga da tarde", "o último vago do dia", "a última da quinta"
    "day_first": (r"primeir[oa] (?:horario|vaga|vago|hora)(?: (?:livre|vago|disponivel))?(?: (?:dela|dele))?",
                  r"primeir[oa](?: (?:dela|dele))? (?:d[ao] (?:dia|manha|tarde)|d[ae] (?:segunda|terca|quarta|quinta|sexta))",
                  r"(?:horario|vaga) mais cedo (?:que|q) (?:tiver|tem|houver)", r"primeir[oa] (?:dela|dele)"),
    "day_last": (r"ultim[oa] (?:horario|vaga|vago|hora)(?: (?:livre|vago|disponivel))?(?: (?:dela|dele))?",
                 r"ultim[oa] (?:que|q) (?:ela |ele )?(?:tiver|tem|houver)",
                 r"ultim[oa](?: (?:dela|dele))? (?:d[ao] (?:dia|manha|tarde)|d[ae] (?:segunda|terca|quarta|quinta|sexta))",
                 r"(?:horario|vaga) mais tarde (?:que|q) (?:tiver|tem|houver)", r"ultim[oa] (?:dela|dele)"),
    "day_anchor": (r"d[ao] (?:dia|manha|tarde)", r"(?:nesse|neste|naquele|desse|deste|daquele|no mesmo|mesmo|msm|no msm) dia",
                   r"(?:nessa|naquela|dessa|desta|daquela|na mesma|mesma) (?:manha|tarde)", r"de manha",
                   r"a tarde", r"d[ae] (?:segunda|terca|quarta|quinta|sexta)"),
    # where a booking's description ends and its new slot begins: "…passa pra", "a das 9 pode ser às 10h30?"
    "move_stem": (r"pass", r"mud", r"troc", r"jog", r"remarc", r"reagend"),
    "move_to_word": (r"pra", r"para", r"pro"),
    "could_be": (r"(?:pode|poderia|da pra) ser",),
    # a booking pointed at by its weekday ("a de sexta"); "{weekday}" is every language's weekday words
    "booking_by_weekday": (r"(?:a|o|minha) (?:consulta |horario )?(?:de|da|do|d[ea] (?:o |a )?dia de) (?:{weekday})(?:[ -]feira)?",),
}
