"""The evaluation's cases: the development CSV and the frozen test split as typed records."""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CASES_CSV = Path(__file__).resolve().parents[2] / "data" / "development" / "casos_teste.csv"
FROZEN_CSV = Path(__file__).resolve().parents[2] / "data" / "development" / "casos_teste_congelados.csv"
# The frozen split adds what judging the outcome needs (docs/evaluation.md, "The frozen test split").
FROZEN_COLUMNS = ("parametros_esperados", "resultado_esperado", "classe", "idioma", "depende_confirmacao")
COLUMNS = ("id_caso", "texto_usuario", "intencao_esperada", "especialidade", "clinicas_esperadas",
           "acoes_esperadas", "turnos_anteriores")
# The nine original categories, then ours (docs/evaluation.md, The cases).
CATEGORIES = ("listar", "agendar", "remarcar", "cancelar", "erro_privacidade", "fora_de_escopo",
              "especialidade_invalida", "informacao_insuficiente", "buscar_paciente", "emergencia",
              "minhas_consultas")
TURN_SEPARATOR = " || "


@dataclass(frozen=True)
class Case:
    """One case: the message under test, the turns that come before it, and the steps it must plan."""
    id: int | str
    text: str
    category: str
    expected: tuple[tuple[str, str], ...]  # (clinic, action) pairs
    specialty: str = ""
    earlier_turns: tuple[str, ...] = ()
    suite: str = "casos"
    expected_params: tuple[dict[str, str], ...] = ()  # per expected step; empty: parameters not judged
    outcome: dict[str, Any] | None = None  # what the stores and the answer must show; None: not judged
    case_class: str = ""
    lang: str = ""
    awaits_confirmation: str = ""  # "sim" when the judged turn is a yes/no to a cancel or reschedule

    @property
    def messages(self) -> tuple[str, ...]:
        """Every message the patient types in this case, earlier turns first."""
        return (*self.earlier_turns, self.text)


def load_cases(path: Path = CASES_CSV) -> list[Case]:
    """Every row of the CSV, checked against the columns and categories docs/evaluation.md describes."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = set(COLUMNS) - set(reader.fieldnames or ())
        if missing:
            raise ValueError(f"{path} lacks the columns {sorted(missing)}")
        return [_case(row) for row in reader]


def load_frozen_cases(path: Path = FROZEN_CSV) -> list[Case]:
    """The frozen test split: the CSV's columns plus expected parameters and outcome, suite "congelado"."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = {*COLUMNS, *FROZEN_COLUMNS} - set(reader.fieldnames or ())
        if missing:
            raise ValueError(f"{path} lacks the columns {sorted(missing)}")
        return [_frozen_case(row) for row in reader]


def expected_steps(clinics: str, actions: str) -> tuple[tuple[str, str], ...]:
    """`clinic_a;clinic_c` + `list_available_slots;list_available_slots` as (clinic, action) pairs."""
    clinic_list, action_list = _split(clinics), _split(actions)
    if len(clinic_list) != len(action_list):
        raise ValueError(f"{len(clinic_list)} clinics but {len(action_list)} actions: {clinics!r} / {actions!r}")
    return tuple(zip(clinic_list, action_list))


def _case(row: dict[str, str]) -> Case:
    category = row["intencao_esperada"].strip()
    if category not in CATEGORIES:
        raise ValueError(f"case {row['id_caso']}: unknown category {category!r}")
    earlier = row.get("turnos_anteriores") or ""
    outcome = row.get("resultado_esperado") or ""
    return Case(id=int(row["id_caso"]), text=row["texto_usuario"], category=category,
                expected=expected_steps(row["clinicas_esperadas"], row["acoes_esperadas"]),
                specialty=row["especialidade"].strip(),
                earlier_turns=tuple(t.strip() for t in earlier.split(TURN_SEPARATOR) if t.strip()),
                expected_params=tuple(json.loads(row.get("parametros_esperados") or "[]")),
                outcome=json.loads(outcome) if outcome.strip() else None)


def _frozen_case(row: dict[str, str]) -> Case:
    base = _case({**row, "id_caso": "0"})
    params = tuple(json.loads(row["parametros_esperados"] or "[]"))
    if params and len(params) != len(base.expected):
        raise ValueError(f"case {row['id_caso']}: {len(params)} parameter sets for {len(base.expected)} steps")
    return Case(id=row["id_caso"], text=base.text, category=base.category, expected=base.expected,
                specialty=base.specialty, earlier_turns=base.earlier_turns, suite="congelado",
                expected_params=params, outcome=json.loads(row["resultado_esperado"]),
                case_class=row["classe"].strip(), lang=row["idioma"].strip(), awaits_confirmation=row["depende_confirmacao"].strip())


def _split(value: str) -> list[str]:
    return [part.strip() for part in (value or "").split(";") if part.strip()]
