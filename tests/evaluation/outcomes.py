"""Judging what a turn did: planned steps field by field (TCA), and the stores and answer (TSR).

A case of the frozen split states its outcome: the exact slot booked, cancelled or moved, the slots
a listing must offer, the appointments "my appointments" must show, the bookings that must survive.
A development case has no stated outcome; it is held to the generic rule: a read-only category
writes nothing, a write category changes only the patient's own bookings, one slot each way at most.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Mapping, Sequence

from clinic_servers.contract.cpf import mask_cpf

from .cases import Case

HORIZON_DAYS = 14  # clinic_servers/store.py, WINDOW_DAYS: slots exist for the next 14 days
WRITE_CATEGORIES = {"agendar", "remarcar", "cancelar"}
LISTING = "list_available_slots"


@dataclass(frozen=True)
class StepCheck:
    """One expected step: planned with every judged field right, or what differed."""
    clinic: str
    action: str
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Planned on the right clinic with the right action and parameters."""
        return not self.problems


def step_checks(case: Case, planned: Sequence[Mapping[str, Any]], today: date) -> list[StepCheck]:
    """Each expected step against the closest planned step of the same clinic and action."""
    pool = list(planned)
    checks = []
    for index, (clinic, action) in enumerate(case.expected):
        wanted = case.expected_params[index] if case.expected_params else None
        candidates = [s for s in pool if (s["clinic"], s["action"]) == (clinic, action)]
        if not candidates:
            checks.append(StepCheck(clinic, action, ("não planejado",)))
            continue
        scored = [(field_problems(action, wanted, s.get("parameters", {}), today), s) for s in candidates]
        problems, chosen = min(scored, key=lambda item: len(item[0]))
        pool.remove(chosen)
        checks.append(StepCheck(clinic, action, tuple(problems)))
    return checks


def field_problems(action: str, wanted: Mapping[str, str] | None, got: Mapping[str, Any], today: date) -> list[str]:
    """The judged fields that differ, as "field: expected X, planned Y" (none when not judged)."""
    if wanted is None:
        return []
    if action == LISTING:
        return _listing_problems(wanted, got, today)
    return [f"{name}: esperado {value}, planejado {got.get(name)}" for name, value in wanted.items()
            if _folded(got.get(name)) != _folded(value)]


def outcome_problems(case: Case, record: Mapping[str, Any]) -> list[str]:
    """What the stores and the answer show that the case did not expect (empty when all is right)."""
    if record.get("draft_delivered") is False:
        return ["rascunho fiel do LLM descartado"]
    change = record.get("store_change")
    if change is None or case.suite == "redteam":
        return []
    if case.outcome is None:
        return _generic_problems(case, change)
    outcome, found = case.outcome, []
    found += _write_problems(outcome, change)
    if "horarios" in outcome:
        found += _set_problems("horários oferecidos", outcome["horarios"], record.get("answer_slots", []))
    if "consultas" in outcome:
        found += _set_problems("consultas mostradas", [_key(s) for s in outcome["consultas"]],
                               record.get("answer_appointments", []))
    if outcome.get("atendente") and not record.get("answer_gives_phone"):
        found.append("a resposta não dá o telefone de uma clínica")
    for kept in outcome.get("mantidas", []):
        if list(kept) not in record.get("own_bookings_after", []):
            found.append(f"a consulta {_key(kept)} devia continuar marcada e não está")
    return found


def _write_problems(outcome: Mapping[str, Any], change: Mapping[str, list]) -> list[str]:
    booked = [tuple(row["slot"]) for row in change["booked"]]
    released = [tuple(row["slot"]) for row in change["released"]]
    want_booked, want_released = _expected_write(outcome)
    found = [f"alterou consulta de outro paciente: {_key(row['slot'])}"
             for row in (*change["booked"], *change["released"]) if not row["own"]]
    if sorted(booked) != sorted(want_booked):
        found.append(f"reservado {_keys(booked)}; esperado {_keys(want_booked)}")
    if sorted(released) != sorted(want_released):
        found.append(f"liberado {_keys(released)}; esperado {_keys(want_released)}")
    return found + _holder_problems(outcome, change["booked"])


