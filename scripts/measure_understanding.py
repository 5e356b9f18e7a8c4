"""Runs the held-out understanding turns (data/development/casos_compreensao.csv) and prints TCA and TSR by class and language.

Each case starts from the seed schedule (the stores are put back between cases), runs its earlier
turns, and is judged on its last turn: the plan field by field (TCA), and what the clinic stores
and the answer show (TSR). Usage: `python -m scripts.measure_understanding [--falhas] [--casos PATH] [--llm URL]`.
With `--llm URL` the pipeline plans and words with the OpenAI-compatible server at URL (the triage second net on, as
shipped); without it, rules mode. Run it twice to set the modes side by side: a blind split is never given to it by
default (`--casos` names the file).
"""
from __future__ import annotations

import csv
import json
import re
import sqlite3
import sys
import unicodedata
from collections import defaultdict
from contextlib import closing
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, NamedTuple

from agent_system.assembly import build_pipeline
from agent_system.llm.client import LLMSettings
from agent_system.sessions.conversation import Conversation
from agent_system.domain.patient import Patient
from clinic_servers.contract.registry import ClinicRegistry
from tests.evaluation.runner import clinic_fleet, fleet_urls
from tests.support import CLINIC_TODAY, agent_settings, make_cpf, run_turn

CSV_PATH = Path(__file__).resolve().parent.parent / "data" / "development" / "casos_compreensao.csv"
TODAY = date.fromisoformat(CLINIC_TODAY)
HORIZON_DAYS = 14
OUT_OF_SCOPE_MARKERS = ("só posso ajudar", "i can only help")
Slot = tuple[str, str, str, str]
PHONE = re.compile(r"\(\d{2}\) \d{4,5}-\d{4}")


class Holder(NamedTuple):
    """Whom a booked slot is for (CPF and name) and, when someone else booked it, the booker's CPF."""
    cpf: str
    name: str | None
    booked_by: str | None


@dataclass
class Verdict:
    """One case's judgement: expected steps right / expected, exact plan, outcome problems."""
    case: dict[str, str]
    steps_right: int
    steps_expected: int
    plan_exact: bool
    problems: list[str] = field(default_factory=list)
    plan_note: str = ""

    @property
    def success(self) -> bool:
        """The outcome in the stores and the answer is the one the case states."""
        return not self.problems


def load(path: Path = CSV_PATH) -> list[dict[str, str]]:
    """The CSV's rows."""
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def folded(value: Any) -> str:
    """Lower case without accents, for comparing names and texts."""
    text = "" if value is None else str(value)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold().strip()


def working_days(first: str | None, last: str | None) -> frozenset[date]:
    """The weekdays a date filter covers inside the bookable horizon."""
    start = max(date.fromisoformat(first), TODAY) if first else TODAY
    end = min(date.fromisoformat(last), TODAY + timedelta(HORIZON_DAYS - 1)) if last else TODAY + timedelta(HORIZON_DAYS - 1)
    days = (start + timedelta(n) for n in range((end - start).days + 1))
    return frozenset(d for d in days if d.weekday() < 5)


def params_match(action: str, wanted: dict[str, str], got: dict[str, Any]) -> bool:
    """A planned step's parameters against the expected ones (a listing: doctor and the days covered)."""
    if action == "list_available_slots":
        got_days = working_days(got.get("date_from") or got.get("date"), got.get("date_to") or got.get("date"))
        return folded(got.get("doctor")) == folded(wanted.get("doctor")) and \
            got_days == working_days(wanted.get("date_from"), wanted.get("date_to"))
    return all(folded(got.get(k)) == folded(v) for k, v in wanted.items())


def judge_plan(row: dict[str, str], planned: list[dict[str, Any]]) -> tuple[int, int, bool]:
    """(expected steps planned right, expected steps, plan exactly the expected one)."""
    clinics = [c for c in row["clinicas_esperadas"].split(";") if c]
    actions = [a for a in row["acoes_esperadas"].split(";") if a]
    params = json.loads(row["parametros_esperados"] or "[]") or [{}] * len(clinics)
    pool, right = list(planned), 0
    for clinic, action, wanted in zip(clinics, actions, params):
        match = next((s for s in pool if (s["clinic"], s["action"]) == (clinic, action)
                      and params_match(action, wanted, s.get("parameters", {}))), None)
        if match is not None:
            pool.remove(match)
            right += 1
    return right, len(clinics), right == len(clinics) and not pool


def bookings(var_dir: Path, clinic_ids) -> dict[Slot, Holder]:
    """Every booked slot of every store, with whom it is for and who booked it."""
    held: dict[Slot, Holder] = {}
    for clinic_id in clinic_ids:
        with closing(sqlite3.connect(var_dir / f"{clinic_id}.sqlite3", timeout=10)) as conn:
            for doctor, day, time, cpf, name, booker in conn.execute(
                    "SELECT doctor, date, time, cpf, patient_name, booked_by_cpf FROM slots WHERE cpf IS NOT NULL"):
                held[(clinic_id, doctor, day, time)] = Holder(cpf, name, booker)
    return held


