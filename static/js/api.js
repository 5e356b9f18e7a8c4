/* Calls to our own API (README.md, Web API): the session endpoints and the chat stream. No DOM. */

/** JSON call to our API -> {status, data}; throws only on network failure. */
async function api(method, path, body, sessionId) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (sessionId) headers["X-Session-Id"] = sessionId;
  const res = await fetch(path, {
    method: method, headers: headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: await readJson(res) };
}

export async function readJson(res) {
  try { return await res.json(); } catch (e) { return null; }
}

export function errorMessage(data, fallback) {
  return (data && data.error && data.error.message) || fallback;
}

/** POST /api/session: open a session for {name, cpf}, with the booking codes the page holds for them. */
export function createSession(identity, codes) {
  return api("POST", "/api/session", { name: identity.name, cpf: identity.cpf, booking_codes: codes || [] });
}

/** GET /api/session: the patient and history of a saved session. */
export function fetchSession(id) {
  return api("GET", "/api/session", undefined, id);
}

/** Delete the server session (best effort: an expired one is already gone). */
export async function deleteSession(id) {
  if (!id) return;
  try { await api("DELETE", "/api/session", undefined, id); } catch (e) { /* offline: it expires */ }
}

/** POST /api/chat asking for SSE; the caller reads the body (rejections come back as JSON). */
export function postChat(sessionId, message, signal) {
  return fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({ session_id: sessionId, message: message }),
    credentials: "same-origin",
    signal: signal,
  });
}
