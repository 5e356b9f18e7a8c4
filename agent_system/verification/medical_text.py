"""What medical advice looks like in an answer or a clinic value (rule R1): doses, prescriptions, diagnoses.

Patterns match `pii.fold` output: lower case, no accents ("remédio" -> "remedio"), punctuation kept.
"""
from __future__ import annotations

import re

_DRUGS = (r"amoxicilina|amoxicillin|dipirona|paracetamol|acetaminophen|ibuprofeno|ibuprofen|aspirina|aspirin|aas"
          r"|losartana|losartan|carvedilol|furosemida|furosemide|amiodarona|amiodarone|anlodipino|amlodipine"
          r"|metoprolol|ciclobenzaprina|alendronato|metronidazol|clobetasol|adapaleno|tacrolimo|omeprazol"
          r"|prednisona|prednisone|dexametasona|diclofenaco|nimesulida|azitromicina|azithromycin|cefalexina"
          r"|insulina|insulin|metformina|metformin|captopril|enalapril|hidroclorotiazida|varfarina|warfarin"
          r"|clopidogrel|isotretinoina|isotretinoin|minoxidil|cetoconazol|fluconazol|corticoides?"
          # Invented or unlisted drugs still wear the family suffixes.
          r"|\w{3,}(?:cilina|micina|prazol|statina|sartana|floxacino|azepam|olol)")
_MEDICINE = (r"remedios?|medicamentos?|medicac(?:ao|oes)|comprimidos?|capsulas?|antibioticos?|analgesicos?"
             r"|anti-?inflamatorios?|antialergicos?|xaropes?|medicines?|medications?|meds|pills?|tablets?"
             r"|antibiotics?|painkillers?|" + _DRUGS)
# "2 unidades" (clinic branches) and "por semana" (doctors' schedules) are ordinary scheduling talk.
_UNITS = (r"(?:mg|mcg|[µμ]g|ug|g|ml|ui|iu|gotas?|drops?|comprimidos?|capsulas?|pilulas?|pills?|tablets?"
          r"|capsules?|ampolas?|puffs?|jatos?)")


def _at_word_start(pattern: str) -> re.Pattern[str]:
    """Compile a pattern whose every alternative begins a word (after its own lookbehinds).

    The leading guard changes no match; it lets the engine skip the positions inside words
    instead of trying every alternative there, which makes a long answer 2-4x cheaper to check.
    """
    return re.compile(rf"(?=\w)\b(?:{pattern})")


DOSE = _at_word_start(
    rf"(?<![\w.,])\d+(?:[.,]\d+)?\s?{_UNITS}\b"
    r"|\b(?:um|uma|dois|duas|tres|meio|meia|one|two|three|half an?)\s+"
    r"(?:comprimidos?|capsulas?|gotas?|pilulas?|pills?|tablets?|capsules?|drops?)\b"
    r"|\bde \d+ em \d+\s?(?:horas|h)\b|\ba cada \d+\s?(?:horas|h)\b|\bevery \d+ hours?\b"
    r"|(?<![\w.,])\d+\s?x\s?(?:ao|por|/)\s?dia\b|\b(?:\d+|uma|duas|tres) vez(?:es)? (?:ao|por) dia\b"
    r"|\b(?:once|twice|three times|\d+ times) (?:a|per) day\b|\b(?:once|twice) daily\b")
PRESCRIPTION = re.compile(
    r"\bprescrevo\b|\bvou (?:te |lhe )?(?:prescrever|receitar)\b|\breceito\b"
    r"|\brecomendo (?:que (?:voce )?(?:tome|use)|tomar|usar|o uso)\b|\b(?:deve|deveria) tomar\b"
    r"|\b(?:aument|diminu|reduz|dobr)(?:e|a|ar) (?:a|sua) dose\b"
    r"|\bi(?:'ll| will)? prescribe\b|\bi recommend taking\b|\byou should (?:take|start taking)\b"
    r"|\b(?:increase|decrease|double|reduce|lower|raise) (?:your|the) (?:dose|dosage)\b"
    # Imperatives only: "você está tomando algum remédio?" is a fair question, not a prescription.
    rf"|\b(?:tome|tomem|take)\b(?:\W+\w+){{0,4}}?\W+(?:{_MEDICINE})\b")
DRUG = _at_word_start(rf"\b(?:{_DRUGS})\b")  # the guard saves a fifth: "\w{3,}(?:cilina|...)" backtracks

