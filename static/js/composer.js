/* The composer box: Enter to send, growing with its text, Send swapped for Stop while busy, rate limits. */
import { announce, el, setHidden } from "./dom.js";
import { t } from "./i18n.js";
import { state } from "./state.js";

/** Enter sends, Shift+Enter is a new line; never interrupt an IME composition. */
export function onMessageKeydown(event) {
  if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
  event.preventDefault();
  if (!state.turn && !el.send.disabled) el.composer.requestSubmit();
}

export function autoGrow() {
  el.message.style.height = "auto";
  el.message.style.height = Math.min(el.message.scrollHeight, 160) + "px";
}

/** Give a message back so the patient can shorten it or try again (never over newer typing). */
export function restoreDraft(message) {
  if (!el.message.value) { el.message.value = message; autoGrow(); }
}

/** Swap Send for Stop while streaming, keeping keyboard focus on the visible button. */
export function setBusy(busy) {
  const focusWasOnSend = document.activeElement === el.send;
  const focusWasOnStop = document.activeElement === el.stop;
  el.app.dataset.busy = String(busy);
  el.messages.setAttribute("aria-busy", String(busy));
  setHidden(el.send, busy);
  setHidden(el.stop, !busy);
  if (busy && focusWasOnSend) el.stop.focus();
  if (!busy && focusWasOnStop) el.message.focus();
}

/** Too many messages: Send disabled with a countdown in the status line; the draft stays. */
export function holdForRateLimit(seconds) {
  state.rateLimitedUntil = Date.now() + seconds * 1000;
  el.send.disabled = true;
  el.composer.dataset.limited = "true";
  window.clearInterval(state.rateTimer);
  const tick = function () {
    const left = Math.ceil((state.rateLimitedUntil - Date.now()) / 1000);
    if (left > 0) { el.status.textContent = t("rate_limited", { seconds: left }); return; }
    window.clearInterval(state.rateTimer);
    el.send.disabled = false;
    delete el.composer.dataset.limited;
    announce(t("rate_ready"));
  };
  tick();
  state.rateTimer = window.setInterval(tick, 1000);
  el.message.focus();
}
