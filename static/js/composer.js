/* The composer box: Enter to send, growing with its text, Send swapped for Stop while busy. */
import { el, setHidden } from "./dom.js";
import { state } from "./state.js";

/** Enter sends, Shift+Enter is a new line; never interrupt an IME composition. */
export function onMessageKeydown(event) {
  if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
  event.preventDefault();
  if (!state.turn) el.composer.requestSubmit();
}

export function autoGrow() {
  el.message.style.height = "auto";
  el.message.style.height = Math.min(el.message.scrollHeight, 160) + "px";
}

/** Give a rejected message back so the patient can shorten it or try again. */
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
