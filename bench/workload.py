"""What the simulated patients say and who they are: identities, messages, and slots to book."""
from __future__ import annotations

import json
import math
import urllib.request
from dataclasses import dataclass
from datetime import date

from clinic_servers.contract.cpf import _check_digit, format_cpf

# Listing turns: three specialties (two clinics each) and three named doctors (one clinic each).
LISTINGS = ("cardiologia", "horários do Dr. Ricardo Lopes", "dermatologia", "horários da Dra. Camila Rocha",
            "ortopedia", "horários do Dr. Rafael Moreira")
# Throughput turns: the listings plus "my appointments", which asks all six clinics.
MIX = (*LISTINGS, "minhas consultas")
ONE_CLINIC, TWO_CLINICS, SIX_CLINICS = "horários do Dr. Ricardo Lopes", "cardiologia", "minhas consultas"
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Slot:
    clinic: str
    doctor: str
    date: str
    time: str

    def booking(self) -> str:
        """The patient's message that books exactly this slot."""
        return f"quero marcar com {self.doctor} dia {self._day()} às {self.time}"

    def cancellation(self) -> str:
        """The patient's message that cancels this booking."""
        return f"cancelar minha consulta com {self.doctor} dia {self._day()} às {self.time}"

    def move_here(self) -> str:
        """The patient's message that moves their one booking (same doctor) to this slot."""
        return f"remarcar para {self._day()} às {self.time}"

    def _day(self) -> str:
        day = date.fromisoformat(self.date)
        return f"{day.day:02d}/{day.month:02d}"


def patient(n: int) -> tuple[str, str]:
    """The n-th simulated patient: a valid full name and a valid, distinct CPF."""
    return f"Paciente {_word(n).capitalize()} Carga", _cpf(n)


def free_slots(clinic_urls: dict[str, str], token: str) -> list[Slot]:
    """Every free slot of every clinic, straight from the clinics (setup only, not measured)."""
    slots = []
    for clinic, url in clinic_urls.items():
        listing = _call(url, token, "list_available_slots", {})
        slots += [Slot(clinic, s["doctor"], s["date"], s["time"]) for s in listing["available_slots"]]
    return slots


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def _word(n: int) -> str:
    letters = ""
    n += 26 * 27  # at least three letters, so every name is a plausible word
    while n:
        n, rest = divmod(n, 26)
        letters = _LETTERS[rest] + letters
    return letters


def _cpf(n: int) -> str:
    base = f"{310_000_000 + n * 7919:09d}"
    digits = base + _check_digit(base)
    return format_cpf(digits + _check_digit(digits))


def _call(url: str, token: str, tool: str, arguments: dict) -> dict:
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": {"name": tool, "arguments": arguments}}).encode()
    request = urllib.request.Request(url, body, {"Content-Type": "application/json",
                                                 "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())["result"]["structuredContent"]
