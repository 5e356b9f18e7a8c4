/*
 * The message log: user and assistant bubbles, answer text and flags, restored history, and
 * scrolling that follows new content unless the patient scrolled up to read.
 */
import { renderAppointments, renderConfirm } from "./cards.js";
import { clinicPhones } from "./clinics.js";
import { el, h, setHidden } from "./dom.js";
import { linkCalls } from "./emergency.js";
import { splitBold, textBesideChips } from "./format.js";
import { t } from "./i18n.js";
import { renderSlots, restoreChosenSlot } from "./slots.js";
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

/** A tall answer arrives at once: align its top with the top of the log rather than its end. */
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
  node.appendChild(h("span", "visually-hidden", t("you")));
  node.appendChild(h("p", "msg-text", text));
  return node;
}

/** Assistant bubble skeleton: optional live timeline, then answer text, confirm, slots, cards. */
export function buildAssistantBubble(withTimeline) {
  const node = h("article", "msg msg-assistant");
  node.appendChild(h("span", "visually-hidden", t("assistant")));
  const parts = { node: node, timeline: null, rows: null, summary: null };
  if (withTimeline) {
    parts.timeline = h("details", "timeline");
    parts.timeline.open = true;
    parts.summary = h("summary", "timeline-summary");
    parts.summaryText = h("span", "timeline-summary-text", t("processing"));
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
  parts.retry = h("div", "answer-retry");
  parts.confirm = h("div", "answer-confirm");
  parts.slots = h("div", "slots");
  parts.cards = h("div", "appointments");
  node.append(parts.flag, parts.text, parts.note, parts.retry, parts.confirm, parts.slots, parts.cards);
  return parts;
}

/** Render plain answer text safely; **x** becomes <strong>, a clinic's phone a tel: link (DOM nodes). */
export function renderAnswerText(node, text) {
  node.textContent = "";
  splitBold(text || "").forEach(function (part) {
    node.appendChild(part.bold ? h("strong", null, part.text) : linkPhones(part.text));
  });
}

function linkPhones(text) {
  const phones = clinicPhones();
  const fragment = document.createDocumentFragment();
  if (!phones.length) { fragment.appendChild(document.createTextNode(text)); return fragment; }
  const pattern = new RegExp("(" + phones.map(function (p) { return p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|") + ")");
  text.split(pattern).forEach(function (piece, index) {
    if (index % 2 === 0) { if (piece) fragment.appendChild(document.createTextNode(piece)); return; }
    const link = h("a", "phone-link", piece);
    link.href = "tel:+55" + piece.replace(/\D/g, "");
    fragment.appendChild(link);
  });
  return fragment;
}

/** Everything an answer event carries: language, flags, text (beside chips), confirm, slots, cards. */
export function renderAnswer(parts, answer) {
  if (answer.lang) parts.node.lang = t("html_lang");
  renderFlags(parts, answer);
  const slots = answer.slots || [];
  const shown = slots.length ? textBesideChips(answer.text) : { text: answer.text || "", mode: "book" };
  renderAnswerText(parts.text, shown.text);
  if (answer.emergency) linkCalls(parts.text);
  renderConfirm(parts.confirm, answer.confirm);
  renderSlots(parts.slots, slots, shown.mode);
  renderAppointments(parts.cards, answer.appointments);
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
  parts.flag.textContent = t(emergency ? "flag_emergency" : "flag_blocked");
  if (emergency) parts.flag.setAttribute("role", "alert");
  setHidden(parts.flag, false);
}

/** Restored history: bubbles with text, slots and cards; no timelines. */
export function renderHistory(history) {
  history.forEach(function (entry, index) {
    if (entry.role === "user") { appendMessage(buildUserBubble(entry.text || "")); return; }
    const parts = buildAssistantBubble(false);
    parts.node.dataset.state = "done";
    renderAnswer(parts, Object.assign({}, entry, { confirm: null }));
    restoreChosenSlot(parts.slots, history.slice(index + 1));
    appendMessage(parts.node);
  });
}
