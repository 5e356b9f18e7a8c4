"""The LLM evaluation's report: per set and class, rules beside LLM, and the table the evaluation doc shows."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any, Sequence

from tests.evaluation.cases import Case
from tests.evaluation.metrics import checks_of, expected_of, percentile, task_succeeded
from tests.evaluation.outcomes import outcome_problems

MODES = ("rules", "llm")


def class_of(case: Case) -> str:
    """The class a case is reported under: the frozen splits' class, else the development set's category."""
    return case.case_class or case.category


def figures(cases: Sequence[Case], records: Sequence[dict], turns: Sequence[dict]) -> dict[str, Any]:
    """One group's figures (a class, or a whole set) in one mode."""
    expected = expected_of(cases)
    checks = [c.ok for r in records for c in checks_of(r, expected)]
    flat = {name: [v for t in turns for v in t[name]] for name in turns[0]} if turns else {}
    wording = Counter(w for w in flat.get("wording", []) if w)
    alarms = sum(any(t["emergency"]) for case, t in zip(cases, turns) if case.category != "emergencia")
    times = flat.get("turn_ms", [])
    firsts = [f for f in flat.get("first_token_ms", []) if f is not None]
    return {"cases": len(cases), "turns": len(times),
            "TCA": [sum(checks), len(checks)], "TSR": [sum(task_succeeded(r, expected) for r in records), len(records)],
            "false_alarms": alarms, "llm_shown": wording.pop("llm", 0),
            "replaced": dict(sorted((w.removeprefix("rules:"), n) for w, n in wording.items())),
            "calls_per_turn": round(sum(flat.get("calls", [])) / max(1, len(times)), 2),
            "p50_ms": rounded(percentile(times, 50)), "p95_ms": rounded(percentile(times, 95)),
            "first_token_p50_ms": rounded(percentile(firsts, 50))}


def report(per_set: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Per set: each class and the total, rules beside LLM."""
    out = {}
    for key, run in per_set.items():
        cases, modes = run["cases"], run["modes"]
        classes = list(dict.fromkeys(class_of(c) for c in cases))
        rows = {}
        for label in [*classes, "total"]:
            members = [i for i, c in enumerate(cases) if label in ("total", class_of(c))]
            rows[label] = {mode: figures([cases[i] for i in members], [m["records"][i] for i in members],
                                         [m["turns"][i] for i in members]) for mode, m in modes.items()}
        out[key] = rows
    return out


def case_lines(key: str, run: dict[str, Any]) -> list[str]:
    """One JSON line a case of a finished set: each mode's verdict, planner, alarm and wording, to find why."""
    cases, modes = run["cases"], run["modes"]
    expected = expected_of(cases)
    lines = []
    for i, case in enumerate(cases):
        line: dict[str, Any] = {"set": key, "id": case.id, "class": class_of(case)}
        for mode, m in modes.items():
            record, turns = m["records"][i], m["turns"][i]
            line[mode] = {"TSR": task_succeeded(record, expected), "problems": outcome_problems(case, record),
                          "TCA": [sum(c.ok for c in checks_of(record, expected)), len(case.expected)],
                          "planner": record["planner"], "planned": record["planned"], "alarm": any(turns["emergency"]),
                          "wording": turns["wording"], "calls": turns["calls"]}
        lines.append(json.dumps(line, ensure_ascii=False, default=str))
    return lines


def verdicts(rows: dict[str, dict[str, Any]]) -> list[str]:
    """The acceptance, class by class: LLM TCA and TSR at least the rules', no false alarm in LLM mode."""
    failed = []
    for key, classes in rows.items():
        for label, modes in classes.items():
            if set(modes) != set(MODES):
                return ["acceptance needs both modes"]
            rules, llm = modes["rules"], modes["llm"]
            for metric in ("TCA", "TSR"):
                if _rate(llm[metric]) < _rate(rules[metric]):
                    failed.append(f"{key}/{label}: {metric} {_ratio(llm[metric])} < rules {_ratio(rules[metric])}")
            if llm["false_alarms"] > rules["false_alarms"] or llm["false_alarms"]:
                failed.append(f"{key}/{label}: {llm['false_alarms']} false alarms in LLM mode")
    return failed


def _rate(pair: list[int]) -> float:
    hits, total = pair
    return hits / total if total else 1.0


def _ratio(pair: list[int]) -> str:
    hits, total = pair
    return f"{100 * hits / total:.1f}% ({hits}/{total})" if total else "–"


def rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def _seconds(ms: float | None) -> str:
    if ms is None:
        return "–"
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


def table(rows: dict[str, dict[str, Any]], run: dict[str, Any], titles: dict[str, str]) -> str:
    """The figures as the Markdown block of docs/evaluation.md, the JSON beside them."""
    lines = [f"`bench/llm_eval.py` {run['date']}, model `{run['model']}`, {run['sample']}, `--timeout "
             f"{run['timeout']:g}`, triage second net on; load average at the start {run['load']}.", ""]
    for key, classes in rows.items():
        lines += [f"**{titles[key]}**", "",
                  "| class | cases | TCA rules / LLM | TSR rules / LLM | false alarms rules / LLM | LLM answers shown "
                  "/ replaced | LLM calls / turn | turn p50 / p95 rules | turn p50 / p95 LLM | first token p50 LLM |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for label, modes in classes.items():
            r, m = modes["rules"], modes["llm"]
            lines.append(f"| {label} | {r['cases']} | {_ratio(r['TCA'])} / {_ratio(m['TCA'])} | {_ratio(r['TSR'])} / "
                         f"{_ratio(m['TSR'])} | {r['false_alarms']} / {m['false_alarms']} | {m['llm_shown']} / "
                         f"{sum(m['replaced'].values())} | {m['calls_per_turn']:.2f} | {_seconds(r['p50_ms'])} / "
                         f"{_seconds(r['p95_ms'])} | {_seconds(m['p50_ms'])} / {_seconds(m['p95_ms'])} | "
                         f"{_seconds(m['first_token_p50_ms'])} |")
        lines.append("")
    gate = Counter()
    for classes in rows.values():
        gate.update(classes["total"]["llm"]["replaced"])
    shown = sum(classes["total"]["llm"]["llm_shown"] for classes in rows.values())
    lines += [f"Answer gate, LLM mode, every turn of every set: {shown} LLM answers shown; replaced by the "
              f"deterministic answer: " + (", ".join(f"{n} {reason}" for reason, n in gate.most_common()) or "none")
              + ".", "", "acceptance: " + ("; ".join(run["failed"]) if run["failed"] else
                                           "LLM >= rules on TCA and TSR in every class of every set, 0 false alarms"),
              "", "<details><summary>figures as JSON</summary>", "", "```json",
              json.dumps({"run": {k: v for k, v in run.items() if k != "shown"}, "sets": rows}, ensure_ascii=False),
              "```", "", "</details>", ""]
    return "\n".join(lines)