_DISEASES_PT = (r"gripe|resfriado|covid|dengue|diabetes|hipertensao|pressao alta|arritmia|infarto|angina"
                r"|insuficiencia cardiaca|artrose|artrite|tendinite|bursite|hernia|fratura|entorse|lesao"
                r"|psoriase|dermatite|eczema|acne|rosacea|melasma|vitiligo|micose|alergia|infeccao|inflamacao"
                r"|sinusite|rinite|gastrite|otite|conjuntivite|bronquite|fascite|epicondilite|foliculite"
                r"|enxaqueca|ansiedade|depressao|cancer|tumor|osteoporose|virose"
                r"|algo (?:grave|serio|simples)|nada (?:grave|serio|preocupante)|benigno|maligno")
_DISEASES_EN = (r"flu|cold|covid|diabetes|hypertension|high blood pressure|arrhythmia|heart attack|heart disease"
                r"|heart failure|angina|arthrosis|hernia|fracture|sprain|psoriasis|eczema|acne|rosacea|melasma"
                r"|vitiligo|allergy|infection|inflammation|migraine|anxiety|depression|cancer|tumou?r"
                r"|osteoporosis|gout|melanoma|\w+itis|something (?:serious|minor)|nothing serious|benign|malignant")
_FINDING_PT = (r"(?:(?:so|apenas|somente|um|uma|o|a|de|quadro de|caso de|sinais de|sintomas de)\s+)*"
               rf"(?:{_DISEASES_PT})\b")
_FINDING_EN = rf"(?:(?:just|only|a|an|the|some|case of|kind of|signs of)\s+)*(?:{_DISEASES_EN})\b"
_CARE = r"(?:medico|medica|doutora?|hospital|pronto[- ]socorro|emergencia|upa)"
ADVICE = _at_word_start(
    # "se você tem", "if you have": the doctor will find out whether; that is not a diagnosis.
    rf"(?<!\bse )\b(?:voce|vc) (?:(?:provavelmente|talvez|certamente) (?:tem|tenha|esta com|sofre de)"
    rf"|tem|esta com|sofre de) {_FINDING_PT}"
    rf"|\b(?:talvez|provavelmente) (?:voce|vc) (?:tem|tenha|esta com|esteja com|sofre de|sofra de) {_FINDING_PT}"
    rf"|\bprovavelmente (?:e|seja|tem|esta com|se trata de) {_FINDING_PT}"
    rf"|\b(?:parece|deve) ser {_FINDING_PT}|\bparece que (?:voce|vc) (?:tem|esta com) {_FINDING_PT}"
    rf"|\bseu (?:provavel )?diagnostico (?:provavel )?(?:e|seria|parece ser|:)\s*{_FINDING_PT}"
    r"|\bdiagnostico provavel\b"
    r"|\bnao (?:precisa|e necessario|ha necessidade)(?: de)? (?:ir (?:ao|a um|a uma|no|na|a) "
    r"|procurar (?:um |uma |o |a )?|consultar (?:um |uma |o |a )?|ver (?:um |uma |o |a )?"
    rf"|passar (?:por|com|no|na) (?:um |uma |o |a )?)?{_CARE}\b"
    r"|\b(?:pare|parar|suspenda|suspender|interrompa|interromper|deixe|deixar) "
    rf"(?:de tomar |de usar |o |a |os |as |seu |sua |seus |suas )*(?:{_MEDICINE})\b"
    rf"|\b(?:comece|comecar|inicie|iniciar) (?:a tomar |a usar |o |a |um |uma |seu |sua )*(?:{_MEDICINE})\b"
    rf"|(?<!\bif )(?<!\bwhether )\byou (?:probably |likely |most likely |may |might |could |definitely )?"
    rf"(?:have|have got|'ve got|are suffering from|suffer from) {_FINDING_EN}"
    rf"|\bit (?:sounds|looks|seems) like (?:you (?:have|'ve got|might have|may have) )?{_FINDING_EN}"
    rf"|\b(?:this|that|it) (?:is|'s) (?:probably|likely|most likely) {_FINDING_EN}"
    rf"|\byour (?:likely |probable )?diagnosis (?:is|would be|seems to be|:)\s*{_FINDING_EN}"
    r"|\b(?:probable|likely) diagnosis\b"
    r"|\byou (?:don't|do not|dont|won't|will not) need (?:to (?:see|go to|visit|consult) )?(?:an? |the |any )?"
    r"(?:doctor|physician|hospital|emergency room)\b|\bno need (?:to (?:see|go to|visit) )?(?:an? |the )?"
    r"(?:doctor|physician|hospital)\b"
    rf"|\b(?:stop|quit|discontinue|start|begin) (?:taking |using )?(?:your |the |a |an |any |this |that )*"
    rf"(?:{_MEDICINE})\b")
DIAGNOSIS = _at_word_start(rf"(?:{_DISEASES_PT}|{_DISEASES_EN})\b")


def health_record(folded: str) -> bool:
    """Whether one clinic value pairs a condition with a drug or a dose: someone's health record."""
    return bool((DRUG.search(folded) or DOSE.search(folded)) and DIAGNOSIS.search(folded))
