"""The LLM planner: asks the model for a step graph and accepts it only if it passes validation."""
from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any
from string import Template

from clinic_servers.contract.registry import ClinicRegistry
from clinic_servers.contract.tools import TOOLS_BY_NAME

from agent_system.domain.tools import Tool
from agent_system.errors import InvalidPlan
from agent_system.llm.client import LLM
from agent_system.domain.plan import INJECTED_ARGUMENTS, PATIENT_ACTIONS, Intent, IntentName, Plan, Step
from agent_system.sessions.conversation import Conversation

MAX_STEPS = 12
MAX_TOKENS = 384  # six list_my_appointments steps fit; a runaway reply is cut here
HISTORY_MESSAGES = 4  # the planner reads the last two exchanges
HISTORY_CHARS = 240  # per earlier message: a long listing is cut, its slots follow compactly
LISTED_SLOTS = 6  # the last listing's slots shown to the planner, for picks like "o primeiro"
_WEEKDAYS = ("Monday / segunda-feira", "Tuesday / terça-feira", "Wednesday / quarta-feira", "Thursday / quinta-feira",
             "Friday / sexta-feira", "Saturday / sábado", "Sunday / domingo")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_DATE_KEYS = ("date", "date_from", "date_to", "original_date", "new_date")
_TIME_KEYS = ("time", "original_time", "new_time")
# The tools an LLM plan may use, and the intent each stands for. Clinic information and callbacks are
# read by the rules alone (their answers and the write grant's callback rule are built from that reading),
# so a plan naming them is not used: the rules plan stands.
_INTENT_OF: dict[str, Intent] = {Tool.LIST_AVAILABLE_SLOTS: Intent.LIST, Tool.BOOK_APPOINTMENT: Intent.BOOK,
              Tool.RESCHEDULE_APPOINTMENT: Intent.RESCHEDULE, Tool.CANCEL_APPOINTMENT: Intent.CANCEL,
              Tool.LIST_MY_APPOINTMENTS: Intent.MY_APPOINTMENTS}

_STEP_SCHEMA = {"type": "object", "additionalProperties": False,
                "required": ["step_id", "clinic", "action", "parameters"],
                "properties": {"step_id": {"type": "integer"}, "clinic": {"type": "string"},
                               "action": {"type": "string"}, "parameters": {"type": "object"}}}
PLAN_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["steps"],
               "properties": {"steps": {"type": "array", "items": _STEP_SCHEMA}}}
COT_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["reasoning", "steps"],
              "properties": {"reasoning": {"type": "array", "items": {"type": "string"}},
                             "steps": {"type": "array", "items": _STEP_SCHEMA}}}


class LLMPlanner:
    """Builds the prompt (registry, tool catalog, today, history) and validates what comes back."""

    def __init__(self, llm: LLM, registry: ClinicRegistry, prompts_dir: Path):
        self.llm, self.registry = llm, registry
        self._prompts = {cot: Template((prompts_dir / name).read_text(encoding="utf-8"))
                         for cot, name in ((False, "planner.txt"), (True, "planner_cot.txt"))}
        self._clinic_catalog = _clinic_catalog(registry)
        self._tool_catalog = _tool_catalog()

    def decompose(self, message: str, conversation: Conversation, today: date, cot: bool = False) -> Plan:
        """Ask the model; raises LLMError or InvalidPlan when its answer cannot be used."""
        raw = self.llm.complete_json(self.system_prompt(today, cot), messages(conversation, message),
                                     COT_SCHEMA if cot else PLAN_SCHEMA, "plan_cot" if cot else "plan",
                                     temperature=0.0, max_tokens=MAX_TOKENS, purpose="plan")
        steps = self.validate(raw, today)
        reasoning = [str(line) for line in raw.get("reasoning", []) if isinstance(line, str)] if cot else []
        intents: list[IntentName] = list(dict.fromkeys(_INTENT_OF[s.action] for s in steps))
        # Identity in a step is dropped (the router injects the session's own): the plan was repaired.
        return Plan(steps=steps, intents=intents, source="llm_repaired" if _carries_identity(raw) else "llm",
                    reasoning=reasoning)

    def system_prompt(self, today: date, cot: bool = False) -> str:
        """The planner's system prompt for this day: policy, compact clinic and tool catalogs."""
        return self._prompts[cot].substitute(today=f"{today.isoformat()} ({_WEEKDAYS[today.weekday()]})",
                                             clinic_catalog=self._clinic_catalog, tool_catalog=self._tool_catalog)

    def validate(self, raw: object, today: date) -> list[Step]:
        """The model's steps, checked against the registry and the tool catalog, renumbered."""
        if not isinstance(raw, dict) or not isinstance(raw.get("steps"), list):
            raise InvalidPlan("the plan has no 'steps' list")
        if len(raw["steps"]) > MAX_STEPS:
            raise InvalidPlan("too many steps")
        return [self._step(item, index, today) for index, item in enumerate(raw["steps"], start=1)]

    def _step(self, item: object, step_id: int, today: date) -> Step:
        if not isinstance(item, dict) or not isinstance(item.get("parameters", {}), dict):
            raise InvalidPlan("a step is not an object with object parameters")
        clinic = self.registry.get(str(item.get("clinic")))
        if clinic is None:
            raise InvalidPlan("a step names an unknown clinic")
        action = item.get("action")
        if action not in PATIENT_ACTIONS:
            raise InvalidPlan("a step uses a tool the chat may not use")
        if action not in _INTENT_OF:
            raise InvalidPlan("a step uses a tool only the rules plan")
        parameters = {k: v for k, v in item.get("parameters", {}).items() if k not in INJECTED_ARGUMENTS}
        _check_parameters(action, parameters, today)
        if "doctor" in parameters and clinic.doctor(parameters["doctor"]) is None:
            raise InvalidPlan("a step names a doctor who does not work at that clinic")
        return Step(step_id=step_id, clinic=clinic.id, action=action, parameters=parameters)


