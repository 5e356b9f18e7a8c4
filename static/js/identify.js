/* The identification form: name and CPF checks, the live CPF mask, opening the session. */
import { createSession, errorMessage } from "./api.js";
import { codesOf, patientKey, usePatient } from "./codes.js";
import { caretAfterDigits, cpfDigits, formatCpf, isValidCpf } from "./cpf.js";
import { el, setHidden } from "./dom.js";
import { t } from "./i18n.js";
import { state, storeSessionId } from "./state.js";
import { clearFormErrors, showChat, showFormError, showIdentify } from "./views.js";

// The server's rule (web_app): letters in words joined by a space, apostrophe, dot or hyphen; 2+ words.
const NAME_RULE = /^\p{L}+(?:[ '.-]\p{L}+)*\.?$/u;

function nameProblem(name) {
  if (!name) return t("name_missing");
  if (name.length < 3 || name.length > 120 || name.split(" ").length < 2 || !NAME_RULE.test(name)) {
    return t("name_short");
  }
  return null;
}

function cpfProblem(cpf) {
  const digits = cpf.replace(/\D/g, "");
  if (!digits) return t("cpf_missing");
  if (digits.length !== 11) return t("cpf_length");
  if (!isValidCpf(digits)) return t("cpf_invalid");
  return null;
}

/** Validate both fields, show inline errors, return {name, cpf} or null. */
function readIdentity() {
  clearFormErrors();
  const name = el.name.value.trim().replace(/\s+/g, " ");
  const cpf = cpfDigits(el.cpf.value);
  const nameError = nameProblem(name);
  const cpfError = cpfProblem(el.cpf.value);
  if (nameError) showFormError(el.nameError, el.name, nameError);
  if (cpfError) showFormError(el.cpfError, el.cpf, cpfError);
  if (nameError) el.name.focus();
  else if (cpfError) el.cpf.focus();
  return nameError || cpfError ? null : { name: name, cpf: cpf };
}

export async function onIdentifySubmit(event) {
  event.preventDefault();
  const identity = readIdentity();
  if (!identity) return;
  el.identifySubmit.disabled = true;
  try {
    await openSession(identity);
  } finally {
    el.identifySubmit.disabled = false;
  }
}

/** POST /api/session; on success the chat opens, on 400 the server's message is shown. */
export async function openSession(identity) {
  let result;
  try {
    const key = await patientKey(identity);
    usePatient(key);
    result = await createSession(identity, codesOf(key));
  } catch (e) {
    showIdentify(t("connect_failed"), identity);
    return false;
  }
  if (result.status === 201 && result.data && result.data.session_id) {
    state.identity = identity;
    storeSessionId(result.data.session_id);
    showChat(result.data.patient || { name: identity.name }, []);
    return true;
  }
  const message = errorMessage(result.data, t("start_failed"));
  const code = (result.data && result.data.error && result.data.error.code) || "";
  showIdentify(null, identity);
  // A field's error goes under that field, with the focus there; anything else above the form.
  const field = { invalid_name: [el.nameError, el.name], invalid_cpf: [el.cpfError, el.cpf] }[code];
  if (field) { showFormError(field[0], field[1], t(code === "invalid_name" ? "name_short" : "cpf_invalid")); field[1].focus(); }
  else showFormError(el.identifyError, null, message);
  return false;
}

/** Keep the CPF mask while typing, keeping the caret next to the same digit. */
export function onCpfInput(event) {
  const input = el.cpf;
  const caret = input.selectionStart === null ? input.value.length : input.selectionStart;
  let digits = cpfDigits(input.value);
  let before = cpfDigits(input.value.slice(0, caret)).length;
  // Deleting only a "." or "-" would be undone by the mask: delete the neighbouring digit instead.
  if (digits === state.lastCpfDigits && event.inputType === "deleteContentBackward" && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before -= 1;
  } else if (digits === state.lastCpfDigits && event.inputType === "deleteContentForward") {
    digits = digits.slice(0, before) + digits.slice(before + 1);
  }
  const formatted = formatCpf(digits);
  input.value = formatted;
  state.lastCpfDigits = digits;
  const pos = caretAfterDigits(formatted, before);
  if (document.activeElement === input) input.setSelectionRange(pos, pos);
  if (digits.length === 11 && !el.cpfError.hidden) cpfLiveCheck();
}

/** On blur (or while correcting a shown error), validate a complete CPF right away. */
export function cpfLiveCheck() {
  if (!el.cpf.value) return;
  const problem = cpfProblem(el.cpf.value);
  el.cpfError.textContent = problem || "";
  setHidden(el.cpfError, !problem);
  if (problem) el.cpf.setAttribute("aria-invalid", "true");
  else el.cpf.removeAttribute("aria-invalid");
}
