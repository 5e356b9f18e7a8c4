"""The orchestrator's configuration, read once from the environment and passed down."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from clinic_servers.contract.clock import Clock, parse_today
from clinic_servers.contract.environment import PROJECT_ROOT
from clinic_servers.contract.registry import configured_ports
from clinic_servers.contract.registry import ClinicRegistry

from agent_system.errors import ConfigurationError
from agent_system.llm.client import LLMSettings
from agent_system.sessions.audit import AuditRotation

PROMPTS_DIR = PROJECT_ROOT / "prompts"
_ON, _OFF = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


@dataclass(frozen=True)
class AgentSettings:
    clinic_urls: dict[str, str]
    clinic_token: str
    clock: Clock = Clock()
    llm: LLMSettings = field(default_factory=LLMSettings)
    dispatch_timeout_s: float = 5.0
    dispatch_parallel: int = 32  # clinic calls in flight at once per process, across all turns
    planner_cot: bool = False
    llm_answers: bool = True  # LLM_ANSWERS=off: the LLM plans and checks, the answer stays deterministic
    triage_llm_check: bool = True  # with an LLM, a second look at messages the red-flag screen cleared
    prompts_dir: Path = PROMPTS_DIR
    var_dir: Path = PROJECT_ROOT / "var"
    # TLS to remote clinics: True (certifi's CAs) or a CA bundle file, from REQUESTS_CA_BUNDLE or
    # CURL_CA_BUNDLE, read here once: the router's Sessions read nothing from the environment.
    clinic_tls_verify: bool | str = True
    audit_rotation: AuditRotation = AuditRotation()

    @classmethod
    def from_env(cls, env: Mapping[str, str], registry: ClinicRegistry) -> "AgentSettings":
        """Settings from environment variables; the clinic token may come from the launcher's var/ file."""
        var_dir = Path(env.get("VAR_DIR") or PROJECT_ROOT / "var")
        return cls(clinic_urls=clinic_urls(registry, env), clinic_token=_clinic_token(env, var_dir),
                   clock=Clock(parse_today(env.get("CLINIC_TODAY")), env.get("CLINIC_TIMEZONE", "America/Sao_Paulo")),
                   llm=LLMSettings.from_env(env), var_dir=var_dir,
                   dispatch_timeout_s=float(env.get("CLINIC_TIMEOUT_S") or 5.0),
                   dispatch_parallel=int(env.get("ROUTER_PARALLEL") or 32),
                   planner_cot=switch(env, "PLANNER_COT", False),
                   llm_answers=switch(env, "LLM_ANSWERS", True),
                   triage_llm_check=switch(env, "TRIAGE_LLM_CHECK", True),
                   clinic_tls_verify=env.get("REQUESTS_CA_BUNDLE") or env.get("CURL_CA_BUNDLE") or True,
                   audit_rotation=AuditRotation(int(env.get("AUDIT_MAX_BYTES") or AuditRotation.max_bytes),
                                                int(env.get("AUDIT_BACKUPS") or AuditRotation.backups)))


def switch(env: Mapping[str, str], name: str, default: bool) -> bool:
    """An on/off setting, read alike for every switch; a value that is neither is refused, never guessed at."""
    value = env.get(name, "").strip().lower()
    if not value:
        return default
    if value in _ON or value in _OFF:
        return value in _ON
    raise ConfigurationError(name, f"must be on or off (also 1/0, true/false, yes/no), got {value!r}")


def clinic_urls(registry: ClinicRegistry, env: Mapping[str, str]) -> dict[str, str]:
    """Each clinic's MCP endpoint: `CLINIC_A_URL` style overrides, else the local port."""
    ports = configured_ports(registry, env)
    host = env.get("CLINIC_HOST", "127.0.0.1")
    return {c.id: env.get(f"{c.id.upper()}_URL") or f"http://{host}:{ports[c.id]}/mcp" for c in registry.clinics}


def remote_clinics(registry: ClinicRegistry, env: Mapping[str, str]) -> bool:
    """Whether the clinics are configured as remote (any URL override), so nothing local is started."""
    return any(env.get(f"{c.id.upper()}_URL") for c in registry.clinics)


def _clinic_token(env: Mapping[str, str], var_dir: Path) -> str:
    if env.get("CLINIC_TOKEN"):
        return env["CLINIC_TOKEN"]
    saved = var_dir / "clinic_tokens.json"
    if saved.exists():
        return json.loads(saved.read_text(encoding="utf-8"))["CLINIC_TOKEN"]
    return ""
