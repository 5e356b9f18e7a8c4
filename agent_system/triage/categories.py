"""Red-flag categories: which combinations of concepts make an emergency, and the guidance behind each.

A rule is concepts joined by "+": all of them must be found, not negated, close together in the
message. A rule marked "~" is soft: a benign context of its category in the message clears it
("azia" for a burning chest, "pequena" for a burn). History clears a category's hit only when the
category allows it and nothing in the sentence says it is happening now or again.
"""
from __future__ import annotations

from dataclasses import dataclass

from agent_system.triage.lexicon import CONCEPTS, EVENTS, GROUPS, SIGNS


@dataclass(frozen=True)
class Category:
    """One red-flag category: its guidance, its rules and what may clear a hit."""
    name: str
    source: str
    rules: tuple[str, ...]
    window: int = 10  # words between the signals of one rule
    benign: tuple[str, ...] = ()  # concepts that clear this category's soft rules
    history_clears: bool = True  # "in 2019", "follow-up" and no "now"/"again" clears a hit
    resolved_needs: tuple[str, ...] | None = None  # "it stopped" clears a hit when these are present too


# Order matters: the first category hit leads the answer: CVV before SAMU for suicidal intent, then what
# happened (a poison, a crash, violence, a fire, an allergen) and who it happened to, before the signs themselves.
CATEGORIES: tuple[Category, ...] = (
    Category(
        "suicide",
        "Source: CVV 188 and Ministério da Saúde Setembro Amarelo warning signs; nidirect crisis guidance.",
        ("SUICIDE", "HARM_BABY", "STOCKPILE+MEDS", "GIVING_AWAY+DONE", "FAREWELL", "GIVING_AWAY+FAREWELL_HINT",
         "NO_LONGER_NEEDED+FAREWELL_HINT", "NO_LONGER_NEEDED+DONE", "NO_LONGER_NEEDED+GIVING_AWAY",
         "NO_LONGER_NEEDED+CANCEL_ALL"),
        window=16, history_clears=False),
    Category(
        "poisoning",
        "Source: SBP Intoxicações exógenas; Fiocruz SINITOX / Disque-Intoxicação 0800 722 6001.",
        ("POISON", "INGESTED+HOUSEHOLD", "INGESTED+MEDS+TOO_MUCH", "SWALLOWED+MEDS+CHILD", "MEDS+WITH_ALCOHOL",
         "~MEDS+TOO_MUCH", "MEDS+MANY", "INGESTED+WHOLE_PACK", "VENOMOUS+BITE", "VENOMOUS+UNWELL",
         "CHILD+SWALLOWED+HARMFUL_OBJECT", "SWALLOWED+HARMFUL_OBJECT"),
        benign=("MEDICATION_ROUTINE",)),
    Category(
        "trauma",
        "Source: Barnsley Hospital head injury; Hawaii DoH spinal cord injury; SAMU 192 (MS) trauma calls; "
        "open or deformed fractures: general clinical knowledge (when in doubt, escalate).",
        ("HEAD_BLOW+HEAD_BLOW_SIGN", "HIGH_ENERGY", "FALL+CONFUSED_STRONG", "FALL+CONFUSED", "~FALL_HEIGHT",
         "LEGS_GONE", "SPINE_SIGN+FALL", "SPINE_SIGN+HIGH_ENERGY", "SPINE_SIGN+FALL_HEIGHT",
         "BACK_NECK+PAIN+HIGH_ENERGY", "BONE_EXPOSED", "LIMB_DEFORMED+FALL", "LIMB_DEFORMED+HIGH_ENERGY"),
        benign=("MINOR_INJURY",)),
    Category(
        "violence",
        "Source: gov.br/MDH Ligue 180 and Disque 100; Polícia Militar 190; SAMU 192 after an assault or sexual "
        "violence (time-sensitive care: general clinical knowledge).",
        ("SEXUAL_VIOLENCE", "VIOLENCE", "WEAPON_INJURY", "PARTNER+ASSAULT", "PARENT+ASSAULT", "AGGRESSOR+ASSAULT",
         "ASSAULT+CHILD", "ASSAULT+ELDER", "PARTNER+KILL_THREAT", "AGGRESSOR+KILL_THREAT", "MISTREAT+ELDER",
         "MISTREAT+CHILD", "MISTREAT+DISABLED"),
        window=8),
    Category(
        "burns",
        "Source: NHS GGC Royal Hospital for Children burns and scalds; Mayo Clinic burns; Farol da Bahia.",
        ("~BURN+BURN_SERIOUS", "ELECTRIC", "CHEMICAL+BURN", "CHEMICAL+EYES", "CHEMICAL+SPLASH", "CHEMICAL+BURNING",
         "HOUSEHOLD+EYES", "HOUSEHOLD+BURNING", "FIRE",
         "SMOKE+BREATHE", "SMOKE+AIRLESS"),
        benign=("BENIGN_BURN",)),
    Category(
        "anaphylaxis",
        "Source: Anaphylaxis UK emergency guidance; Tua Saúde choque anafilático.",
        ("ANAPHYLAXIS", "AIRWAY+SWELLING", "AIRWAY+SWELLING_SHAPE", "FACE+SWELLING+ALLERGY",
         "FACE+SWELLING_SHAPE+ALLERGY", "FACE+SWELLING+SUDDEN", "FACE+SWELLING_SHAPE+SUDDEN", "ALLERGY+AIRLESS",
         "ALLERGY+UNABLE+BREATHE", "ALLERGY+UNWELL", "FACE+SWELLING+DIZZY", "FACE+SWELLING_SHAPE+DIZZY",
         "ALLERGY+SWELLING+DIZZY", "ALLERGY+SWELLING_SHAPE+DIZZY", "ALLERGY+UNCONSCIOUS", "~ALLERGY+SWELLING",
         "~ALLERGY+SWELLING_SHAPE", "HIVES+AIRLESS", "~ALLERGY+SEVERE", "HOARSE+SUDDEN", "ALLERGY+HOARSE",
         "UNABLE+SWALLOW_FUNCTION"),
        window=8, benign=("BENIGN_ALLERGY",)),
    Category(
        "obstetric",
        "Source: CDC Hear Her and Texas DSHS urgent maternal warning signs; MS Caderneta da Gestante.",
        ("PREGNANT+BLOOD", "POSTPARTUM+BLOOD+SEVERE", "WATERS", "BABY_MOVES_LESS+PREGNANT",
         "BABY_MOVES_LESS+CHILD", "PREGNANT+CONTRACTIONS+PRETERM", "CONTRACTIONS+PRETERM",
         "~PREGNANT+PAIN+SEVERE", "~PREGNANT+HEADACHE+SEVERE", "PREGNANT+HEADACHE+SPOTS", "PREGNANT+SPOTS",
         "PREGNANT+VISION_LOSS", "PREGNANT+SWELLING+FACE", "PREGNANT+SWELLING_SHAPE+FACE", "PREGNANT+SWELLING+SUDDEN",
         "PREGNANT+SWELLING_SHAPE+SUDDEN", "~PREGNANT+HYPERTENSION",
         "PREGNANT+SEIZURE", "PREGNANT+BELLY+PAIN+SEVERE", "~PREGNANT+FEVER", "PREGNANT+AIRLESS",
         "PREGNANT+CHEST+PAIN", "PREGNANT+UNCONSCIOUS", "PREGNANT+VOMITS_ALL", "POSTPARTUM+FEVER",
         "POSTPARTUM+FOUL_DISCHARGE", "POSTPARTUM+LEG_CLOT", "POSTPARTUM+AIRLESS", "POSTPARTUM+HEADACHE+SEVERE",
         "POSTPARTUM+SEIZURE"),
        window=20, benign=("MILD_PREGNANCY",)),
    Category(
        "child",
        "Source: SESA Paraná Sinais de Perigo; UFMG Observaped; NHS Glasgow fever under 3 months; EMJ paediatric MTS.",
        ("~INFANT_AGE+FEVER", "~INFANT_WEEKS+CHILD+FEVER", "CHILD+FLOPPY", "NOT_FEEDING", "CHILD+VOMITS_ALL",
         "CHILD+HARD_TO_WAKE", "FONTANELLE+BULGING", "NON_BLANCHING", "PURPLE_SPOTS+CHILD", "PURPLE_SPOTS+FEVER",
         "~CHILD+HIGH_CRY", "CHILD+BLUE", "~CHILD+MOTTLED", "CHILD+NO_URINE", "CHILD+AIRLESS",
         "MEDS+SWALLOWED+CHILD", "FLOPPY_LITTLE", "~VOMITS_ALL"),
        window=14, benign=("WELL_CHILD",)),
    Category(
        "cardiac",
        "Source: Mayo Clinic and BHF heart attack symptoms; CardioSmart (ACC); Tua Saúde sintomas de infarto.",
        ("HEART_ATTACK", "CHEST+PAIN", "CHEST+PRESSURE", "CHEST+BURNING+ONGOING", "~CHEST+BURNING", "HEART+PAIN",
         "PAIN+SPREADS+UPPER_BODY", "PRESSURE+SPREADS+UPPER_BODY", "COLD_SWEAT+PAIN", "COLD_SWEAT+PRESSURE",
         "COLD_SWEAT+AIRLESS", "COLD_SWEAT+NAUSEA", "PALPITATION+UNCONSCIOUS", "PALPITATION+AIRLESS",
         "PALPITATION+PAIN", "DOOM", "JAW+PAIN+SUDDEN", "COLD_SWEAT_ALONE", "~BURNING+ONGOING"),
        benign=("BENIGN_PAIN",)),
    Category(
        "stroke",
        "Source: BE-FAST (St. Charles, Mayo Clinic, Stroke Association) and the SAMU mnemonic (MS/SBAVC).",
        ("STROKE", "FACE+DROOP", "FACE+WEAK", "LIMB+WEAK+ONE_SIDE", "WEAK+ONE_SIDE", "UNABLE+LIFT+LIMB",
         "LIMB+WEAK+SUDDEN", "SPEECH_ODD", "SPEECH+SLURRED", "VISION_SUDDEN", "VISION+DARKENED+SUDDEN",
         "VISION+DARKENED+ONE_SIDE", "VISION_LOSS+SUDDEN", "VISION_LOSS+ONE_SIDE", "BALANCE_LOSS",
         "~DIZZY+SUDDEN"),
        window=8),
    Category(
        "breathing",
        "Source: NHS shortness of breath; Asthma + Lung UK child breathing; UFMG Observaped.",
        ("~AIRLESS", "UNABLE+BREATHE", "~BREATHE+SEVERE", "BLUE+CYANOSIS_SITE", "BLUE+CHILD"),
        window=8, benign=("EXERTION",), resolved_needs=()),
    Category(
        "bleeding",
        "Source: St John Ambulance severe bleeding; NHS 111 Wales vomiting blood; NHS coughing up blood.",
        ("HEMORRHAGE", "BLOOD+BLEED_HEAVY", "~BLOOD+SEVERE", "BLOOD+ONGOING", "~VOMIT+BLOOD", "COFFEE_GROUNDS",
         "~COUGH+BLOOD", "BLACK_STOOL+PALE_FAINT", "~BLACK_STOOL", "STOOL+TARRY+PALE_FAINT", "~STOOL+TARRY",
         "BLOOD+UNCONSCIOUS", "~BLOOD+PALE_FAINT"),
        window=8, benign=("MINOR",), resolved_needs=()),
    Category(
        "consciousness",
        "Source: Epilepsy Foundation and Epilepsy Ireland (when to call); NHS 111 Wales delirium; SAMU 192.",
        ("UNCONSCIOUS", "SEIZURE", "CONFUSED_STRONG", "CONFUSED+SUDDEN", "EPILEPSY+SEIZURE_EPISODE+ONGOING",
         "HARD_TO_WAKE"),
        window=8, resolved_needs=("BENIGN_TRIGGER",)),
    Category(
        "severe_pain",
        "Source: American Migraine Foundation and Harvard Health (thunderclap); NHS inform and UCLH abdominal pain.",
        ("HEADACHE+WORST", "HEAD+PAIN+WORST", "HEAD+EXPLOSIVE", "UNABLE+PEE", "DIABETIC+VOMIT",
         "~BELLY+PAIN+ONGOING", "~HEADACHE+SUDDEN", "~HEAD+PAIN+SUDDEN", "HEADACHE+STIFF_NECK",
         "~HEADACHE+VOMIT", "HEADACHE+VISION_LOSS", "HEADACHE+CONFUSED", "~HEADACHE+SEVERE", "~HEAD+PAIN+SEVERE",
         "~BELLY+PAIN+SEVERE", "~BELLY+PAIN+SUDDEN", "RIGID_BELLY", "BELLY+PAIN+WORST", "BELLY+PAIN+UNCONSCIOUS",
         "~BELLY+PAIN+SPREADS", "~NO_URINE", "NO_STOOL", "PAIN+WORST", "~HEADACHE+SPOTS"),
        window=8, benign=("BENIGN_PAIN",)),
    Category(
        "sepsis",
        "Source: UK Sepsis Trust adult safety net (Patient.info); Healthwatch West Sussex sepsis signs.",
        ("INFECTION+SEPSIS_SIGN", "INFECTION+AIRLESS", "INFECTION+CONFUSED_STRONG", "FEVER+SEPSIS_SIGN",
         "INFECTION+FEVER+DIZZY", "MOTTLED_SKIN"),
        window=14),
)

ALL_CONCEPTS: dict[str, tuple[str, ...]] = {**CONCEPTS, **SIGNS, **EVENTS, **GROUPS}
# What typos are corrected towards: the signs the rules combine, never a benign context or a marker
# (a misspelling must not be able to clear a hit).
SIGN_CONCEPTS: dict[str, tuple[str, ...]] = {
    name: ALL_CONCEPTS[name] for name in sorted(
        {c for category in CATEGORIES for rule in category.rules for c in rule.lstrip("~").split("+")}
        & (SIGNS.keys() | EVENTS.keys() | GROUPS.keys()))}
