/* The booking codes this browser holds, per patient: reading a patient's bookings needs them.

The page keeps the code of every booking made on it, by clinic, under a key derived from the patient's
name and CPF (a salted SHA-256: neither is stored), and sends them when a session opens, so a patient
who booked on this device sees her bookings in any later conversation without typing a code. */

import { load, store } from "./state.js";

const PREFIX = "clinicChat.codes.";
const SALT_KEY = "clinicChat.codesSalt";
const PATIENT_KEY = "clinicChat.codesPatient";
const MAX_CODES = 50; // what the server accepts; the latest bookings are kept

function salt() {
  let value = load(SALT_KEY);
  if (!value) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    value = Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
    store(SALT_KEY, value);
  }
  return value;
}

/** The name as the clinics compare it: no accents, lower case, single spaces. */
function nameKey(name) {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}

/** The storage key of one patient's codes; null where the browser has no Web Crypto (plain http). */
export async function patientKey(identity) {
  if (!window.crypto || !window.crypto.subtle) return null;
  const text = new TextEncoder().encode(salt() + "|" + nameKey(identity.name) + "|" + identity.cpf);
  const digest = await window.crypto.subtle.digest("SHA-256", text);
  return Array.from(new Uint8Array(digest), function (b) { return b.toString(16).padStart(2, "0"); }).join("");
}

function held(key) {
  try { return JSON.parse(load(PREFIX + key) || "{}") || {}; } catch (e) { return {}; }
}

/** The codes held for a patient, as the API takes them: [{clinic, code}]. */
export function codesOf(key) {
  if (!key) return [];
  const codes = held(key);
  return Object.keys(codes).map(function (slot) { return { clinic: slot.split("|")[0], code: codes[slot] }; });
}

/** The patient this page's session is for (kept across reloads: the key, never the name or CPF). */
export function usePatient(key) {
  store(PATIENT_KEY, key);
}

/** Keep the codes of the bookings an answer made or moved; forget those it cancelled or moved away. */
export function rememberCodes(appointments) {
  const key = load(PATIENT_KEY);
  if (!key || !appointments || !appointments.length) return;
  const codes = held(key);
  appointments.forEach(function (a) {
    const slot = [a.clinic, a.doctor, a.date, a.time].join("|");
    if (a.code && (a.status === "confirmed" || a.status === "rescheduled")) codes[slot] = a.code;
    else if (a.status === "cancelled" || a.status === "moved") delete codes[slot];
  });
  const latest = Object.keys(codes).sort(function (x, y) {
    return x.split("|")[2] < y.split("|")[2] ? 1 : -1;
  }).slice(0, MAX_CODES);
  const kept = {};
  latest.forEach(function (slot) { kept[slot] = codes[slot]; });
  store(PREFIX + key, JSON.stringify(kept));
}
