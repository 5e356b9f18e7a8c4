/* What the page remembers: UI state in memory, and the session id in localStorage. */

const SESSION_KEY = "clinicChat.sessionId";

export const state = {
  sessionId: null,
  identity: null,   // {name, cpf} typed in this page; memory only, never stored (PII)
  turn: null,       // the assistant turn currently streaming
  lastCpfDigits: "", // digits before the latest CPF edit (to see what a deletion removed)
  pinned: true,     // follow new content while the user has not scrolled up
  scrollQueued: false, // a scroll to the end is already waiting for the next frame
};

/* Storage is wrapped: private modes may throw. */

export function loadSessionId() {
  try { return window.localStorage.getItem(SESSION_KEY); } catch (e) { return null; }
}

export function storeSessionId(id) {
  state.sessionId = id;
  try { window.localStorage.setItem(SESSION_KEY, id); } catch (e) { /* memory only then */ }
}

export function forgetSessionId() {
  state.sessionId = null;
  try { window.localStorage.removeItem(SESSION_KEY); } catch (e) { /* nothing stored */ }
}
