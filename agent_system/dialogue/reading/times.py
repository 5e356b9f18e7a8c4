"""Times of day mentioned in patients' messages (PT and EN), as `HH:MM`."""
from __future__ import annotations

import re

from agent_system.language.lexicon import LivePattern, alternatives, words
from agent_system.dialogue.reading.rule_matches import NO_NUMBER_BEFORE, Rule, first_matches, unique
from agent_system.dialogue.reading.spoken_times import spell_out

def _any(concept: str) -> str:
    """A concept's words in every registered language (language/<code>/day_words.py), as one group."""
    return f"(?:{alternatives(concept)})"


def _longest_first(concept: str) -> str:  # "10hrs" is one hour mark, not "10h" and a stray "rs"
    return f"(?:{'|'.join(sorted(words(concept), key=len, reverse=True)) or '(?!)'})"


_NOON = LivePattern(lambda: re.compile(
    rf"\b(?:(?P<noon>{_any('noon')})|(?P<midnight>{_any('midnight')}))(?P<half>\s+{_any('clock_half')})?\b"))
# "10h30" and "10:30": the "h" between hour and minutes is written so in every language the clinics see.
_CLOCK = LivePattern(lambda: re.compile(
    rf"(?:\b(?P<cue>{alternatives('time_cue')})\s+)?{NO_NUMBER_BEFORE}(?P<hour>\d{{1,2}})"
    rf"(?:[:h](?P<minute>\d{{2}})|(?P<h>{_longest_first('hour_mark')})|\s+(?P<hours>{_any('clock_hours')}))?"
    rf"(?P<half>\s+{_any('clock_half')})?"
    rf"(?:\s*(?:(?P<am>{_any('clock_am')})|(?P<pm>{_any('clock_pm')}))"
    rf"|\s+(?:(?P<morning>{_any('clock_morning')})|(?P<afternoon>{_any('clock_afternoon')})"
    rf"|(?P<evening>{_any('clock_evening')})))?"
    r"(?![\w/:]|[.-]\d)",
    re.ASCII,
))
_PERIODS = ("am", "pm", "morning", "afternoon", "evening")


def find_times(text: str) -> list[str]:
    """Every time of day the (normalised) message mentions as `HH:MM`, in order, without repeats."""
    found = (rule.resolve(match) for match, rule in first_matches(spell_out(text), _TIME_RULES))
    return unique(found)


def _resolve_noon(match: re.Match[str]) -> str:
    hour = 0 if match["midnight"] else 12
    return f"{hour:02d}:{30 if match['half'] else 0:02d}"


def _resolve_clock(match: re.Match[str]) -> str | None:
    cues = ("cue", "minute", "h", "hours", "half", *_PERIODS)
    if not any(match[cue] for cue in cues):
        return None  # a bare number is a day, a count or an option, not a time
    minute = int(match["minute"]) if match["minute"] else 30 if match["half"] else 0
    period = next((name for name in _PERIODS if match[name]), "")
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
    if period == "morning":
        return hour if hour <= 12 else None
    if period and hour < 12:
        return hour + 12
    if period == "evening" and hour == 12:
        return 0
    return hour

_TIME_RULES = (
    Rule(_NOON, _resolve_noon),
    Rule(_CLOCK, _resolve_clock),
)
