/*
 * The page's elements (looked up once by id) and the few DOM builders every view uses.
 * Text always goes in as textContent: no innerHTML with server text (strict CSP, no injection).
 */

/** Elements by camelCased id (`identify-form` -> `el.identifyForm`), filled by bindElements(). */
export const el = {};

const IDS = ["app", "loading", "identify", "identify-form", "identify-error", "identify-submit", "name",
  "name-error", "cpf", "cpf-error", "chat", "patient-name", "patient-cpf", "new-chat", "logout",
  "messages", "welcome", "composer", "status", "message", "send", "stop", "lang-switch", "lang-switch-chat",
  "new-chat-ask", "new-chat-yes", "new-chat-no", "undo-bar", "undo"];

export function bindElements() {
  IDS.forEach(function (id) {
    el[id.replace(/-([a-z])/g, function (_, c) { return c.toUpperCase(); })] = document.getElementById(id);
  });
}

export function h(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

export function setHidden(node, hidden) {
  node.hidden = hidden;
}

/** Say something in the polite status line (screen readers read it; sighted users see it). */
export function announce(text) {
  el.status.textContent = text;
}
