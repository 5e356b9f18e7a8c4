/*
 * The technical timeline inside an assistant bubble, behind a "detalhes" toggle: one row per pipeline
 * stage and one per clinic call, in patient words (clinic names, no ids or rule numbers).
 * `turn.rows` maps a key ("stage:planning", "step:1") to its row; `turn.parts.rows` is the list.
 */
import { clinicName } from "./clinics.js";
import { h } from "./dom.js";
import { formatMs } from "./format.js";
import { t } from "./i18n.js";

// Rows are created as events arrive, but always sit in pipeline order.
const STAGE_RANK = { triage: 0, planning: 1, dispatch: 2, clinic: 3, verification: 4, answer: 5 };
const STATUS_ICON = {
  pending: "○", running: "", done: "✓", ok: "✓", error: "✕", refused: "!", timeout: "⏱",
  approved: "✓", blocked: "⚠", stopped: "■", skipped: "–",
};

/** "planning" -> "Entendendo o pedido"; unknown stages are shown as they came. */
export function stageLabel(stage) {
  const label = t("stage_" + stage);
  return label === "stage_" + stage ? stage : label;
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
  const rank = STAGE_RANK[stage] !== undefined ? STAGE_RANK[stage] : 6;
  const row = timelineRow(turn, "stage:" + stage, rank, stageLabel(stage));
  row.dataset.stage = stage;
  return row;
}

/** One row per dispatched step (keyed by step_id: a clinic may get two steps). */
export function clinicRow(turn, step) {
  const key = "step:" + (step.step_id !== undefined ? step.step_id : step.clinic + ":" + step.action);
  const existed = !!turn.rows[key];
  const row = timelineRow(turn, key, STAGE_RANK.clinic, clinicName(step.clinic) + " · " + t("action_" + step.action));
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

export function setRowStatus(row, status) {
  row.dataset.status = status;
  row.querySelector(".tl-icon").textContent = STATUS_ICON[status] || "";
  row.querySelector(".tl-status").textContent = t("status_" + status);
}

export function setRowMs(row, ms) {
  if (ms !== undefined && ms !== null) row.querySelector(".tl-ms").textContent = formatMs(ms);
}

/** The planner's reasoning, folded under the planning row (for the curious). */
export function buildReasoning(reasoning) {
  const details = h("details", "tl-reasoning");
  details.appendChild(h("summary", null, "…"));
  const list = h("ol");
  reasoning.forEach(function (line) {
    list.appendChild(h("li", null, typeof line === "string" ? line : JSON.stringify(line)));
  });
  details.appendChild(list);
  return details;
}

/** Clinic calls that got no answer (a clinic refusing a request is not a failure of the clinic). */
export function failedClinics(turn) {
  return Object.keys(turn.rows).filter(function (k) {
    return k.indexOf("step:") === 0 && /^(error|timeout)$/.test(turn.rows[k].dataset.status || "");
  }).map(function (k) { return turn.rows[k].dataset.clinic; });
}

/** A finished turn: a planned call still waiting was never made (a booking its overlap check held back). */
export function skipWaitingRows(turn) {
  Object.keys(turn.rows).forEach(function (k) {
    if (turn.rows[k].dataset.status === "pending") setRowStatus(turn.rows[k], "skipped");
  });
}

/** After Stop: rows still waiting or running will never finish. */
export function stopRunningRows(turn) {
  Object.keys(turn.rows).forEach(function (k) {
    const s = turn.rows[k].dataset.status;
    if (s === "running" || s === "pending") setRowStatus(turn.rows[k], "stopped");
  });
}
