/*
 * Assistente de Consultas: the browser UI, wired together here.
 *
 * Native ES modules, no build step, nothing from the network but our own API, so it works offline
 * and under a strict `default-src 'self'` CSP (no inline code, no eval, no innerHTML with server
 * text). Pure modules (sse, cpf, format, the top of slots) have no DOM and are gathered in
 * clinic-ui.js; the page modules are views, identify, session, messages, timeline, slots, turn,
 * events, chat and composer. The wire vocabulary (event names and fields) is DESIGN.md §5; do not
 * rename it in any of them.
 */
import { sendMessage } from "./chat.js";
import { ClinicUI } from "./clinic-ui.js";
import { autoGrow, onMessageKeydown } from "./composer.js";
import { announce, bindElements, el } from "./dom.js";
import { cpfLiveCheck, onCpfInput, onIdentifySubmit } from "./identify.js";
import { onMessagesScroll } from "./messages.js";
import { logout, restoreSession, startNewChat } from "./session.js";
import { markSlotChosen, slotMessage } from "./slots.js";
import { state } from "./state.js";
import { stopStreaming } from "./turn.js";

window.ClinicUI = ClinicUI;

function onComposerSubmit(event) {
  event.preventDefault();
  if (state.turn) return;
  const text = el.message.value.trim();
  if (!text) { el.message.focus(); return; }
  el.message.value = "";
  autoGrow();
  sendMessage(text);
}

/** Delegated clicks in the log: slot buttons book, suggestion chips send their text. */
function onMessagesClick(event) {
  const slot = event.target.closest(".slot-button");
  if (slot && !slot.disabled) { chooseSlot(slot); return; }
  const suggestion = event.target.closest(".suggestion");
  if (suggestion) sendMessage(suggestion.textContent);
}

function chooseSlot(button) {
  if (state.turn) { announce("Aguarde a resposta atual terminar para escolher um horário."); return; }
  markSlotChosen(button.closest(".slots"), button);
  el.message.focus();  // the clicked button is now disabled; keep keyboard users in the composer
  sendMessage(slotMessage(button.dataset));
}

function bindEvents() {
  el.identifyForm.addEventListener("submit", onIdentifySubmit);
  el.cpf.addEventListener("input", onCpfInput);
  el.cpf.addEventListener("blur", cpfLiveCheck);
  el.composer.addEventListener("submit", onComposerSubmit);
  el.message.addEventListener("keydown", onMessageKeydown);
  el.message.addEventListener("input", autoGrow);
  el.stop.addEventListener("click", stopStreaming);
  el.newChat.addEventListener("click", startNewChat);
  el.logout.addEventListener("click", logout);
  el.messages.addEventListener("click", onMessagesClick);
  el.messages.addEventListener("scroll", onMessagesScroll, { passive: true });
}

function start() {
  bindElements();
  bindEvents();
  restoreSession();
}

// Module scripts run after parsing; the check keeps this safe if the page loads it differently.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
