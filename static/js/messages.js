/*
 * The message log: user and assistant bubbles, answer text and flags, restored history, and
 * scrolling that follows new content unless the patient scrolled up to read.
 */
import { el, h, setHidden } from "./dom.js";
import { emergencyWords, linkCalls } from "./emergency.js";
import { splitBold } from "./format.js";
import { renderAppointments, renderSlots, restoreChosenSlot } from "./slots.js";
import { state } from "./state.js";

export function clearMessages() {
  Array.from(el.messages.querySelectorAll(".msg")).forEach(function (n) { n.remove(); });
  setHidden(el.welcome, false);
}

export function appendMessage(node) {
  setHidden(el.welcome, true);
  el.messages.appendChild(node);
  scrollToEnd();
}

export function onMessagesScroll() {
  const m = el.messages;
  state.pinned = m.scrollHeight - m.scrollTop - m.clientHeight < 80;
}

/** Follow streaming content unless the user scrolled up to read. */
export function scrollToEnd() {
  if (!state.pinned || state.scrollQueued) return;
  state.scrollQueued = true;
  window.requestAnimationFrame(function () {
    state.scrollQueued = false;
    if (state.pinned) el.messages.scrollTop = el.messages.scrollHeight;
  });
}

/**
 * A long answer (dozens of slots) arrives at once: following it to the end would hide its
 * beginning, so align the bubble's top with the top of the log instead.
 */
export function revealAnswer(node) {
  if (!state.pinned) return;
  state.pinned = false;
  window.requestAnimationFrame(function () {
    const log = el.messages.getBoundingClientRect();
    const bubble = node.getBoundingClientRect();
    if (bubble.height <= log.height - 16) {
      state.pinned = true;
      el.messages.scrollTop = el.messages.scrollHeight;
    } else {
      el.messages.scrollTop += bubble.top - log.top - 8;
    }
  });
}

export function buildUserBubble(text) {
  const node = h("article", "msg msg-user");
  node.appendChild(h("span", "visually-hidden", "Você: "));
  node.appendChild(h("p", "msg-text", text));
  return node;
}

/** Assistant bubble skeleton: optional live timeline, then answer text, slots, cards. */
export function buildAssistantBubble(withTimeline) {
  const node = h("article", "msg msg-assistant");
  node.appendChild(h("span", "visually-hidden", "Assistente: "));
  const parts = { node: node, timeline: null, rows: null, summary: null };
  if (withTimeline) {
    parts.timeline = h("details", "timeline");
    parts.timeline.open = true;
    parts.summary = h("summary", "timeline-summary");
    parts.summaryText = h("span", "timeline-summary-text", "Processando…");
    parts.summary.appendChild(parts.summaryText);
    parts.rows = h("ol", "timeline-rows");
    parts.timeline.append(parts.summary, parts.rows);
    node.appendChild(parts.timeline);
  }
  parts.flag = h("p", "answer-flag");
  setHidden(parts.flag, true);
  parts.text = h("div", "answer-text");
  parts.note = h("p", "answer-note");
  setHidden(parts.note, true);
  parts.slots = h("div", "slots");
  parts.cards = h("div", "appointments");
  node.append(parts.flag, parts.text, parts.note, parts.slots, parts.cards);
  return parts;
}

/** Render plain answer text safely; **x** becomes <strong> built as DOM nodes. */
export function renderAnswerText(node, text) {
  node.textContent = "";
  splitBold(text || "").forEach(function (part) {
    node.appendChild(part.bold ? h("strong", null, part.text) : document.createTextNode(part.text));
  });
}

/** Mark an answer as emergency or blocked (distinct styles; emergency is announced at once). */
export function renderFlags(parts, answer) {
  const emergency = !!answer.emergency;
  const blocked = !!answer.blocked && !emergency;
  parts.node.classList.toggle("is-emergency", emergency);
  parts.node.classList.toggle("is-blocked", blocked);
  parts.node.dataset.emergency = String(emergency);
  parts.node.dataset.blocked = String(!!answer.blocked);
  if (!emergency && !blocked) { setHidden(parts.flag, true); return; }
  parts.flag.textContent = emergency
    ? emergencyWords(answer.lang).heading
    : "Resposta bloqueada pela verificação de segurança";
  if (emergency) {
    parts.flag.setAttribute("role", "alert");
    parts.node.lang = answer.lang === "en" ? "en" : "pt-BR";
  }
  setHidden(parts.flag, false);
}

/** The answer's text; an emergency answer's numbers become tap-to-call links. */
export function renderAnswerBody(parts, answer) {
  renderAnswerText(parts.text, answer.text || "");
  if (answer.emergency) linkCalls(parts.text, answer.lang);
}

/** Restored history: bubbles with text, slots and cards; no timelines. */
export function renderHistory(history) {
  history.forEach(function (entry, index) {
    if (entry.role === "user") { appendMessage(buildUserBubble(entry.text || "")); return; }
    const parts = buildAssistantBubble(false);
    parts.node.dataset.state = "done";
    renderFlags(parts, entry);
    renderAnswerBody(parts, entry);
    renderSlots(parts.slots, entry.slots);
    renderAppointments(parts.cards, entry.appointments);
    restoreChosenSlot(parts.slots, history.slice(index + 1));
    appendMessage(parts.node);
  });
}
