"""The registry: the six clinics the registry ships, and a new clinic needs no new code."""
from __future__ import annotations

import json
from datetime import date

import pytest

from clinic_servers.app import create_app
from clinic_servers.contract.clock import Clock
from clinic_servers.contract.cpf import normalize_cpf
from clinic_servers.contract.registry import DATA_DIR, REGISTRY_PATH, ClinicRegistry
from clinic_servers.settings import ClinicSettings


def test_the_six_clinics_of_the_design(registry):
    table = [(c.id, c.specialty.name_pt, c.port, tuple(d.name for d in c.doctors)) for c in registry.clinics]
    assert table == [
        ("clinic_a", "Cardiologia", 8001, ("Dr. Ricardo Lopes", "Dra. Ana Beatriz Souza")),
        ("clinic_b", "Dermatologia", 8002, ("Dra. Camila Rocha", "Dr. Paulo Henrique Lima")),
        ("clinic_c", "Cardiologia", 8003, ("Dr. Fernando Mendes", "Dra. Juliana Castro")),
        ("clinic_d", "Ortopedia", 8004, ("Dr. Marcelo Tavares", "Dra. Patrícia Gomes")),
        ("clinic_e", "Ortopedia", 8005, ("Dr. Rafael Moreira", "Dra. Luciana Freitas")),
        ("clinic_f", "Dermatologia", 8006, ("Dra. Mariana Alves", "Dr. Eduardo Nunes")),
    ]
    assert [c.id for c in registry.for_specialty("cardiologia")] == ["clinic_a", "clinic_c"]


def test_schedules_are_compact_and_seed_patients_valid(registry):
    for clinic in registry.clinics:
        for doctor in clinic.doctors:
            assert 2 <= len(doctor.schedule) <= 3
            assert all(3 <= len(times) <= 5 for times in doctor.schedule.values())
        seed = json.loads(clinic.data_file.read_text(encoding="utf-8"))
        assert all(normalize_cpf(p["cpf"]) for p in seed["patients"])


def test_a_new_clinic_is_a_registry_entry_and_a_data_file(tmp_path):
    raw = json.loads(REGISTRY_PATH.read_text(encoding="utf-8"))
    raw["specialties"]["neurologia"] = {"pt": "Neurologia", "en": "Neurology", "description": "Neurologia."}
    raw["clinics"].append({"id": "clinic_g", "name": "Clínica G", "specialty": "neurologia", "port": 8007,
                           "data": "clinic_g.json", "doctors": [
                               {"name": "Dra. Helena Prado", "schedule": {"tue": ["09:00", "10:00", "11:00"]}}]})
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    for f in DATA_DIR.glob("*.json"):
        (data_dir / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    (data_dir / "clinic_g.json").write_text(json.dumps({"patients": [], "prebooked": []}), encoding="utf-8")
    (tmp_path / "registry.json").write_text(json.dumps(raw), encoding="utf-8")
    registry = ClinicRegistry.load(tmp_path / "registry.json", data_dir)
    settings = ClinicSettings(token="p", staff_token="s", var_dir=tmp_path / "var", clock=Clock(date(2026, 11, 23)))
    client = create_app("clinic_g", settings, registry).test_client()
    reply = client.post("/mcp", headers={"Authorization": "Bearer p"}, json={
        "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_available_slots", "arguments": {}}})
    listing = reply.get_json()["result"]["structuredContent"]
    assert listing["specialty"] == "Neurologia"
    assert [(s["date"], s["time"]) for s in listing["available_slots"]][:3] == [
        ("2026-11-24", "09:00"), ("2026-11-24", "10:00"), ("2026-11-24", "11:00")]


def test_opening_hours_for_an_unknown_kind_of_day_are_refused_when_the_registry_loads(tmp_path):
    raw = json.loads(REGISTRY_PATH.read_text(encoding="utf-8"))
    raw["clinics"][1]["hours"] = {"weekdays": ["08:00", "18:00"], "feriados": ["09:00", "12:00"]}
    (tmp_path / "registry.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ValueError, match=r"clinic_b: hours are given for weekdays, saturday, sunday, not 'feriados'"):
        ClinicRegistry.load(tmp_path / "registry.json", DATA_DIR)
