/* The session's lifecycle in the page: restore on load, new chat, logout, expiry. */
import { deleteSession, fetchSession } from "./api.js";
import { announce, el } from "./dom.js";
import { openSession } from "./identify.js";
import { forgetSessionId, loadSessionId, state } from "./state.js";
import { stopStreaming } from "./turn.js";
import { showChat, showIdentify } from "./views.js";

/** On load: restore the saved session and its history, or show the form. */
export async function restoreSession() {
  const id = loadSessionId();
  if (!id) { showIdentify(); return; }
  let result;
  try {
    result = await fetchSession(id);
  } catch (e) {
    showIdentify("Não foi possível restaurar sua conversa. Verifique sua conexão.");
    return;
  }
  if (result.status === 200 && result.data && result.data.patient) {
    state.sessionId = id;
    showChat(result.data.patient, result.data.history);
    return;
  }
  forgetSessionId();
  showIdentify(result.status === 401 ? "Sua sessão expirou. Identifique-se novamente." : null);
}

/** New chat: drop this session; reopen one with the same identity if we still know it. */
export async function startNewChat() {
  stopStreaming();
  const old = state.sessionId;
  forgetSessionId();
  await deleteSession(old);
  announce("");
  if (state.identity) {
    if (await openSession(state.identity)) announce("Nova conversa iniciada.");
  } else {
    // After a reload only the masked CPF is known, so the patient types it again.
    showIdentify(null, { name: el.patientName.textContent });
  }
}

export async function logout() {
  stopStreaming();
  const old = state.sessionId;
  forgetSessionId();
  state.identity = null;
  await deleteSession(old);
  announce("");
  showIdentify();
}

/** The server no longer knows our session: back to the form, fields pre-filled if we can. */
export function sessionExpired(message) {
  stopStreaming();
  forgetSessionId();
  showIdentify(message || "Sua sessão expirou. Identifique-se novamente.", state.identity);
}
