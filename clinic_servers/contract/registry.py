"""The clinic registry: which clinics exist, their specialty, port, doctors and weekly schedules.

Clinics and the orchestrator read the same file, so adding a clinic is one entry here plus one
seed-data file under `data/` (another registry file, with its own `data/` beside it, is chosen
by `CLINIC_REGISTRY`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Mapping, get_args

SERVER_DIR = Path(__file__).resolve().parent.parent
REGISTRY_PATH = SERVER_DIR / "registry.json"
DATA_DIR = SERVER_DIR / "data"
DEFAULT_TIMEZONE = "America/Sao_Paulo"
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
OpeningDays = Literal["weekdays", "saturday", "sunday"]
OPENING_DAYS: tuple[OpeningDays, ...] = get_args(OpeningDays)


@dataclass(frozen=True)
class Specialty:
    key: str
    name_pt: str
    name_en: str
    description: str
    # What brings patients to it ("heart", "manchas", "costas"), as regular expressions over accent-free
    # lower-case text.
    words: tuple[str, ...] = ()
    # How patients name it ("cardio\w*", "derma?"), besides its own names, which are always understood. A
    # specialty named outright wins over one that a word of the message merely points to.
    names: tuple[str, ...] = ()

    def public(self) -> dict:
        """The specialty as the patient's page names it."""
        return {"key": self.key, "pt": self.name_pt, "en": self.name_en}


@dataclass(frozen=True)
class Doctor:
    name: str
    # weekday index (Monday = 0) -> times "HH:MM" of that day's slots
    schedule: dict[int, tuple[str, ...]]


@dataclass(frozen=True)
class ClinicContact:
    """What a patient may know about a clinic: where it is, how to call, when it opens, which plans it takes."""
    address: str
    phone: str
    timezone: str
    hours: dict[OpeningDays, tuple[str, str]]  # (opens, closes), "HH:MM"
    health_plans: tuple[str, ...]


@dataclass(frozen=True)
class ClinicRules:
    """A clinic's own booking rules, enforced by its store inside each write's transaction."""
    # Hours before a booking's start after which it may no longer be cancelled or moved (0: up to the start).
    min_notice_hours: int = 0
    # Future bookings one patient (CPF) may hold at the clinic at once (None: no limit).
    max_future_bookings: int | None = None

    def public(self) -> dict:
        """The rules as the patient's page and `get_clinic_info` state them."""
        return {"min_notice_hours": self.min_notice_hours, "max_future_bookings": self.max_future_bookings}


@dataclass(frozen=True)
class Clinic:
    id: str
    name: str
    specialty: Specialty
    port: int
    data_file: Path
    doctors: tuple[Doctor, ...]
    contact: ClinicContact
    rules: ClinicRules = ClinicRules()

    def public(self) -> dict:
        """The clinic as the patient's page shows it: names, specialty and contact, no ports or files."""
        return {"id": self.id, "name": self.name,
                "specialty": self.specialty.public(),
                "doctors": [d.name for d in self.doctors], "address": self.contact.address,
                "phone": self.contact.phone, "timezone": self.contact.timezone,
                "hours": {k: list(v) for k, v in self.contact.hours.items()},
                "health_plans": list(self.contact.health_plans), "rules": self.rules.public()}

    def doctor(self, name: str) -> Doctor | None:
        """The doctor with exactly this name, if the clinic has one."""
        return next((d for d in self.doctors if d.name == name), None)


class ClinicRegistry:
    """The federation's directory of clinics, loaded once from `registry.json`."""

    def __init__(self, specialties: dict[str, Specialty], clinics: tuple[Clinic, ...]):
        self.specialties = specialties
        self.clinics = clinics
        self._by_id = {c.id: c for c in clinics}

    @classmethod
    def load(cls, path: Path = REGISTRY_PATH, data_dir: Path | None = None) -> "ClinicRegistry":
        """Read and check the registry file; seed data lives in `data/` beside it unless given."""
        raw = json.loads(path.read_text(encoding="utf-8"))
        specialties = {k: Specialty(k, v["pt"], v["en"], v["description"], tuple(v.get("words", ())),
                                    tuple(v.get("names", ()))) for k, v in raw["specialties"].items()}
        clinics = tuple(_clinic(entry, specialties, data_dir or path.parent / "data") for entry in raw["clinics"])
        return cls(specialties, clinics)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "ClinicRegistry":
        """The registry file named by `CLINIC_REGISTRY`, else the one shipped beside this module."""
        return cls.load(registry_path(env))

    def get(self, clinic_id: str) -> Clinic | None:
        """The clinic with this id, or None."""
        return self._by_id.get(clinic_id)

    def ids(self) -> list[str]:
        """Every clinic id, in registry order."""
        return [c.id for c in self.clinics]

    def for_specialty(self, key: str) -> list[Clinic]:
        """All clinics of one specialty (Rule 10 queries every one of them)."""
        return [c for c in self.clinics if c.specialty.key == key]


def registry_path(env: Mapping[str, str]) -> Path:
    """The registry file the configuration names (`CLINIC_REGISTRY`), else the shipped one."""
    return Path(env["CLINIC_REGISTRY"]) if env.get("CLINIC_REGISTRY") else REGISTRY_PATH


def _clinic(entry: dict, specialties: dict[str, Specialty], data_dir: Path) -> Clinic:
    doctors = tuple(
        Doctor(d["name"], {WEEKDAYS.index(day): tuple(times) for day, times in d["schedule"].items()})
        for d in entry["doctors"]
    )
    # Contact details are optional: a clinic without them is still bookable, it just has less to tell.
    contact = ClinicContact(entry.get("address", ""), entry.get("phone", ""),
                            entry.get("timezone", DEFAULT_TIMEZONE),
                            _hours(entry),
                            tuple(entry.get("health_plans", ())))
    return Clinic(entry["id"], entry["name"], specialties[entry["specialty"]], int(entry["port"]),
                  data_dir / entry["data"], doctors, contact, _rules(entry))


def _hours(entry: dict) -> dict[OpeningDays, tuple[str, str]]:
    """The entry's opening hours by kind of day; any other kind of day is a mistake in the registry file."""
    hours: dict[OpeningDays, tuple[str, str]] = {}
    for days, span in entry.get("hours", {}).items():
        kind = next((d for d in OPENING_DAYS if d == days), None)
        if kind is None:
            raise ValueError(f"{entry['id']}: hours are given for {', '.join(OPENING_DAYS)}, not {days!r}")
        hours[kind] = (span[0], span[1])
    return hours


def _rules(entry: dict) -> ClinicRules:
    """The entry's rules; a clinic without them lets patients cancel up to the start and book without limit."""
    notice, most = entry.get("min_notice_hours", 0), entry.get("max_future_bookings")
    if not isinstance(notice, int) or notice < 0 or (most is not None and (not isinstance(most, int) or most < 1)):
        raise ValueError(f"{entry['id']}: min_notice_hours must be an integer >= 0 and max_future_bookings >= 1")
    return ClinicRules(notice, most)


def configured_ports(registry: ClinicRegistry, env: Mapping[str, str]) -> dict[str, int]:
    """Each clinic's port: `CLINIC_A_PORT` style overrides, else the registry's."""
    return {c.id: int(env.get(f"{c.id.upper()}_PORT") or c.port) for c in registry.clinics}
