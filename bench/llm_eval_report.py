"""The LLM evaluation's report: per set and class, rules beside LLM, and the table the evaluation doc shows."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

MODES = ("rules", "llm")


def report(per_set: dict[str, dict[str, Any]], class_of: Callable[[Any], str],
           figures: Callable[[list, list, list], dict[str, Any]]) -> dict[str, Any]:
    """Per set: each class and the total, rules beside LLM (`class_of` names a case's class, `figures` measures cases)."""
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
