/* The three views (loading, identification, chat) and switching between them. */
import { cpfDigits, formatCpf } from "./cpf.js";
import { el, setHidden } from "./dom.js";
import { clearMessages, renderHistory, scrollToEnd } from "./messages.js";
import { state } from "./state.js";

function showView(name) {
  el.app.dataset.view = name;
  setHidden(el.loading, name !== "loading");
  setHidden(el.identify, name !== "identify");
  setHidden(el.chat, name !== "chat");
}

/** Back to the identification form, optionally with a message and the fields pre-filled. */
export function showIdentify(message, prefill) {
  clearMessages();  // the previous conversation must not linger in the hidden chat
  clearFormErrors();
  if (message) showFormError(el.identifyError, null, message);
  el.name.value = (prefill && prefill.name) || "";
  el.cpf.value = formatCpf((prefill && prefill.cpf) || "");
  state.lastCpfDigits = cpfDigits(el.cpf.value);
  showView("identify");
  (el.name.value ? (el.cpf.value ? el.identifySubmit : el.cpf) : el.name).focus();
}

export function showChat(patient, history) {
  el.cpf.value = "";  // the full CPF need not sit in the page once the session exists
  el.patientName.textContent = patient.name || "";
  el.patientCpf.textContent = patient.cpf_masked || "";
  clearMessages();
  renderHistory(history || []);
  showView("chat");
  state.pinned = true;
  scrollToEnd();
  el.message.focus();
}

/* The identification form's error messages (inline per field, or a banner above the form). */

export function clearFormErrors() {
  [[el.nameError, el.name], [el.cpfError, el.cpf], [el.identifyError, null]].forEach(function (p) {
    p[0].textContent = "";
    setHidden(p[0], true);
    if (p[1]) p[1].removeAttribute("aria-invalid");
  });
}

export function showFormError(node, input, message) {
  node.textContent = message;
  setHidden(node, false);
  if (input) input.setAttribute("aria-invalid", "true");
}