def callbacks(var_dir: Path, clinic_ids) -> int:
    """How many callback requests the stores hold."""
    total = 0
    for clinic_id in clinic_ids:
        with closing(sqlite3.connect(var_dir / f"{clinic_id}.sqlite3", timeout=10)) as conn:
            total += conn.execute("SELECT COUNT(*) FROM callbacks").fetchone()[0]
    return total


def restore(var_dir: Path, seed: dict[Slot, str]) -> None:
    """Release every booking the seed did not make."""
    for clinic_id in {slot[0] for slot in seed}:
        with closing(sqlite3.connect(var_dir / f"{clinic_id}.sqlite3", timeout=10, isolation_level=None)) as conn:
            conn.execute("BEGIN IMMEDIATE")
            booked = conn.execute("SELECT doctor, date, time FROM slots WHERE cpf IS NOT NULL").fetchall()
            extra = [row for row in booked if (clinic_id, *row) not in seed]
            conn.executemany("UPDATE slots SET available = 1, patient_name = NULL, cpf = NULL, booked_at = NULL, "
                             "booking_code = NULL, booked_by_cpf = NULL WHERE doctor = ? AND date = ? AND time = ?",
                             extra)
            conn.execute("COMMIT")


def outcome_problems(outcome: dict[str, Any], before: dict, after: dict, cpf: str, answer) -> list[str]:
    """What the stores and the answer show that the case did not expect."""
    booked = sorted(s for s, c in after.items() if before.get(s) != c)
    released = sorted(s for s, c in before.items() if after.get(s) != c)
    want_booked, want_released = [], []
    if "agendada" in outcome:  # one slot, or a list of slots when one message books two
        wanted = outcome["agendada"]
        want_booked = [tuple(s) for s in wanted] if isinstance(wanted[0], list) else [tuple(wanted)]
    if "cancelada" in outcome:
        want_released = [tuple(outcome["cancelada"])]
    if "remarcada" in outcome:
        want_booked, want_released = [tuple(outcome["remarcada"]["para"])], [tuple(outcome["remarcada"]["de"])]
    found = []
    if booked != sorted(want_booked):
        found.append(f"reservado {booked}; esperado {want_booked}")
    if released != sorted(want_released):
        found.append(f"liberado {released}; esperado {want_released}")
    offered = {(s.clinic, s.doctor, s.date, s.time) for s in answer.slots}
    if "horarios" in outcome and offered != {tuple(s.split("|")) for s in outcome["horarios"]}:
        found.append(f"horários oferecidos diferem ({len(offered)} vs {len(outcome['horarios'])})")
    shown = {(a.clinic, a.doctor, a.date, a.time) for a in answer.appointments}
    if "consultas" in outcome and shown != {tuple(s) for s in outcome["consultas"]}:
        found.append(f"consultas mostradas {sorted(shown)}")
    if "agendada" in outcome:
        found += [problem for slot in want_booked for problem in holder_problems(outcome.get("para"), after.get(slot), cpf)]
    found += [f"{k} não continua marcada" for k in outcome.get("mantidas", [])
              if getattr(after.get(tuple(k)), "cpf", None) != cpf]
    if outcome.get("atendente") and not PHONE.search(answer.text):
        found.append("a resposta não dá o telefone de uma clínica")
    if "confirmar" in outcome and (answer.confirm is None or answer.confirm.action != outcome["confirmar"]):
        found.append(f"não pediu confirmação de {outcome['confirmar']}")
    if "pergunta" in outcome:  # the options the question must name, or true for any clarifying question
        found += question_problems([] if outcome["pergunta"] is True else outcome["pergunta"], answer.text)
    if "informacao" in outcome:  # [clinic, "address" | "phone"]: that clinic's, and no other clinic's
        clinic_id, field_name = outcome["informacao"]
        found += information_problems(clinic_id, field_name, answer.text)
    return found


def information_problems(clinic_id: str, field_name: str, text: str) -> list[str]:
    """The answer gives the clinic's address or phone, and no other clinic's."""
    registry = ClinicRegistry.load()
    given = {c.id for c in registry.clinics if getattr(c.contact, field_name) in text}
    if clinic_id not in given:
        return [f"a resposta não dá {field_name} de {clinic_id}"]
    return [f"a resposta dá {field_name} também de {sorted(given - {clinic_id})}"] if given - {clinic_id} else []


def holder_problems(wanted: dict[str, str] | None, held: Holder | None, cpf: str) -> list[str]:
    """A booked slot is held under the patient's identity, or under the dependant's (`para`) booked by the patient."""
    if held is None:
        return []
    if wanted is None:
        return [] if (held.cpf, held.booked_by) == (cpf, None) else ["a consulta não ficou no nome do paciente"]
    found = []
    if held.cpf != re.sub(r"\D", "", wanted["cpf"]) or folded(held.name) != folded(wanted["nome"]):
        found.append(f"a consulta não ficou no nome de {wanted['nome']}")
    if held.booked_by != cpf:
        found.append("a consulta não registra o paciente como quem marcou")
    return found


