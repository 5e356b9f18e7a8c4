/*
 * Sending a chat message: the user's bubble, a new assistant turn, then POST /api/chat read as
 * an SSE stream into that turn. Network failures, Stop and early rejections end the turn too.
 */
import { errorMessage, postChat, readJson } from "./api.js";
import { restoreDraft, setBusy } from "./composer.js";
import { announce } from "./dom.js";
import { handleEvent } from "./events.js";
import { appendMessage, buildUserBubble } from "./messages.js";
import { sessionExpired } from "./session.js";
import { readEventStream } from "./sse.js";
import { state } from "./state.js";
import { finishTurn, newTurn, showNote } from "./turn.js";

/** Send one chat message: user bubble, assistant bubble, then stream the answer into it. */
export async function sendMessage(text) {
  const message = String(text || "").trim();
  if (!message || state.turn || !state.sessionId) return false;
  state.pinned = true;  // sending means "show me the reply", even if the log was scrolled up
  appendMessage(buildUserBubble(message));
  const turn = newTurn();
  appendMessage(turn.parts.node);
  state.turn = turn;
  setBusy(true);
  announce("Processando sua mensagem…");
  await streamChat(turn, message);
  return true;
}

async function streamChat(turn, message) {
  try {
    const res = await postChat(state.sessionId, message, turn.controller.signal);
    if (!res.ok) { await handleRejected(turn, res, message); return; }
    await readEventStream(res.body, function (event) { handleEvent(turn, event); });
    if (!turn.finished) {
      showNote(turn, "A conexão foi interrompida antes do fim da resposta. Tente novamente.", "error");
      finishTurn(turn, "incomplete");
    }
  } catch (e) {
    if (turn.finished) return;
    if (e && e.name === "AbortError") {
      showNote(turn, "Resposta interrompida.", "interrupted");
      finishTurn(turn, "interrupted");
    } else {
      showNote(turn, "Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.", "error");
      finishTurn(turn, "error");
    }
  }
}

/** Errors before streaming (JSON): 401 -> identification; others shown in the bubble. */
async function handleRejected(turn, res, message) {
  const data = await readJson(res);
  if (res.status === 401) {
    finishTurn(turn, "error");
    sessionExpired(errorMessage(data, null));
    return;
  }
  const fallback = {
    400: "Não consegui entender o pedido. Reformule e tente de novo.",
    413: "Sua mensagem é longa demais. Tente encurtá-la.",
    429: "Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.",
  }[res.status] || "O servidor não conseguiu responder agora. Tente novamente em instantes.";
  showNote(turn, errorMessage(data, fallback), "error");
  finishTurn(turn, "error");
  // Give the text back so the patient can shorten it or try again.
  restoreDraft(message);
}
