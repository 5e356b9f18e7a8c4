"""Clinic server configuration, read once from the environment and passed down."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from clinic_servers.contract.clock import Clock, parse_today
from clinic_servers.contract.environment import PROJECT_ROOT
from clinic_servers.contract.registry import REGISTRY_PATH, registry_path

DEFAULT_MAX_BODY = 64 * 1024
DEFAULT_RETENTION_DAYS = 365


@dataclass(frozen=True)
class ClinicSettings:
    token: str
    staff_token: str
    var_dir: Path = PROJECT_ROOT / "var"
    clock: Clock = Clock()
    host: str = "127.0.0.1"
    allowed_origins: tuple[str, ...] = ()
    max_body_bytes: int = DEFAULT_MAX_BODY
    # Clinic id -> database URL (`CLINIC_A_DATABASE_URL`...); a clinic without one uses SQLite in var_dir.
    database_urls: Mapping[str, str] = field(default_factory=dict)
    registry_path: Path = REGISTRY_PATH  # CLINIC_REGISTRY: another registry file, its seed data in data/ beside it
    # During a token rotation the clinic also accepts the tokens being replaced, so clients still holding
    # them keep working until each has been given the new ones (CLINIC_PREVIOUS_TOKEN, CLINIC_PREVIOUS_STAFF_TOKEN).
    previous_token: str = ""
    previous_staff_token: str = ""
    # Personal data of appointments older than this is erased by the clinic itself (CLINIC_RETENTION_DAYS; 0 keeps it).
    retention_days: int = DEFAULT_RETENTION_DAYS

    def patient_tokens(self) -> tuple[str, ...]:
        """The bearer tokens that open the patient tools: the current one, and the one being rotated out."""
        return tuple(t for t in (self.token, self.previous_token) if t)

    def staff_tokens(self) -> tuple[str, ...]:
        """The bearer tokens that open every tool: the current one, and the one being rotated out."""
        return tuple(t for t in (self.staff_token, self.previous_staff_token) if t)

    def database_url(self, clinic_id: str) -> str | None:
        """The clinic's database URL, or None for the default SQLite file."""
        return self.database_urls.get(clinic_id)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "ClinicSettings":
        """Build the settings from environment variables; the two tokens are required."""
        token, staff = env.get("CLINIC_TOKEN", ""), env.get("CLINIC_STAFF_TOKEN", "")
        if not token or not staff:
            raise ValueError("CLINIC_TOKEN and CLINIC_STAFF_TOKEN must be set (the launcher generates them)")
        previous, previous_staff = env.get("CLINIC_PREVIOUS_TOKEN", ""), env.get("CLINIC_PREVIOUS_STAFF_TOKEN", "")
        if ({token, previous} - {""}) & ({staff, previous_staff} - {""}):
            raise ValueError("a patient token (CLINIC_TOKEN, CLINIC_PREVIOUS_TOKEN) may not also be a staff token "
                             "(CLINIC_STAFF_TOKEN, CLINIC_PREVIOUS_STAFF_TOKEN)")
        origins = tuple(o.strip() for o in env.get("CLINIC_ALLOWED_ORIGINS", "").split(",") if o.strip())
        return cls(token=token, staff_token=staff, var_dir=Path(env.get("VAR_DIR") or PROJECT_ROOT / "var"),
                   clock=Clock(parse_today(env.get("CLINIC_TODAY")), env.get("CLINIC_TIMEZONE", "America/Sao_Paulo")),
                   host=env.get("CLINIC_HOST", "127.0.0.1"), allowed_origins=origins,
                   max_body_bytes=int(env.get("CLINIC_MAX_BODY_BYTES", DEFAULT_MAX_BODY)),
                   database_urls=database_urls(env), registry_path=registry_path(env),
                   previous_token=previous, previous_staff_token=previous_staff,
                   retention_days=retention_days(env))


def retention_days(env: Mapping[str, str]) -> int:
    """CLINIC_RETENTION_DAYS as a whole number of days, 0 (keep personal data) or more."""
    text = env.get("CLINIC_RETENTION_DAYS", "").strip() or str(DEFAULT_RETENTION_DAYS)
    if not text.isdigit():
        raise ValueError(f"CLINIC_RETENTION_DAYS must be a whole number of days (0 keeps personal data), got {text!r}")
    return int(text)


def database_urls(env: Mapping[str, str]) -> dict[str, str]:
    """Every non-empty `CLINIC_<ID>_DATABASE_URL`, by clinic id (`clinic_a`)."""
    suffix = "_DATABASE_URL"
    return {name[:-len(suffix)].lower(): url.strip() for name, url in env.items()
            if name.startswith("CLINIC_") and name.endswith(suffix) and url.strip()}
