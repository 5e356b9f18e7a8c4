/* What the page remembers: UI state in memory, the session id and language in localStorage. */

const SESSION_KEY = "clinicChat.sessionId";
const LANGUAGE_KEY = "clinicChat.lang";

export const state = {
  sessionId: null,
  identity: null,   // {name, cpf} typed in this page; memory only, never stored (PII)
  turn: null,       // the assistant turn currently streaming
  lastCpfDigits: "", // digits before the latest CPF edit (to see what a deletion removed)
  pinned: true,     // follow new content while the user has not scrolled up
  scrollQueued: false, // a scroll to the end is already waiting for the next frame
  rateLimitedUntil: 0, // Date.now() before which Send stays disabled
  rateTimer: null,
  previous: null,   // {sessionId, nodes, timer}: the conversation "Nova conversa" replaced, until undo expires
};

/* Storage is wrapped: private modes may throw. */

export function load(key) {
  try { return window.localStorage.getItem(key); } catch (e) { return null; }
}

export function store(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key); else window.localStorage.setItem(key, value);
  } catch (e) { /* memory only then */ }
}

export function loadSessionId() {
  return load(SESSION_KEY);
}

export function storeSessionId(id) {
  state.sessionId = id;
  store(SESSION_KEY, id);
}

export function forgetSessionId() {
  state.sessionId = null;
  store(SESSION_KEY, null);
}

export function loadLanguage() {
  return load(LANGUAGE_KEY);
}

export function storeLanguage(code) {
  store(LANGUAGE_KEY, code);
}
