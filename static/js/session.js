/* The session's lifecycle in the page: restore on load, new chat (asked, undoable), logout, expiry. */
import { deleteSession, fetchSession } from "./api.js";
import { announce, el, setHidden } from "./dom.js";
import { t } from "./i18n.js";
import { usePatient } from "./codes.js";
import { openSession } from "./identify.js";
import { clearMessages } from "./messages.js";
import { forgetSessionId, loadSessionId, state, storeSessionId } from "./state.js";
import { stopStreaming } from "./turn.js";
import { showChat, showIdentify } from "./views.js";

const UNDO_MS = 10000;

/** On load: restore the saved session and its history, or show the form. */
export async function restoreSession() {
  const id = loadSessionId();
  if (!id) { showIdentify(); return; }
  let result;
  try {
    result = await fetchSession(id);
  } catch (e) {
    showIdentify(t("restore_failed"));
    return;
  }
  if (result.status === 200 && result.data && result.data.patient) {
    state.sessionId = id;
    showChat(result.data.patient, result.data.history);
    return;
  }
  forgetSessionId();
  showIdentify(result.status === 401 ? t("session_expired") : null);
}

/** "Nova conversa" first asks; the answer buttons sit where the patient is looking. */
export function askNewChat() {
  setHidden(el.newChatAsk, false);
  el.newChatYes.focus();
}

export function keepChat() {
  setHidden(el.newChatAsk, true);
  el.newChat.focus();
}

/** Start over: a new session, the old one kept aside (and its bubbles) until the undo expires. */
export async function startNewChat() {
  setHidden(el.newChatAsk, true);
  stopStreaming();
  settlePrevious();
  const old = { sessionId: state.sessionId, nodes: Array.from(el.messages.querySelectorAll(".msg")) };
  if (!state.identity) {
    // After a reload only the masked CPF is known, so the patient types it again: no undo then.
    forgetSessionId();
    await deleteSession(old.sessionId);
    showIdentify(null, { name: el.patientName.textContent });
    return;
  }
  forgetSessionId();
  if (!(await openSession(state.identity))) return;
  old.timer = window.setTimeout(settlePrevious, UNDO_MS);
  state.previous = old;
  setHidden(el.undoBar, false);
  announce(t("new_chat_done"));
}

/** Undo: back to the previous conversation; the new, empty one is dropped. */
export async function undoNewChat() {
  const previous = state.previous;
  if (!previous) return;
  window.clearTimeout(previous.timer);
  state.previous = null;
  setHidden(el.undoBar, true);
  const fresh = state.sessionId;
  storeSessionId(previous.sessionId);
  clearMessages();
  if (previous.nodes.length) el.welcome.hidden = true;
  previous.nodes.forEach(function (node) { el.messages.appendChild(node); });
  announce(t("undone"));
  el.message.focus();
  await deleteSession(fresh);
}

/** The undo window closed (or a new one opened): the replaced conversation is deleted for good. */
export function settlePrevious() {
  const previous = state.previous;
  setHidden(el.undoBar, true);
  if (!previous) return;
  window.clearTimeout(previous.timer);
  state.previous = null;
  deleteSession(previous.sessionId);
}

export async function logout() {
  stopStreaming();
  settlePrevious();
  const old = state.sessionId;
  forgetSessionId();
  state.identity = null;
  usePatient(null);
  await deleteSession(old);
  announce("");
  showIdentify();
}

/** The server no longer knows our session: back to the form, fields pre-filled if we can. */
export function sessionExpired(message) {
  stopStreaming();
  forgetSessionId();
  showIdentify(message || t("session_expired"), state.identity);
}