def _check_parameters(action: str, parameters: dict[str, Any], today: date) -> None:
    fields = TOOLS_BY_NAME[action].arguments.model_fields
    allowed = set(fields) - set(INJECTED_ARGUMENTS)
    required = {n for n, f in fields.items() if f.is_required()} - set(INJECTED_ARGUMENTS)
    if set(parameters) - allowed or required - set(parameters):
        raise InvalidPlan(f"wrong parameters for {action}")
    for key, value in parameters.items():
        if not isinstance(value, str):
            raise InvalidPlan("parameters must be strings")
        if key in _DATE_KEYS and not _valid_future_date(value, today):
            raise InvalidPlan("a date is malformed or in the past")
        if key in _TIME_KEYS and not _TIME.match(value):
            raise InvalidPlan("a time is malformed")


def _valid_future_date(value: str, today: date) -> bool:
    if not _DATE.match(value):
        return False
    try:
        return date.fromisoformat(value) >= today
    except ValueError:
        return False


def messages(conversation: Conversation, message: str) -> list[dict[str, str]]:
    """The last exchanges (long answers cut), the last listing's first slots, then the message."""
    history = [{"role": m.role, "content": _cut(m.text)} for m in conversation.recent[-HISTORY_MESSAGES:]]
    slots = sorted(conversation.state.listed, key=lambda s: (s.date, s.time))[:LISTED_SLOTS]
    if slots:
        listed = "; ".join(f"{s.clinic} {s.doctor} {s.date} {s.time}" for s in slots)
        history.append({"role": "assistant", "content": f"(listed, earliest first: {listed})"})
    return [*history, {"role": "user", "content": message}]


def _cut(text: str) -> str:
    return text if len(text) <= HISTORY_CHARS else text[:HISTORY_CHARS] + "…"


def _carries_identity(raw: dict[str, Any]) -> bool:
    return any(isinstance(item, dict) and isinstance(item.get("parameters"), dict)
               and any(k in item["parameters"] for k in INJECTED_ARGUMENTS) for item in raw["steps"])


def _clinic_catalog(registry: ClinicRegistry) -> str:
    return "\n".join(f"{c.id}: {c.specialty.name_pt} ({c.specialty.name_en}): {', '.join(d.name for d in c.doctors)}"
                     for c in registry.clinics)


def _tool_catalog() -> str:
    lines = []
    for name in _INTENT_OF:
        fields = TOOLS_BY_NAME[name].arguments.model_fields
        params = [arg if field.is_required() else f"{arg}?" for arg, field in fields.items()
                  if arg not in INJECTED_ARGUMENTS]
        lines.append(f"{name}({', '.join(params)})")
    return "\n".join(lines)
