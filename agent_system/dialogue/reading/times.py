"""Times of day mentioned in patients' messages (PT and EN), as `HH:MM`."""
from __future__ import annotations

import re

from agent_system.language.lexicon import LivePattern, alternatives
from agent_system.dialogue.reading.rule_matches import NO_NUMBER_BEFORE, Rule, first_matches, unique
from agent_system.dialogue.reading.spoken_times import spell_out

_NOON = re.compile(
    r"\b(?P<word>meio[\s-]?dia|noon|meia[\s-]?noite|midnight)(?P<half>\s+e\s+meia)?\b"
)
_CLOCK = LivePattern(lambda: re.compile(
    rf"(?:\b(?P<cue>{alternatives('time_cue')})\s+)?{NO_NUMBER_BEFORE}(?P<hour>\d{{1,2}})"
    r"(?:[:h](?P<minute>\d{2})|(?P<h>h(?:rs?|s)?)|\s+(?P<horas>horas?))?"
    r"(?P<half>\s+e\s+meia)?"
    r"(?:\s*(?P<meridiem>am|pm|a\.m\.?|p\.m\.?)|\s+d[ae]\s+(?P<part>manha|tarde|noite))?"
    r"(?![\w/:]|[.-]\d)",
    re.ASCII,
))


def find_times(text: str) -> list[str]:
    """Every time of day the (normalised) message mentions as `HH:MM`, in order, without repeats."""
    found = (rule.resolve(match) for match, rule in first_matches(spell_out(text), _TIME_RULES))
    return unique(found)


def _resolve_noon(match: re.Match[str]) -> str:
    hour = 0 if match["word"] == "midnight" or match["word"].startswith("meia") else 12
    return f"{hour:02d}:{30 if match['half'] else 0:02d}"


def _resolve_clock(match: re.Match[str]) -> str | None:
    cues = ("cue", "minute", "h", "horas", "half", "meridiem", "part")
    if not any(match[cue] for cue in cues):
        return None  # a bare number is a day, a count or an option, not a time
    minute = int(match["minute"]) if match["minute"] else 30 if match["half"] else 0
    period = (match["meridiem"] or match["part"] or "").replace(".", "")
    hour = _to_24h(int(match["hour"]), period)
    if hour is not None and not period and 1 <= hour <= 6 and not match["hour"].startswith("0"):
        hour += 12  # "às 2", "2:30": clinics see patients by day, so a bare early hour is the afternoon
    if hour is None or not 0 <= hour <= 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"


def _to_24h(hour: int, period: str) -> int | None:
    """Apply "am"/"pm" or "da manhã/tarde/noite"; None when the pair is impossible."""
    if period in {"am", "pm"}:
        return hour % 12 + (12 if period == "pm" else 0) if 1 <= hour <= 12 else None
    if period == "manha":
        return hour if hour <= 12 else None
    if period and hour < 12:
        return hour + 12
    if period == "noite" and hour == 12:
        return 0
    return hour

_TIME_RULES = (
    Rule(_NOON, _resolve_noon),
    Rule(_CLOCK, _resolve_clock),
)
