"""Spanish: the answers' phrases, the emergency and blocked-answer texts.

Phrases not written here read in English; a full pack translates every key of `agent_system/language/pt/answers.py`.
"""
from __future__ import annotations

from typing import Any

from agent_system.language.en import PACK as ENGLISH

_SPECIALTIES = {"cardiologia": "Cardiología", "dermatologia": "Dermatología", "ortopedia": "Ortopedia"}

PHRASES = {
    **ENGLISH.phrases,
    "listing_intro": "Estos son los horarios libres en {specialties}:",
    "earliest": "**Horario más temprano: {day} a las {time} con {doctor} ({clinic})**",
    "earliest_in": "**Horario más temprano en {specialty}: {day} a las {time} con {doctor} ({clinic})**",
    "how_to_book": "Para reservar, dígame el médico, el día y la hora, o elija un horario de arriba.",
    "when": "{day}, a las {time}",
    "booked": "¡Reserva confirmada! {appointment}. Código de reserva: {code}. Guarde el código: lo necesitará para "
              "cambiar o cancelar la cita.",
    "booked_notice": "Según las reglas de {clinic}, puede cancelar o cambiar la cita hasta {hours} h antes.",
}

EMERGENCY = {
    "doubt_opening": "Antes que nada: si alguien está en peligro ahora, no espere una cita.",
    "doubt_question": "¿Alguien está en peligro ahora? Si es así, responda \"sí\" y le digo a quién llamar.",
    "opening": "Esto puede ser una emergencia. Busque ayuda ahora.",
    "opening_suicide": "Siento mucho que esté pasando por esto. No tiene que enfrentarlo solo.",
    "samu": "Llame ahora al SAMU: 192.",
    "samu_danger": "Si hay peligro inmediato o alguien ya está herido, llame al SAMU: 192.",
    "firefighters": "Si hay fuego, humo, una descarga eléctrica, un accidente o alguien atrapado: "
                    "Bomberos (Bombeiros), 193.",
    "cvv": "Llame al CVV: 188 (gratuito, 24 horas), o converse en cvv.org.br.",
    "intoxication": "Línea de intoxicaciones (Disque-Intoxicação): 0800 722 6001 (24 horas).",
    "er": "O vaya ahora a la sala de emergencias (pronto-socorro o UPA) más cercana, sin conducir.",
    "stay": "Quédese con la persona hasta que llegue la ayuda.",
    "stay_suicide": "No se quede solo: pida a alguien de confianza que esté con usted.",
    "opening_violence": "La seguridad de quien está en peligro es lo primero.",
    "police": "Si hay peligro ahora, llame a la Policía (Polícia Militar): 190.",
    "samu_hurt": "Si alguien está herido, o después de una violencia sexual, llame al SAMU: 192.",
    "women_line": "Central de Atención a la Mujer (Central de Atendimento à Mulher): 180 (gratuito, 24 horas).",
    "rights_line": "Violencia contra un niño, un adolescente, una persona mayor o con discapacidad: Disque 100 "
                   "(24 horas, puede ser anónimo).",
    "stay_safe": "Si puede, vaya a un lugar seguro o cerca de alguien de confianza, sin ponerse en riesgo.",
    "opening_distress": "Si es una emergencia, busque ayuda ahora.",
    "ask_distress": "Si puede, cuénteme qué está pasando.",
    "help_called": "Qué bueno que ya pidió ayuda. Siga lo que le indiquen por teléfono y vuelva a llamar si algo "
                   "cambia o empeora. Sigo aquí si me necesita.",
    "later": "No voy a agendar nada ahora. Cuando todo esté bien, puedo ayudarle a reservar una consulta "
             "de seguimiento.",
}

BLOCKED_NOTES = {kind: "Lo siento, no puedo mostrar esta respuesta. Hable directamente con la clínica."
                 for kind in ("privacy", "medical", "both", "unsafe")}


def specialty_name(specialty: Any) -> str:
    """A registry specialty's name in Spanish."""
    return _SPECIALTIES.get(specialty.key, specialty.name_en)