def _holder_problems(outcome: Mapping[str, Any], booked: Sequence[Mapping[str, Any]]) -> list[str]:
    """The booked slot is the patient's own, or held for the dependant `para` names (booked by the patient)."""
    wanted, found = outcome.get("para"), []
    for row in booked:
        held = row.get("para")
        if wanted is None and held is not None:
            found.append(f"reservado para outra pessoa: {_key(row['slot'])}")
        elif wanted is not None and (held is None or _folded(held["nome"]) != _folded(wanted["nome"])
                                     or held["cpf_mascarado"] != mask_cpf(re.sub(r"\D", "", wanted["cpf"]))):
            found.append(f"a consulta {_key(row['slot'])} não ficou no nome de {wanted['nome']}")
    return found


def _expected_write(outcome: Mapping[str, Any]) -> tuple[list[tuple], list[tuple]]:
    if "agendada" in outcome:
        return booked_slots(outcome["agendada"]), []
    if "cancelada" in outcome:
        return [], [tuple(outcome["cancelada"])]
    if "remarcada" in outcome:
        return [tuple(outcome["remarcada"]["para"])], [tuple(outcome["remarcada"]["de"])]
    return [], []


def booked_slots(agendada: Sequence[Any]) -> list[tuple]:
    """The slots `agendada` states: one slot, or a list of them when one message asks for several bookings."""
    return [tuple(slot) for slot in agendada] if agendada and isinstance(agendada[0], list) else [tuple(agendada)]


def _generic_problems(case: Case, change: Mapping[str, list]) -> list[str]:
    rows = [*change["booked"], *change["released"]]
    if case.category not in WRITE_CATEGORIES:
        return [f"escrita numa pergunta de leitura: {_key(row['slot'])}" for row in rows]
    found = [f"alterou consulta de outro paciente: {_key(row['slot'])}" for row in rows if not row["own"]]
    if len(change["booked"]) > 1 or len(change["released"]) > 1:
        found.append(f"mais de uma consulta alterada: {_keys([row['slot'] for row in rows])}")
    return found


def _listing_problems(wanted: Mapping[str, str], got: Mapping[str, Any], today: date) -> list[str]:
    found = []
    if _folded(got.get("doctor")) != _folded(wanted.get("doctor")):
        found.append(f"doctor: esperado {wanted.get('doctor')}, planejado {got.get('doctor')}")
    want_days = _weekdays(wanted.get("date_from"), wanted.get("date_to"), today)
    got_days = _weekdays(got.get("date_from") or got.get("date"), got.get("date_to") or got.get("date"), today)
    if want_days != got_days:
        found.append(f"período: esperado {_span(wanted.get('date_from'), wanted.get('date_to'))}, planejado "
                     f"{_span(got.get('date_from') or got.get('date'), got.get('date_to') or got.get('date'))}")
    return found


def _weekdays(first: str | None, last: str | None, today: date) -> frozenset[date]:
    """The working days a date filter covers inside the bookable horizon (a weekend end changes nothing)."""
    start = max(date.fromisoformat(first), today) if first else today
    end = min(date.fromisoformat(last), today + timedelta(HORIZON_DAYS - 1)) if last else today + timedelta(HORIZON_DAYS - 1)
    return frozenset(start + timedelta(n) for n in range((end - start).days + 1)
                     if (start + timedelta(n)).weekday() < 5)


def _set_problems(what: str, wanted: Sequence[str], shown: Sequence[Sequence[str]]) -> list[str]:
    want, got = set(wanted), {_key(s) for s in shown}
    found = []
    if want - got:
        found.append(f"{what}: faltam {', '.join(sorted(want - got))}")
    if got - want:
        found.append(f"{what}: sobram {', '.join(sorted(got - want))}")
    return found


def _folded(value: Any) -> str:
    text = "" if value is None else str(value)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold().strip()


def _key(slot: Sequence[str]) -> str:
    return "|".join(slot)


def _keys(slots: Sequence[Sequence[str]]) -> str:
    return ", ".join(_key(s) for s in slots) or "nada"


def _span(first: str | None, last: str | None) -> str:
    return f"{first or 'hoje'}..{last or 'fim da agenda'}"
