/*
 * The SSE events of one turn (README.md, Web API), one handler per event type: each updates the
 * timeline, the answer text, slots and cards of the turn's bubble.
 */
import { rememberCodes } from "./codes.js";
import { announce } from "./dom.js";
import { isLanguage, setLanguage, t } from "./i18n.js";
import { renderAnswer, renderAnswerText, revealAnswer, scrollToEnd } from "./messages.js";
import { state, storeLanguage, storeSessionId } from "./state.js";
import { clinicRow, setRowMs, setRowStatus, stageLabel, stageRow } from "./timeline.js";
import { finishTurn, showNote } from "./turn.js";

const TRANSPORT_FAILURE = -32000;

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
    turn.parts.summaryText.textContent = t("working", { stage: stageLabel(data.stage).toLowerCase() });
    if (data.stage === "answer") announce(t("writing"));
    return;
  }
  // The verification row keeps its verdict; other rows just finish.
  if (row.dataset.status === "running" || !row.dataset.status) setRowStatus(row, "done");
  setRowMs(row, data.ms);
}

function onPlan(turn, data) {
  turn.plan = Array.isArray(data.steps) ? data.steps : [];
  stageRow(turn, "planning");
  turn.plan.forEach(function (step) { setRowStatus(clinicRow(turn, step), "pending"); });
}

/** A clinic that refused a request answered; only a call that got no answer is a failure. */
function onDispatch(turn, data) {
  const row = clinicRow(turn, data);
  if (data.status === "start") { setRowStatus(row, "running"); return; }
  const unanswered = data.status === "timeout" || (data.error && data.error.code === TRANSPORT_FAILURE);
  setRowStatus(row, data.status === "ok" ? "ok" : data.status === "timeout" ? "timeout" : unanswered ? "error" : "refused");
  setRowMs(row, data.ms);
}

function onVerification(turn, data) {
  const row = stageRow(turn, "verification");
  turn.verified = !!data.safe;
  setRowStatus(row, data.safe ? "approved" : "blocked");
  row.dataset.verdict = data.safe ? "approved" : "blocked";
}

function onToken(turn, data) {
  if (typeof data.text !== "string") return;
  turn.text += data.text;
  turn.parts.text.classList.remove("is-pending");
  renderAnswerText(turn.parts.text, turn.text);
}

/** The answer event is authoritative: it replaces whatever streamed, and sets the page's language. */
function onAnswer(turn, data) {
  if (isLanguage(data.lang) && setLanguage(data.lang)) storeLanguage(data.lang);
  turn.answer = data;
  rememberCodes(data.appointments);
  turn.text = data.text || "";
  turn.parts.text.classList.remove("is-pending");
  renderAnswer(turn.parts, data);
  revealAnswer(turn.parts.node);
}

function onStreamError(turn, data) {
  turn.error = data.message || t("turn_failed");
  showNote(turn, turn.error, "error");
}

function onDone(turn, data) {
  finishTurn(turn, turn.answer ? "done" : "error", data.ms);
}
