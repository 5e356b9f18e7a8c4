/*
 * Assistente de Consultas: the browser UI, wired together here.
 *
 * Native ES modules, no build step, nothing from the network but our own API, so it works offline
 * and under a strict `default-src 'self'` CSP (no inline code, no eval, no innerHTML with server
 * text). Words come from one catalogue per language (static/i18n/, embedded in the page); the wire
 * vocabulary (event names and fields) is README.md's Web API; do not rename it in any module.
 */
import { cardMessage, downloadCalendar } from "./cards.js";
import { sendMessage } from "./chat.js";
import { ClinicUI } from "./clinic-ui.js";
import { loadClinics } from "./clinics.js";
import { autoGrow, onMessageKeydown } from "./composer.js";
import { announce, bindElements, el } from "./dom.js";
import { applyStaticText, isLanguage, nextLanguage, setLanguage, t } from "./i18n.js";
import { cpfLiveCheck, onCpfInput, onIdentifySubmit } from "./identify.js";
import { onMessagesScroll } from "./messages.js";
import { askNewChat, keepChat, logout, restoreSession, startNewChat, undoNewChat } from "./session.js";
import { markSlotChosen, onSlotGridKeydown, slotMessage, toggleMoreDays } from "./slots.js";
import { loadLanguage, state, storeLanguage } from "./state.js";
import { stopStreaming } from "./turn.js";

window.ClinicUI = ClinicUI;

function onComposerSubmit(event) {
  event.preventDefault();
  if (state.turn || el.send.disabled) return;
  const text = el.message.value.trim();
  if (!text) { el.message.focus(); return; }
  el.message.value = "";
  autoGrow();
  sendMessage(text);
}

/** Send a message a button stands for, unless an answer is still streaming. */
function sendFromButton(text) {
  if (state.turn) { announce(t("wait_for_answer")); return false; }
  el.message.focus();  // the button may be disabled next; keep keyboard users in the composer
  sendMessage(text);
  return true;
}

/** Delegated clicks in the log: chips, "ver mais", card actions, confirm, retry, suggestions. */
function onMessagesClick(event) {
  const target = event.target.closest("button");
  if (!target || target.disabled) return;
  if (target.classList.contains("slot-button")) return chooseSlot(target);
  if (target.classList.contains("slot-more")) return toggleMoreDays(target);
  if (target.classList.contains("suggestion")) return sendFromButton(target.textContent);
  if (target.classList.contains("retry-button")) return sendFromButton(target.dataset.message);
  const card = target.closest(".appointment-card");
  if (card && target.classList.contains("card-calendar")) return downloadCalendar(card);
  if (card && target.classList.contains("card-cancel")) return sendFromButton(cardMessage(card, "cancel"));
  if (card && target.classList.contains("card-reschedule")) return sendFromButton(cardMessage(card, "reschedule"));
  if (target.closest(".confirm-box") && sendFromButton(target.dataset.message)) {
    target.closest(".confirm-box").querySelectorAll("button").forEach(function (b) { b.disabled = true; });
  }
}

function chooseSlot(button) {
  const slots = button.closest(".slots");
  if (state.turn) { announce(t("wait_for_answer")); return; }
  markSlotChosen(slots, button);
  sendFromButton(slotMessage(button.dataset, slots.dataset.mode));
}

function switchLanguage() {
  const code = nextLanguage();
  if (setLanguage(code)) storeLanguage(code);
}

function bindEvents() {
  el.identifyForm.addEventListener("submit", onIdentifySubmit);
  el.cpf.addEventListener("input", onCpfInput);
  el.cpf.addEventListener("blur", cpfLiveCheck);
  el.composer.addEventListener("submit", onComposerSubmit);
  el.message.addEventListener("keydown", onMessageKeydown);
  el.message.addEventListener("input", autoGrow);
  el.stop.addEventListener("click", stopStreaming);
  el.newChat.addEventListener("click", askNewChat);
  el.newChatYes.addEventListener("click", startNewChat);
  el.newChatNo.addEventListener("click", keepChat);
  el.undo.addEventListener("click", undoNewChat);
  el.logout.addEventListener("click", logout);
  el.langSwitch.addEventListener("click", switchLanguage);
  el.langSwitchChat.addEventListener("click", switchLanguage);
  el.messages.addEventListener("click", onMessagesClick);
  el.messages.addEventListener("keydown", onSlotGridKeydown);
  el.messages.addEventListener("scroll", onMessagesScroll, { passive: true });
}

async function start() {
  bindElements();
  const saved = loadLanguage();
  const browser = (navigator.language || "").slice(0, 2);
  if (!setLanguage(isLanguage(saved) ? saved : isLanguage(browser) ? browser : "pt")) applyStaticText(document);
  bindEvents();
  await loadClinics();  // names on restored cards need the registry
  restoreSession();
}

// Module scripts run after parsing; the check keeps this safe if the page loads it differently.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
