/*
 * The stage timeline inside an assistant bubble: one row per pipeline stage and one per
 * dispatched clinic call, each with an icon, status, duration and optional detail.
 * `turn.rows` maps a key ("stage:planning", "step:1") to its row; `turn.parts.rows` is the list.
 */
import { h } from "./dom.js";
import { actionLabel, clinicName, formatMs } from "./format.js";

const STAGE_LABELS = {
  triage: "Triagem", planning: "Planejamento", dispatch: "Consulta às clínicas",
  verification: "Verificação", answer: "Resposta",
};
// Rows are created as events arrive, but always sit in pipeline order.
const STAGE_RANK = { triage: 0, planning: 1, dispatch: 2, clinic: 3, verification: 4, answer: 5 };

const STATUS_TEXT = {
  pending: "na fila", running: "em andamento", done: "concluído", ok: "ok", error: "erro",
  timeout: "tempo esgotado", approved: "aprovada", blocked: "bloqueada", stopped: "interrompido",
};
const STATUS_ICON = {
  pending: "○", running: "", done: "✓", ok: "✓", error: "✕", timeout: "⏱",
  approved: "✓", blocked: "⚠", stopped: "■",
};

/** "planning" -> "Planejamento"; unknown stages are shown as they came. */
export function stageLabel(stage) {
  return STAGE_LABELS[stage] || stage;
}

/** Get or create a timeline row, inserted in pipeline order. */
function timelineRow(turn, key, rank, label) {
  if (turn.rows[key]) return turn.rows[key];
  const row = h("li", "timeline-row");
  row.dataset.rank = String(rank);
  row.appendChild(h("span", "tl-icon"));
  row.lastChild.setAttribute("aria-hidden", "true");
  row.appendChild(h("span", "tl-label", label));
  row.appendChild(h("span", "tl-status"));
  row.appendChild(h("span", "tl-ms"));
  const next = Array.from(turn.parts.rows.children).find(function (r) { return Number(r.dataset.rank) > rank; });
  turn.parts.rows.insertBefore(row, next || null);
  turn.rows[key] = row;
  return row;
}

export function stageRow(turn, stage) {
  const row = timelineRow(turn, "stage:" + stage, STAGE_RANK[stage] !== undefined ? STAGE_RANK[stage] : 6,
    stageLabel(stage));
  row.dataset.stage = stage;
  return row;
}

/** One row per dispatched step (keyed by step_id: a clinic may get two steps). */
export function clinicRow(turn, step) {
  const key = "step:" + (step.step_id !== undefined ? step.step_id : step.clinic + ":" + step.action);
  const existed = !!turn.rows[key];
  const row = timelineRow(turn, key, STAGE_RANK.clinic, clinicName(step.clinic) + " · " + actionLabel(step.action));
  if (!existed) {
    row.classList.add("timeline-clinic");
    row.dataset.clinic = step.clinic;
    row.dataset.action = step.action || "";
    if (step.step_id !== undefined) row.dataset.stepId = String(step.step_id);
    const doctor = step.parameters && step.parameters.doctor;
    if (doctor) row.querySelector(".tl-label").textContent += " · " + doctor;
    turn.clinics.add(step.clinic);
  }
  return row;
}

export function setRowStatus(row, status, text) {
  row.dataset.status = status;
  row.querySelector(".tl-icon").textContent = STATUS_ICON[status] || "";
  row.querySelector(".tl-status").textContent = text || STATUS_TEXT[status] || status;
}

export function setRowMs(row, ms) {
  if (ms !== undefined && ms !== null) row.querySelector(".tl-ms").textContent = formatMs(ms);
}

export function setRowDetail(row, text) {
  let detail = row.querySelector(".tl-detail");
  if (!detail) { detail = h("span", "tl-detail"); row.appendChild(detail); }
  detail.textContent = text;
}

/** The planner's reasoning, folded under the planning row. */
export function buildReasoning(reasoning) {
  const details = h("details", "tl-reasoning");
  details.appendChild(h("summary", null, "ver raciocínio"));
  const list = h("ol");
  reasoning.forEach(function (line) {
    list.appendChild(h("li", null, typeof line === "string" ? line : JSON.stringify(line)));
  });
  details.appendChild(list);
  return details;
}

/** Clinic calls that ended in error or timeout. */
export function countFailures(turn) {
  return Object.keys(turn.rows).filter(function (k) {
    return k.indexOf("step:") === 0 && /^(error|timeout)$/.test(turn.rows[k].dataset.status || "");
  }).length;
}

/** After Stop: rows still waiting or running will never finish. */
export function stopRunningRows(turn) {
  Object.keys(turn.rows).forEach(function (k) {
    const s = turn.rows[k].dataset.status;
    if (s === "running" || s === "pending") setRowStatus(turn.rows[k], "stopped");
  });
}
