"""`python -m agent_system`: the terminal conversation runs turns like the web does, and audits them."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support import CLINIC_TODAY, PATIENT_TOKEN, call_tool, make_cpf, store_bookings

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def test_a_terminal_booking_reaches_the_clinic_and_writes_one_audit_line_without_personal_data(clinics, registry,
                                                                                              tmp_path):
    cpf, name = make_cpf(7500), "Rosa Maria Quintela"
    slot = call_tool(clinics.url("clinic_d"), "list_available_slots",
                     {"doctor": "Dr. Marcelo Tavares"})["structuredContent"]["available_slots"][0]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLINIC_", "OPENAI", "AZURE", "LLM_", "REDIS"))}
    env |= {f"{c.id.upper()}_URL": clinics.url(c.id) for c in registry.clinics}
    env |= {"CLINIC_TOKEN": PATIENT_TOKEN, "CLINIC_TODAY": CLINIC_TODAY, "VAR_DIR": str(tmp_path),
            "ENV_FILE": str(tmp_path / "no.env")}
    day = f"{slot['date'][8:]}/{slot['date'][5:7]}"
    lines = [name, cpf, f"Quero agendar com Dr. Marcelo Tavares no dia {day} às {slot['time']}", "sair"]
    done = subprocess.run([sys.executable, "-m", "agent_system"], cwd=ROOT, env=env, input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "book_appointment: ok" in done.stdout
    assert store_bookings(clinics, "clinic_d", cpf) == [("clinic_d", "Dr. Marcelo Tavares", slot["date"], slot["time"])]
    trail = (tmp_path / "audit.jsonl").read_text(encoding="utf-8")
    record = json.loads(trail)  # exactly one line: one turn
    assert record["steps"] == [["clinic_d", "book_appointment"]] and record["safe"] is True
    reads = {(c.id, "list_my_appointments", "ok") for c in registry.clinics} | {("clinic_d", "list_available_slots", "ok")}
    dispatched = [(d["clinic"], d["action"], d["status"]) for d in record["dispatch"]]
    assert set(dispatched[:-1]) == reads and len(dispatched) == len(reads) + 1  # the overlap check's reads first
    assert dispatched[-1] == ("clinic_d", "book_appointment", "ok")
    digits = "".join(c for c in cpf if c.isdigit())
    assert digits not in trail and digits[3:9] not in trail and "Quintela" not in trail
