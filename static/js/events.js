/*
 * The SSE events of one turn (DESIGN.md §5), one handler per event type: each updates the
 * timeline, the answer text, slots and cards of the turn's bubble.
 */
import { announce } from "./dom.js";
import { renderAnswerBody, renderAnswerText, renderFlags, revealAnswer, scrollToEnd } from "./messages.js";
import { renderAppointments, renderSlots } from "./slots.js";
import { state, storeSessionId } from "./state.js";
import {
  buildReasoning, clinicRow, setRowDetail, setRowMs, setRowStatus, stageLabel, stageRow,
} from "./timeline.js";
import { finishTurn, showNote } from "./turn.js";

const DISPATCH_ANNOUNCEMENTS = {
  list_available_slots: "Buscando horários…",
  book_appointment: "Agendando…",
  reschedule_appointment: "Remarcando…",
  cancel_appointment: "Cancelando…",
  list_my_appointments: "Buscando suas consultas…",
};

const EVENT_HANDLERS = {
  session: onSessionEvent, stage: onStage, plan: onPlan, dispatch: onDispatch,
  verification: onVerification, token: onToken, answer: onAnswer, error: onStreamError, done: onDone,
};

/** Apply one parsed SSE event to a turn; unknown types and events after the finish are ignored. */
export function handleEvent(turn, event) {
  const handler = EVENT_HANDLERS[event.type];
  if (!handler || turn.finished) return;
  let data;
  try { data = JSON.parse(event.data); } catch (e) { return; }  // a malformed event is skipped
  handler(turn, data || {});
  scrollToEnd();
}

function onSessionEvent(turn, data) {
  if (data.session_id && data.session_id !== state.sessionId) storeSessionId(data.session_id);
}

function onStage(turn, data) {
  const row = stageRow(turn, data.stage);
  if (data.status === "start") {
    setRowStatus(row, "running");
    turn.parts.summaryText.textContent = "Processando · " + stageLabel(data.stage).toLowerCase() + "…";
    if (data.stage === "dispatch") announce(dispatchAnnouncement(turn));
    if (data.stage === "answer") announce("Escrevendo a resposta…");
    return;
  }
  // The verification row keeps its verdict; other rows just finish.
  if (row.dataset.status === "running" || !row.dataset.status) setRowStatus(row, "done");
  setRowMs(row, data.ms);
}

function dispatchAnnouncement(turn) {
  const actions = turn.plan.map(function (s) { return s.action; });
  const first = actions.find(function (a) { return DISPATCH_ANNOUNCEMENTS[a]; });
  return DISPATCH_ANNOUNCEMENTS[first] || "Consultando as clínicas…";
}

function onPlan(turn, data) {
  turn.plan = Array.isArray(data.steps) ? data.steps : [];
  const row = stageRow(turn, "planning");
  const source = { rules: "regras", llm: "LLM", triage: "triagem" }[data.source];
  if (source) setRowDetail(row, "plano por " + source);
  if (Array.isArray(data.reasoning) && data.reasoning.length) row.appendChild(buildReasoning(data.reasoning));
  turn.plan.forEach(function (step) { setRowStatus(clinicRow(turn, step), "pending"); });
}

function onDispatch(turn, data) {
  const row = clinicRow(turn, data);
  if (data.status === "start") { setRowStatus(row, "running"); return; }
  setRowStatus(row, data.status === "ok" || data.status === "timeout" ? data.status : "error");
  setRowMs(row, data.ms);
  if (data.error && data.error.message) setRowDetail(row, data.error.message);
}

function onVerification(turn, data) {
  const row = stageRow(turn, "verification");
  turn.verified = !!data.safe;
  setRowStatus(row, data.safe ? "approved" : "blocked");
  row.dataset.verdict = data.safe ? "approved" : "blocked";
  if (data.note) setRowDetail(row, data.note);
}

function onToken(turn, data) {
  if (typeof data.text !== "string") return;
  turn.text += data.text;
  turn.parts.text.classList.remove("is-pending");
  renderAnswerText(turn.parts.text, turn.text);
}

/** The answer event is authoritative: it replaces whatever streamed. */
function onAnswer(turn, data) {
  turn.answer = data;
  turn.text = data.text || "";
  turn.parts.text.classList.remove("is-pending");
  renderFlags(turn.parts, data);
  renderAnswerBody(turn.parts, { text: turn.text, emergency: data.emergency, lang: data.lang });
  renderSlots(turn.parts.slots, data.slots);
  renderAppointments(turn.parts.cards, data.appointments);
  revealAnswer(turn.parts.node);
}

function onStreamError(turn, data) {
  turn.error = data.message || "Ocorreu um erro ao processar sua mensagem.";
  showNote(turn, turn.error, "error");
}

function onDone(turn, data) {
  finishTurn(turn, turn.answer ? "done" : "error", data.ms);
}
