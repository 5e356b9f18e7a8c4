/*
 * One assistant turn's lifecycle: the streaming bubble is created, may get a note (error,
 * interruption), and is finished exactly once, which collapses its timeline into a summary.
 */
import { setBusy } from "./composer.js";
import { announce, setHidden } from "./dom.js";
import { summarizeTurn } from "./format.js";
import { buildAssistantBubble, scrollToEnd } from "./messages.js";
import { state } from "./state.js";
import { countFailures, stopRunningRows } from "./timeline.js";

export function newTurn() {
  const parts = buildAssistantBubble(true);
  parts.node.dataset.state = "streaming";
  parts.text.classList.add("is-pending");
  return {
    parts: parts, rows: {}, clinics: new Set(), plan: [], text: "", answer: null, error: null,
    verified: false, finished: false, started: window.performance.now(),
    controller: new AbortController(),
  };
}

export function showNote(turn, text, kind) {
  turn.parts.text.classList.remove("is-pending");
  turn.parts.note.textContent = text;
  turn.parts.note.dataset.kind = kind;
  setHidden(turn.parts.note, false);
}

/** Close a turn once: state attribute, collapsed timeline summary, composer back, announcement. */
export function finishTurn(turn, outcome, ms) {
  if (turn.finished) return;
  turn.finished = true;
  const answer = turn.answer || {};
  turn.parts.node.dataset.state = outcome === "done" ? "done" : outcome === "interrupted" ? "interrupted" : "error";
  if (outcome === "interrupted") stopRunningRows(turn);
  const elapsed = ms !== undefined ? ms : window.performance.now() - turn.started;
  turn.parts.summaryText.textContent = summarizeTurn({
    clinics: turn.clinics.size, failures: countFailures(turn), ms: elapsed, outcome: outcome,
    emergency: !!answer.emergency, blocked: !!answer.blocked, verified: turn.verified,
  });
  turn.parts.timeline.open = false;
  // Rejected before streaming: no stage ran, so an empty timeline would only be noise.
  if (!turn.parts.rows.children.length) turn.parts.timeline.remove();
  if (state.turn === turn) { state.turn = null; setBusy(false); }
  announce(finishAnnouncement(outcome, answer));
  scrollToEnd();
}

function finishAnnouncement(outcome, answer) {
  if (outcome === "interrupted") return "Resposta interrompida.";
  if (outcome !== "done") return "Não foi possível concluir a resposta.";
  if (answer.emergency) return "Atenção: possível emergência. Resposta pronta.";
  if (answer.blocked) return "Resposta bloqueada pela verificação de segurança.";
  return "Resposta pronta.";
}

/** Stop: abort the streaming fetch; the stream reader then finishes the turn as interrupted. */
export function stopStreaming() {
  if (state.turn) state.turn.controller.abort();
}
