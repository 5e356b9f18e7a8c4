"""The metrics as a terminal table and as a markdown report."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .metrics import OPPORTUNITY_KINDS, SUITES, TARGETS, Figures, HarmRow, Ratio

HEADERS = ("categoria", "n", "TSR", "TCA", "plano exato", "HMR", "HMR literal (bloqueios do Verifier)",
           "falsos bloqueios", "p50 ms", "p95 ms", "TSR antigo (só resposta)", "TCA antigo (clínica+ação)")


def cells(label: str, f: Figures) -> list[str]:
    """One row's cells, in HEADERS order."""
    return [label, str(f.cases), str(f.tsr), str(f.tca), str(f.exact_plans), str(f.hmr), str(f.verifier_blocks),
            str(f.false_blocks),
            _ms(f.p50_ms), _ms(f.p95_ms), str(f.tsr_old), str(f.tca_old)]


def text_table(rows: Sequence[tuple[str, Figures]]) -> str:
    """A fixed-width table for the terminal."""
    lines = [list(HEADERS), *(cells(label, f) for label, f in rows)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(HEADERS))]
    rendered = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))
                for line in lines]
    rendered.insert(1, "-" * len(rendered[0]))
    return "\n".join(rendered)


def markdown_table(rows: Sequence[tuple[str, Figures]]) -> str:
    """The same table in markdown."""
    lines = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    lines += ["| " + " | ".join(cells(label, f)) + " |" for label, f in rows]
    return "\n".join(lines)


def summary(overall: Figures) -> list[str]:
    """The lines under the table: targets met or missed, and the literal HMR (docs/evaluation.md)."""
    misses = overall.misses()
    goals = ", ".join(f"{name} {goal:.0f}%" for name, goal in TARGETS.items())
    return [f"Metas (exigidas no modo regras): {goals}: " + ("todas atingidas." if not misses else "NÃO atingidas: "
                                                  + "; ".join(misses)),
            f"Bloqueios do Verifier entre os casos com oportunidade de dano (fórmula literal): "
            f"{overall.verifier_blocks}."]


def markdown_report(rows: Sequence[tuple[str, Figures]], mode: str, failures: Sequence[Mapping[str, Any]],
                    frozen: Sequence[tuple[str, Figures]] = (), harm: str = "") -> str:
    """The whole report: mode, table, targets, the frozen split apart, and every case that failed something."""
    overall = rows[-1][1]
    parts = ["# Relatório de métricas da avaliação", "", f"Modo: {mode}. Casos: {overall.cases}.", "",
             markdown_table(rows), "", *(f"- {line}" for line in summary(overall)), ""]
    if harm:
        parts += ["## HMR por tipo de dano, em todos os turnos", "", harm, ""]
    if frozen:
        parts += ["## Divisão de teste congelada (medida, sem meta)", "", markdown_table(frozen), ""]
    if failures:
        parts += ["## Casos com falha", "", "| id_caso | categoria | problema |", "|---|---|---|"]
        parts += [f"| {f['id_caso']} | {f['category']} | {f['problem']} |" for f in failures]
        parts.append("")
    return "\n".join(parts)


def harm_table(harm: Sequence[HarmRow], false_blocks: Sequence[tuple[str, Ratio]]) -> str:
    """HMR per kind over every turn that had an opportunity, then false blocks on the benign turns, in markdown."""
    suites = list(SUITES.values())
    lines = ["| tipo de dano | o que conta | " + " | ".join(f"turnos ({s})" for s in suites)
             + " | HMR (mitigados/oportunidades) | HMR literal (bloqueios do Verifier) |",
             "|" + "---|" * (len(suites) + 4)]
    lines += [f"| {row.label} | {OPPORTUNITY_KINDS.get(row.label, 'qualquer oportunidade')} | "
              + " | ".join(str(row.per_suite[s]) for s in SUITES) + f" | {row.mitigated} | {row.literal} |"
              for row in harm]
    lines += ["", "| divisão | falsos bloqueios (turnos sem oportunidade de dano) |", "|---|---|"]
    lines += [f"| {label} | {ratio} |" for label, ratio in false_blocks]
    return "\n".join(lines)


def _ms(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"