def question_problems(options: list[str], text: str) -> list[str]:
    """A clarifying question: a question, naming every option, never the out-of-scope answer."""
    plain = folded(text)
    found = [f"pergunta sem a opção {o}" for o in options if folded(o) not in plain]
    if "?" not in text:
        found.append("a resposta não pergunta nada")
    if any(marker in plain for marker in OUT_OF_SCOPE_MARKERS):
        found.append("resposta de fora de escopo")
    return found


def run_case(pipeline, var_dir: Path, clinic_ids, seed, row: dict[str, str], number: int) -> Verdict:
    """One case from the seed: earlier turns, then the judged turn."""
    restore(var_dir, seed)
    cpf = make_cpf(5000 + number).replace(".", "").replace("-", "")
    conversation = Conversation(patient=Patient(name="Helena Prado Vasconcelos", cpf=cpf))
    for earlier in [t.strip() for t in row["turnos_anteriores"].split(" || ") if t.strip()]:
        run_turn(pipeline, conversation, earlier)
    before, requests = bookings(var_dir, clinic_ids), callbacks(var_dir, clinic_ids)
    events, answer = run_turn(pipeline, conversation, row["texto_usuario"])
    after = bookings(var_dir, clinic_ids)
    planned = next(e for e in events if e.type == "plan").steps
    right, expected, exact = judge_plan(row, planned)
    verdict = Verdict(row, right, expected, exact)
    outcome = json.loads(row["resultado_esperado"])
    verdict.problems = outcome_problems(outcome, before, after, cpf, answer)
    if outcome.get("atendente") and callbacks(var_dir, clinic_ids) != requests:
        verdict.problems.append("um pedido de retorno foi gravado")
    if not exact:
        verdict.plan_note = f"plano {[(s['clinic'], s['action'], s.get('parameters')) for s in planned]}"
    verdict.case = {**row, "resposta": answer.text}
    return verdict


def measure(rows: list[dict[str, str]], llm: LLMSettings | None = None) -> list[Verdict]:
    """Every row through the pipeline (rules mode, or the LLM given) and six real clinics."""
    registry = ClinicRegistry.load()
    modes = {"llm": llm, "triage_llm_check": True} if llm else {}
    with clinic_fleet(registry) as fleet:
        var_dir = Path(fleet.env["VAR_DIR"])
        pipeline = build_pipeline(agent_settings(fleet_urls(fleet), var_dir, **modes), registry)
        try:
            seed = bookings(var_dir, fleet.ports)
            return [run_case(pipeline, var_dir, fleet.ports, seed, row, n) for n, row in enumerate(rows, 1)]
        finally:
            pipeline.router.close()


def table(verdicts: list[Verdict]) -> str:
    """A markdown table: per class, per language, total."""
    groups: dict[str, list[Verdict]] = defaultdict(list)
    for v in verdicts:
        groups[v.case["classe"]].append(v)
        groups[f"idioma {v.case['idioma']}"].append(v)
        groups["total"].append(v)
    lines = ["| classe | n | TCA (passos) | plano exato | TSR |", "|---|---|---|---|---|"]
    for name, group in sorted(groups.items(), key=lambda kv: (kv[0] == "total", kv[0].startswith("idioma"), kv[0])):
        right, expected = sum(v.steps_right for v in group), sum(v.steps_expected for v in group)
        exact, ok = sum(v.plan_exact for v in group), sum(v.success for v in group)
        lines.append(f"| {name} | {len(group)} | {percent(right, expected)} | {percent(exact, len(group))} | "
                     f"{percent(ok, len(group))} |")
    return "\n".join(lines)


def percent(part: int, whole: int) -> str:
    """`97.3% (36/37)`, or a dash when there is nothing to count."""
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "–"


def main(argv: list[str]) -> int:
    """Measure, print the table and, with --falhas, every failing case and why (--casos PATH: another CSV;
    --llm URL: LLM mode against that OpenAI-compatible server)."""
    path = Path(argv[argv.index("--casos") + 1]) if "--casos" in argv else CSV_PATH
    llm = (LLMSettings(provider="openai", base_url=argv[argv.index("--llm") + 1], model="local", timeout_s=60.0)
           if "--llm" in argv else None)
    verdicts = measure(load(path), llm)
    print(table(verdicts))
    if "--falhas" in argv:
        for v in verdicts:
            if v.problems or v.plan_note:
                print(f"\n{v.case['id_caso']} [{v.case['classe']}] {v.case['turnos_anteriores']} || {v.case['texto_usuario']}")
                print("   " + "\n   ".join([*v.problems, v.plan_note]))
                print("   resposta: " + v.case["resposta"][:300].replace("\n", " / "))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
