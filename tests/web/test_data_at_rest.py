"""Data at rest (LGPD): owner-only files, and a deleted session leaves its CPF in no file's bytes."""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from tests.support import make_cpf
from tests.web.test_safe_writes import Patient


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_stores_and_the_audit_trail_are_owner_only(client, web_settings, clinics):
    Patient(client, "Sofia Martins Reis", make_cpf(7100)).says("horários de dermatologia")
    var_dir = web_settings.agent.var_dir
    assert mode(var_dir) == 0o700
    private = [var_dir / "sessions.sqlite3", var_dir / "audit.jsonl",
               *(p for p in var_dir.glob("sessions.sqlite3-*"))]
    clinic_var = Path(clinics.env["VAR_DIR"])
    private += [p for p in clinic_var.iterdir() if p.name.startswith("clinic_")]
    assert len(private) > 8 and {p.name: mode(p) for p in private} == {p.name: 0o600 for p in private}
    assert mode(clinic_var) == 0o700


def test_a_deleted_session_leaves_no_trace_of_its_cpf(client, web_settings, clinics):
    cpf = make_cpf(7101)
    digits = "".join(c for c in cpf if c.isdigit())
    patient = Patient(client, "Sofia Martins Reis", cpf)
    for message in ("horários de dermatologia", "minhas consultas", "e de ortopedia?"):
        patient.says(message)
    files = [p for p in web_settings.agent.var_dir.rglob("*") if p.is_file()]
    assert any(digits.encode() in p.read_bytes() for p in files)  # the live session does hold it
    assert client.delete("/api/session", headers={"X-Session-Id": patient.session_id}).status_code == 204
    files += [p for p in Path(clinics.env["VAR_DIR"]).rglob("*") if p.is_file()]
    for form in (digits, cpf):
        assert [p.name for p in files if p.exists() and form.encode() in p.read_bytes()] == []


def test_an_idle_session_purged_leaves_no_trace_of_its_cpf(make_app, web_settings):
    client = make_app(session_ttl_s=1).test_client()
    cpf = make_cpf(7102)
    digits = "".join(c for c in cpf if c.isdigit())
    Patient(client, "Sofia Martins Reis", cpf).says("horários de dermatologia")
    sessions = [p for p in web_settings.agent.var_dir.glob("sessions.sqlite3*")]
    assert any(digits.encode() in p.read_bytes() for p in sessions)  # the live session holds it
    time.sleep(1.5)  # idle past its time
    Patient(client, "Outra Pessoa Nova", make_cpf(7103))  # opening a session purges the idle ones
    sessions = [p for p in web_settings.agent.var_dir.glob("sessions.sqlite3*")]
    for form in (digits, cpf):
        assert [p.name for p in sessions if form.encode() in p.read_bytes()] == []
