/*
 * Sending a chat message: the user's bubble, a new assistant turn, then POST /api/chat read as
 * an SSE stream into that turn. Network failures, Stop and early rejections end the turn too;
 * a rate-limited message is taken back (it was not sent) and stays in the composer.
 */
import { errorMessage, postChat, readJson } from "./api.js";
import { holdForRateLimit, restoreDraft, setBusy } from "./composer.js";
import { announce } from "./dom.js";
import { handleEvent } from "./events.js";
import { t } from "./i18n.js";
import { appendMessage, buildUserBubble } from "./messages.js";
import { sessionExpired } from "./session.js";
import { readEventStream } from "./sse.js";
import { state } from "./state.js";
import { finishTurn, newTurn, showNote } from "./turn.js";

const DEFAULT_WAIT_S = 60;

/** Send one chat message: user bubble, assistant bubble, then stream the answer into it. */
export async function sendMessage(text) {
  const message = String(text || "").trim();
  if (!message || state.turn || !state.sessionId || state.rateLimitedUntil > Date.now()) return false;
  state.pinned = true;  // sending means "show me the reply", even if the log was scrolled up
  const bubble = buildUserBubble(message);
  appendMessage(bubble);
  const turn = newTurn(message);
  turn.userBubble = bubble;
  appendMessage(turn.parts.node);
  state.turn = turn;
  setBusy(true);
  announce(t("processing"));
  await streamChat(turn, message);
  return true;
}

async function streamChat(turn, message) {
  try {
    const res = await postChat(state.sessionId, message, turn.controller.signal);
    if (!res.ok) { await handleRejected(turn, res, message); return; }
    await readEventStream(res.body, function (event) { handleEvent(turn, event); });
    if (!turn.finished) {
      showNote(turn, t("stream_cut"), "error");
      finishTurn(turn, "incomplete");
    }
  } catch (e) {
    if (turn.finished) return;
    const aborted = e && e.name === "AbortError";
    showNote(turn, t(aborted ? "interrupted" : "network_failed"), aborted ? "interrupted" : "error");
    finishTurn(turn, aborted ? "interrupted" : "error");
  }
}

/** Errors before streaming (JSON): 401 -> identification; 429 -> countdown; others shown in the bubble. */
async function handleRejected(turn, res, message) {
  const data = await readJson(res);
  if (res.status === 401) {
    finishTurn(turn, "error");
    sessionExpired(errorMessage(data, null));
    return;
  }
  if (res.status === 429) {
    // Not sent: take the bubbles back so nothing looks delivered; the text waits in the composer.
    finishTurn(turn, "error");
    turn.userBubble.remove();
    turn.parts.node.remove();
    restoreDraft(message);
    holdForRateLimit(Number(res.headers.get("Retry-After")) || DEFAULT_WAIT_S);
    return;
  }
  const fallback = t({ 400: "rejected_400", 413: "rejected_413" }[res.status] || "rejected_other");
  showNote(turn, errorMessage(data, fallback), "error");
  finishTurn(turn, "error");
  // Give the text back so the patient can shorten it or try again.
  restoreDraft(message);
}
