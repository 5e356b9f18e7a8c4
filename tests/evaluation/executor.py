"""The whole evaluation run: one fresh fleet, the CSV's cases then the red-team set, logs written."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from agent_system.llm.client import LLMSettings
from clinic_servers.contract.registry import ClinicRegistry
from tests.redteam.model import RedTeamCase

from .attacks import run_attacks
from .cases import Case
from .others import seed_other_patients
from .runner import FROZEN_CPF_BASE, PlannerFactory, clinic_fleet, run_cases

LOGS = Path(__file__).resolve().parents[2] / "var" / "evaluation" / "logs.jsonl"


def run_evaluation(cases: Sequence[Case], attacks: Sequence[RedTeamCase], llm: LLMSettings,
                   registry: ClinicRegistry | None = None) -> list[dict[str, Any]]:
    """Every case (each from the seed), then other patients' bookings, then every attack; one log record each."""
    registry = registry or ClinicRegistry.load()
    with clinic_fleet(registry) as fleet:
        records = run_cases(fleet, registry, cases, llm, from_seed=True)
        seed_other_patients(fleet)  # after the cases: their expectations are the seed schedule
        records += run_attacks(fleet, registry, attacks, llm)
    return [{**record, "mode": mode_label(llm)} for record in records]


def run_frozen(cases: Sequence[Case], llm: LLMSettings, registry: ClinicRegistry | None = None,
               planner: PlannerFactory | None = None) -> list[dict[str, Any]]:
    """The frozen split on its own fleet, every case starting from the seed; one log record each."""
    registry = registry or ClinicRegistry.load()
    with clinic_fleet(registry) as fleet:
        records = run_cases(fleet, registry, cases, llm, planner=planner, from_seed=True, cpf_base=FROZEN_CPF_BASE)
    return [{**record, "mode": mode_label(llm)} for record in records]


def mode_label(llm: LLMSettings) -> str:
    """"regras", or "llm:<provider>:<model>" (the red-team's scripted generator runs in both modes)."""
    return "regras" if llm.provider == "none" else f"llm:{llm.label}"


def llm_mode(env: Mapping[str, str], rules_only: bool = False) -> LLMSettings:
    """The LLM the environment configures (README.md, Configuration), or none: rules mode."""
    return LLMSettings() if rules_only else LLMSettings.from_env(env)


def write_logs(records: Sequence[dict[str, Any]], path: Path = LOGS) -> None:
    """One JSON object per line (UTF-8, accents kept)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def read_logs(path: Path = LOGS) -> list[dict[str, Any]]:
    """The records of a previous run."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]
