"""A federation of seven: the shipped registry plus Clínica G (pediatrics), written as configuration only.

`write_registry(folder)` leaves `registry.json` and its `data/` in the folder; `CLINIC_REGISTRY`
pointed at that file is all any entry point needs to know about the new clinic.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from clinic_servers.contract.registry import DATA_DIR, REGISTRY_PATH

PEDIATRICS = {"pt": "Pediatria", "en": "Pediatrics",
              "description": "Consultas de pediatria: crianças e adolescentes.",
              "words": ["pediatr\\w*", "criancas?", "bebes?", "child\\w*", "kids?", "baby"]}
CLINIC_G = {"id": "clinic_g", "name": "Clínica G", "specialty": "pediatria", "port": 8007, "data": "clinic_g.json",
            "address": "Rua Teodoro Sampaio, 700 — Pinheiros, São Paulo — SP, 05406-000", "phone": "(11) 3085-7700",
            "hours": {"weekdays": ["08:00", "18:00"]}, "health_plans": ["Unimed", "Amil"],
            "doctors": [{"name": "Dra. Beatriz Okamoto", "schedule": {"tue": ["09:00", "10:00", "11:00"],
                                                                      "thu": ["14:00", "15:00"]}}]}
SEED_G = {"patients": [{"patient_id": "PED-001", "name": "Davi Okada Ribeiro", "cpf": "529.982.247-25",
                        "age": 6, "condition": "Asma leve", "medications": [],
                        "address": "Rua Cardeal Arcoverde, 90, São Paulo"}],
          "prebooked": []}


def write_registry(folder: Path) -> Path:
    """Write the seven-clinic registry and every seed file under `folder`; returns the registry file."""
    raw = json.loads(REGISTRY_PATH.read_text(encoding="utf-8"))
    raw["specialties"]["pediatria"] = PEDIATRICS
    raw["clinics"].append(CLINIC_G)
    shutil.copytree(DATA_DIR, folder / "data")
    (folder / "data" / "clinic_g.json").write_text(json.dumps(SEED_G, ensure_ascii=False), encoding="utf-8")
    path = folder / "registry.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    return path
