/*
 * One assistant turn's lifecycle: the streaming bubble is created, may get a note (error,
 * interruption), and is finished exactly once: its timeline folds into "detalhes" (after staying
 * on screen long enough to be seen, without holding the answer back), failed clinics get a retry.
 */
import { clinicName } from "./clinics.js";
import { setBusy } from "./composer.js";
import { announce, h, setHidden } from "./dom.js";
import { summarizeTurn } from "./format.js";
import { t } from "./i18n.js";
import { buildAssistantBubble, scrollToEnd } from "./messages.js";
import { state } from "./state.js";
import { failedClinics, skipWaitingRows, stopRunningRows } from "./timeline.js";

// A turn takes ~50 ms; the progress stays this long from the start so the eye can catch it.
const TIMELINE_MIN_MS = 900;

export function newTurn(message) {
  const parts = buildAssistantBubble(true);
  parts.node.dataset.state = "streaming";
  parts.text.classList.add("is-pending");
  return {
    message: message, parts: parts, rows: {}, clinics: new Set(), plan: [], text: "", answer: null, error: null,
    verified: false, finished: false, started: window.performance.now(), controller: new AbortController(),
  };
}

export function showNote(turn, text, kind) {
  turn.parts.text.classList.remove("is-pending");
  turn.parts.note.textContent = text;
  turn.parts.note.dataset.kind = kind;
  setHidden(turn.parts.note, false);
}

/** Close a turn once: state attribute, folded timeline, retry for silent clinics, composer back. */
export function finishTurn(turn, outcome) {
  if (turn.finished) return;
  turn.finished = true;
  const answer = turn.answer || {};
  turn.parts.node.dataset.state = outcome === "done" ? "done" : outcome === "interrupted" ? "interrupted" : "error";
  if (outcome === "interrupted") stopRunningRows(turn);
  if (outcome === "done") skipWaitingRows(turn);
  const failed = failedClinics(turn);
  if (outcome === "done" && failed.length) offerRetry(turn, failed);
  foldTimeline(turn, failed.length);
  if (state.turn === turn) { state.turn = null; setBusy(false); }
  announce(finishAnnouncement(outcome, answer));
  scrollToEnd();
}

function foldTimeline(turn, failures) {
  const parts = turn.parts;
  const wait = Math.max(0, TIMELINE_MIN_MS - (window.performance.now() - turn.started));
  window.setTimeout(function () {
    // No clinic was asked (a greeting, an emergency, a rejection): nothing worth keeping.
    if (turn.clinics.size === 0) { parts.timeline.remove(); return; }
    parts.summaryText.textContent = "";
    parts.summaryText.appendChild(h("span", "timeline-details", t("details")));
    const summary = summarizeTurn({ clinics: turn.clinics.size, failures: failures });
    if (summary) parts.summaryText.appendChild(h("span", "timeline-facts", summary));
    parts.timeline.open = false;
    parts.timeline.dataset.folded = "true";
  }, wait);
}

function offerRetry(turn, clinics) {
  const names = Array.from(new Set(clinics)).map(clinicName);
  turn.parts.retry.appendChild(h("span", null, t("clinic_no_answer", { clinic: names.join(", ") })));
  const button = h("button", "button button-small retry-button", t("retry"));
  button.type = "button";
  button.dataset.message = turn.message;
  turn.parts.retry.appendChild(button);
}

function finishAnnouncement(outcome, answer) {
  if (outcome === "interrupted") return t("interrupted");
  if (outcome !== "done") return t("not_finished");
  if (answer.emergency) return t("ready_emergency");
  if (answer.blocked) return t("ready_blocked");
  return t("ready");
}

/** Stop: abort the streaming fetch; the stream reader then finishes the turn as interrupted. */
export function stopStreaming() {
  if (state.turn) state.turn.controller.abort();
}
